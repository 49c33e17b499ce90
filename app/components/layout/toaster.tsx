import { X } from "~/components/ui/icons";
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import {
  addToastHost,
  dismissToast,
  subscribeToToasts,
  toastState,
  type ShownToast,
  type ToastState,
} from "~/components/layout/show-toast";

/** How long a toast stays (SPEC: 5 seconds), not counting while the pointer or focus is on it. */
const DURATION_MS = 5000;

const COLOURS: Record<ShownToast["type"], string> = {
  success: "border-green-200 bg-green-50 text-green-800",
  error: "border-red-200 bg-red-50 text-red-700",
  info: "bg-background text-foreground",
};

const serverState: ToastState = { toast: null, host: null };

/**
 * Time left of the toast on screen (by id): it keeps its time when it moves into a dialog that
 * opens, or back out. One toast at a time, so one entry.
 */
const timeLeft = new Map<number, number>();

/**
 * The toast, fixed at the top centre of the screen. The root layout renders one, and every open
 * modal dialog its own (app/components/ui/dialog.tsx); only the last mounted one draws the toast.
 */
export function Toaster() {
  const { toast, host } = useSyncExternalStore(subscribeToToasts, toastState, () => serverState);
  const self = useId();
  useEffect(() => addToastHost(self), [self]);
  return (
    <section
      aria-label="Notifications"
      data-toaster=""
      className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex justify-center px-4 sm:top-6"
    >
      {toast && self === host && <ToastCard key={toast.id} toast={toast} />}
    </section>
  );
}

function ToastCard({ toast }: { toast: ShownToast }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  useEffect(() => {
    if (paused) return;
    if (!timeLeft.has(toast.id)) timeLeft.clear();
    const left = timeLeft.get(toast.id) ?? DURATION_MS;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(toast.id), left);
    return () => {
      clearTimeout(timer);
      timeLeft.set(toast.id, left - (Date.now() - started));
    };
  }, [paused, toast.id]);
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      aria-atomic="true"
      data-toast-live=""
      data-type={toast.type}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
      className={`pointer-events-auto relative flex w-full max-w-sm items-start gap-2 rounded-lg border p-4 pr-10 text-sm shadow-lg motion-safe:animate-toast-in ${COLOURS[toast.type]}`}
    >
      <div className="flex flex-col gap-0.5">
        <strong className="font-semibold">{toast.title}</strong>
        {toast.description && <span>{toast.description}</span>}
      </div>
      <button
        type="button"
        aria-label="Close toast"
        onClick={() => dismissToast(toast.id)}
        className="absolute top-2 right-2 rounded-sm p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none"
      >
        <X aria-hidden className="size-4" />
      </button>
    </div>
  );
}

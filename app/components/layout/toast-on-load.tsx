import { useToast } from "~/components/layout/show-toast";
import type { Toast } from "~/lib/util/toast";

/** The toast as part of the page: on read pages (no JavaScript shipped) and for no-JS visitors. */
export function ServerToast({ toast }: { toast: Toast | null }) {
  if (!toast) return null;
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast=""
      className="mx-auto mt-4 w-[calc(100%-2rem)] max-w-6xl rounded-md border bg-accent px-4 py-3 text-accent-foreground"
    >
      <strong>{toast.title}</strong>
      {toast.description && <span> {toast.description}</span>}
    </div>
  );
}

/** On hydrated pages: shows a toast handed over by the server (after a redirect) in the toaster. */
export function ToastOnLoad({ toast }: { toast: Toast | null }) {
  useToast(toast);
  if (!toast) return null;
  // Without JavaScript the toaster cannot run: show the same message as part of the page instead.
  return (
    <noscript>
      <ServerToast toast={toast} />
    </noscript>
  );
}

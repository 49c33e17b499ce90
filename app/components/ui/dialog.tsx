/**
 * Modal dialogs on the native <dialog> opened with showModal(): the browser traps focus in it,
 * makes the page behind inert, closes it on Escape and puts it in the top layer. The page behind
 * does not scroll (app/app.css). Controlled by `open` / `onOpenChange`.
 */
import { X } from "~/components/ui/icons";
import {
  createContext,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from "react";
import { Toaster } from "~/components/layout/toaster";
import { cn } from "~/lib/util/cn";
import { Button, type ButtonStyle } from "~/components/ui/button";

interface DialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
  titleId: string;
  descriptionId: string;
}

const DialogContext = createContext<DialogState | null>(null);

function useDialog(): DialogState {
  const dialog = useContext(DialogContext);
  if (!dialog) throw new Error("Dialog parts belong inside <Dialog>");
  return dialog;
}

export function Dialog({
  open,
  onOpenChange,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const setOpen = onOpenChange;
  const id = useId();
  return (
    <DialogContext.Provider value={{ open, setOpen, titleId: `${id}-title`, descriptionId: `${id}-description` }}>
      {children}
    </DialogContext.Provider>
  );
}

const MAX_WIDTHS = { lg: "max-w-lg", "2xl": "max-w-2xl", "5xl": "max-w-5xl" } as const;

export function DialogContent({
  className,
  maxWidth = "lg",
  children,
  ...props
}: Omit<ComponentProps<"dialog">, "open"> & { maxWidth?: keyof typeof MAX_WIDTHS }) {
  const { open, setOpen, titleId, descriptionId } = useDialog();
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOutside = useRef(false);
  // A layout effect: its cleanup runs before React removes the element, so close() still sees
  // it in the page and focus goes back to the button that opened the dialog.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected && (document.activeElement === document.body || dialog.contains(document.activeElement)))
        opener.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    // The backdrop click is a pointer's shortcut; the keyboard's is Escape (the cancel event). The
    // role is implicit, spelled out for code that finds dialogs by [role="dialog"] (as with Radix).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-redundant-roles
    <dialog
      ref={ref}
      role="dialog"
      data-modal=""
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      className={cn(
        "m-auto max-h-[90vh] w-[calc(100%-2rem)] gap-4 overflow-y-auto rounded-lg border bg-background p-6 text-foreground shadow-lg backdrop:bg-black/50 open:grid",
        MAX_WIDTHS[maxWidth],
        className,
      )}
      // Escape: the owner decides (it closes by no longer rendering the dialog).
      onCancel={(event) => {
        event.preventDefault();
        setOpen(false);
      }}
      // The browser may close it itself (a second Escape): tell the owner. Once React has removed
      // the element (closed by the owner), the event no longer reaches here.
      onClose={() => setOpen(false)}
      // A click on the dimmed page around the dialog closes it, as a click outside a popup does
      // (pressed and released there: not a text selection dragged out of a field).
      onPointerDown={(event) => {
        pressedOutside.current = outside(event);
      }}
      onClick={(event) => {
        if (pressedOutside.current && outside(event)) setOpen(false);
      }}
      {...props}
    >
      {children}
      <button
        type="button"
        onClick={() => setOpen(false)}
        className="absolute top-4 right-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
        aria-label="Close"
      >
        <X aria-hidden className="size-4" />
      </button>
      {/* The page outside is inert while the dialog is open: its toasts show in here instead. */}
      <Toaster />
    </dialog>
  );
}

/** The pointer is on the backdrop: the event hit the <dialog> itself, outside its box. */
function outside(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 pr-6", className)} {...props} />;
}
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}
/** A form dialog's Cancel and submit buttons; the submit says "Saving..." while the form is sent. */
export function DialogFormFooter({
  onCancel,
  busy,
  submitLabel,
  submitSize,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  submitSize?: ButtonStyle["size"];
}) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy} size={submitSize}>
        {busy ? "Saving..." : submitLabel}
      </Button>
    </DialogFooter>
  );
}
export function DialogTitle({ className, ...props }: ComponentProps<"h2">) {
  const { titleId } = useDialog();
  return <h2 id={titleId} className={cn("text-lg font-semibold", className)} {...props} />;
}
export function DialogDescription({ className, ...props }: ComponentProps<"p">) {
  const { descriptionId } = useDialog();
  return <p id={descriptionId} className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

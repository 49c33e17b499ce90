import { useEffect } from "react";
import { toast as showToast } from "sonner";
import type { Toast } from "~/lib/toast";

/** Shows a toast handed over by the server (after a redirect); also rendered for no-JS visitors. */
export function ToastOnLoad({ toast }: { toast: Toast | null }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : toast.type === "success" ? showToast.success : showToast;
    show(toast.title, { description: toast.description });
  }, [toast]);
  if (!toast) return null;
  // Without JavaScript sonner cannot run: show the same message as a banner instead.
  return (
    <noscript>
      <div role="status" className="mx-auto mt-4 max-w-6xl rounded-md border bg-accent px-4 py-3 text-accent-foreground">
        <strong>{toast.title}</strong>
        {toast.description && <span> {toast.description}</span>}
      </div>
    </noscript>
  );
}

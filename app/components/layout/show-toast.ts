/**
 * The one place that shows a toast in the browser (sonner): after a redirect (the root layout),
 * from an action's answer, a fetcher's answer or a loader's failures. Pages without JavaScript get
 * the same message in the page (`ServerToast`, `FormAlert`).
 */
import { useEffect } from "react";
import { toast } from "sonner";
import type { Toast } from "~/lib/util/toast";

/** Shows a toast now, styled by its type. */
export function showToast(t: Toast): void {
  const show = t.type === "error" ? toast.error : t.type === "success" ? toast.success : toast;
  show(t.title, { description: t.description });
}

/**
 * Shows the toast (or each toast of a list) once the page has rendered, and again only when a new
 * value arrives (a new action answer or loader data), not on every render.
 */
export function useToast(t: Toast | readonly Toast[] | null | undefined): void {
  useEffect(() => {
    if (!t) return;
    for (const one of "title" in t ? [t] : t) showToast(one);
  }, [t]);
}

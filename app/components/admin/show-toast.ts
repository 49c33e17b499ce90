import { toast } from "sonner";
import type { Toast } from "~/lib/toast";

/** Shows an action's toast (in place, without a redirect). */
export function showToast(t: Toast) {
  const show = t.type === "error" ? toast.error : t.type === "success" ? toast.success : toast;
  show(t.title, { description: t.description });
}

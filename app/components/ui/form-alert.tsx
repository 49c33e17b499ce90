import type { Toast } from "~/lib/util/toast";

/** A form's failure shown in the page as well as in a toast: it also reaches visitors without JavaScript. */
export function FormAlert({ toast }: { toast: Toast | null | undefined }) {
  if (!toast) return null;
  return (
    <div role="alert" data-toast="" className="mb-4 rounded-md border border-destructive px-4 py-3 text-sm text-destructive">
      <strong>{toast.title}</strong> {toast.description}
    </div>
  );
}

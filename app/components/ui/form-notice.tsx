import type { Toast } from "~/lib/util/toast";

/** A form's answer that is not a failure (e.g. "Check Your Email"), shown in the page for every visitor. */
export function FormNotice({ notice }: { notice: Toast | null | undefined }) {
  if (!notice) return null;
  return (
    <div
      role="status"
      data-toast=""
      className="mb-4 rounded-md border border-primary bg-accent px-4 py-3 text-sm text-accent-foreground"
    >
      <strong>{notice.title}</strong> {notice.description}
    </div>
  );
}

import type { ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("text-sm font-medium leading-none", className)} {...props} />;
}

/** A field's validation message, announced to screen readers. */
export function FieldError({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  );
}

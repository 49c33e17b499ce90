import { createContext, useContext, type ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

const SIZES = {
  default: "text-sm leading-none",
  /** Over a compact control (a row of the results editor). */
  xs: "text-xs",
  /** At its text size's own line height, as the body text next to it. */
  sm: "text-sm",
} as const;

export function Label({ className, size = "default", ...props }: ComponentProps<"label"> & { size?: keyof typeof SIZES }) {
  return <label className={cn(SIZES[size], "font-medium", className)} {...props} />;
}

/**
 * Inside it, a field without a message still renders its (hidden, empty) message element: a form
 * checked by a standalone page script (decision 0033) fills it in where the server would.
 */
export const FieldErrorSlots = createContext(false);

/** A field's validation message, announced to screen readers. */
export function FieldError({ id, errors }: { id?: string; errors?: string[] | null }) {
  const slot = useContext(FieldErrorSlots);
  if (!errors?.length)
    return slot && id ? <p id={id} role="alert" hidden className="text-sm font-medium text-destructive" /> : null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  );
}

import type { ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

/**
 * A styled native checkbox: it posts with the form without JavaScript and works with
 * Conform's native input handling.
 */
export function Checkbox({ className, ...props }: Omit<ComponentProps<"input">, "type">) {
  return (
    <input
      type="checkbox"
      className={cn(
        "size-5 shrink-0 rounded border accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  );
}

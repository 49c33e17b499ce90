import type { ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

/** `round`: a placeholder for an avatar. */
export function Skeleton({ className, round = false, ...props }: ComponentProps<"div"> & { round?: boolean }) {
  return (
    <div aria-hidden className={cn("animate-pulse bg-muted", round ? "rounded-full" : "rounded-md", className)} {...props} />
  );
}

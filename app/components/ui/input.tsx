import type { ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

const HEIGHTS = {
  default: "h-10",
  sm: "h-9",
  /** Taller on a phone: filled in at the pond side. */
  touch: "h-12 sm:h-10",
} as const;

/**
 * A control's width is `w-full` unless `fullWidth` is false: then the caller's className sets it
 * (classes are joined, not merged, so the two must not both set one). Its height is `controlSize`.
 */
type ControlStyle = { fullWidth?: boolean; controlSize?: keyof typeof HEIGHTS };

function controlClasses(height: string, fullWidth = true, muted = false, className?: string) {
  return cn(
    "flex rounded-md border px-3 py-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive",
    height,
    fullWidth && "w-full",
    muted ? "bg-muted" : "bg-background",
    className,
  );
}

/** `muted`: the look of a value the user does not type (a computed, read-only one). */
export function Input({
  className,
  controlSize = "default",
  fullWidth,
  muted,
  ...props
}: ComponentProps<"input"> & ControlStyle & { muted?: boolean }) {
  return (
    <input
      className={controlClasses(
        HEIGHTS[controlSize],
        fullWidth,
        muted,
        cn("text-base sm:text-sm placeholder:text-muted-foreground", className),
      )}
      {...props}
    />
  );
}

/** `mono`: small fixed-width text at every width, for pasted data. */
export function Textarea({ className, mono = false, ...props }: ComponentProps<"textarea"> & { mono?: boolean }) {
  return (
    <textarea
      className={controlClasses(
        "min-h-24",
        true,
        false,
        cn(mono ? "font-mono text-sm" : "text-base sm:text-sm", "placeholder:text-muted-foreground", className),
      )}
      {...props}
    />
  );
}

/** A native select: the best picker on a phone, and it works without JavaScript. */
export function NativeSelect({
  className,
  controlSize = "default",
  fullWidth,
  ...props
}: ComponentProps<"select"> & ControlStyle) {
  return (
    <select
      className={controlClasses(HEIGHTS[controlSize], fullWidth, false, cn("text-base sm:text-sm", className))}
      {...props}
    />
  );
}

import type { ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

const VARIANTS = {
  upcoming: "bg-sky-100 text-sky-900",
  today: "bg-emerald-100 text-emerald-900",
  past: "bg-slate-200 text-slate-800",
  cancelled: "bg-red-100 text-red-900",
  outline: "border text-foreground",
} as const;

export function Badge({
  className,
  variant = "outline",
  ...props
}: ComponentProps<"span"> & { variant?: keyof typeof VARIANTS }) {
  return (
    <span
      className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", VARIANTS[variant], className)}
      {...props}
    />
  );
}

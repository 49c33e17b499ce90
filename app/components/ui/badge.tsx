import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

const badgeVariants = cva("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", {
  variants: {
    variant: {
      upcoming: "bg-sky-100 text-sky-900",
      today: "bg-emerald-100 text-emerald-900",
      past: "bg-slate-200 text-slate-800",
      cancelled: "bg-red-100 text-red-900",
      outline: "border text-foreground",
    },
  },
  defaultVariants: { variant: "outline" },
});

export function Badge({ className, variant, ...props }: ComponentProps<"span"> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}

import type { ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

export function Card({ className, ...props }: ComponentProps<"section">) {
  return <section className={cn("rounded-lg border bg-background shadow-sm", className)} {...props} />;
}

/** `layout` replaces the default direction and gap (a title with actions beside it, a wider gap). */
export function CardHeader({ className, layout = "flex-col gap-1.5", ...props }: ComponentProps<"div"> & { layout?: string }) {
  return <div className={cn("flex p-5", layout, className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<"h2">) {
  return <h2 className={cn("text-lg font-semibold leading-tight", className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return <p className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

/** `standalone`: no header above it, so padded at the top too. */
export function CardContent({ className, standalone = false, ...props }: ComponentProps<"div"> & { standalone?: boolean }) {
  return <div className={cn("p-5", !standalone && "pt-0", className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex items-center p-5 pt-0", className)} {...props} />;
}

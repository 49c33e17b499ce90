import type { ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

const BASE =
  "items-center justify-center gap-2 rounded-md text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0";

const VARIANTS = {
  default: "bg-primary text-primary-foreground hover:bg-primary/90",
  outline: "border bg-background hover:bg-accent hover:text-accent-foreground",
  ghost: "hover:bg-accent hover:text-accent-foreground",
  destructive: "bg-destructive text-white hover:bg-destructive/90",
  link: "text-primary underline-offset-4 hover:underline",
} as const;

// One line of text and icon; a tile lays out its own content.
const LINE = "inline-flex whitespace-nowrap";
const SIZES = {
  default: `${LINE} h-10 px-4 py-2`,
  sm: `${LINE} h-9 px-3`,
  lg: `${LINE} h-11 px-8`,
  icon: `${LINE} size-10`,
  /** An icon button of a card table's row: its word beside the icon on a phone's card (CardActionLabel), from md as `icon`. */
  rowIcon: `${LINE} h-10 px-3 md:w-10 md:px-0`,
  /** Taller on a phone: tapped at the pond side while the boats come in. */
  touch: `${LINE} h-12 px-4 py-2 sm:h-10`,
  /** Padding only: the caller's classes set the display, height and wrapping. */
  tile: "px-4 py-2",
} as const;

export type ButtonStyle = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

/** A button's classes, for a link that looks like one. */
export function buttonClasses({ variant = "default", size = "default" }: ButtonStyle = {}, className?: string) {
  return cn(BASE, VARIANTS[variant], SIZES[size], className);
}

/** `className` adds to the look (margin, width, ...); height, padding and colours come from `size` and `variant`. */
export function Button({ className, variant, size, ...props }: ComponentProps<"button"> & ButtonStyle) {
  return <button className={buttonClasses({ variant, size }, className)} {...props} />;
}

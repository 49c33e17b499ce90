import type { ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

/*
 * Rows, headers and cells get their look from `.data-table` in app.css, written once rather
 * than as the same utility classes on every cell: a race day has a few hundred rows, and those
 * classes were most of the page's bytes and render time. A utility class passed here still wins
 * (the table styles sit in the components layer).
 */
export function Table({ className, ...props }: ComponentProps<"table">) {
  return (
    // relative: the visually hidden labels in cells (sr-only is absolutely positioned) stay inside
    // the scrolling box; otherwise they widen the whole page on a phone.
    <div className="relative w-full overflow-x-auto">
      <table className={cn("data-table", className)} {...props} />
    </div>
  );
}
export function TableHeader(props: ComponentProps<"thead">) {
  return <thead {...props} />;
}
export function TableBody(props: ComponentProps<"tbody">) {
  return <tbody {...props} />;
}
export function TableRow(props: ComponentProps<"tr">) {
  return <tr {...props} />;
}
export function TableHead(props: ComponentProps<"th">) {
  return <th scope="col" {...props} />;
}
export function TableCell(props: ComponentProps<"td">) {
  return <td {...props} />;
}
export function TableCaption(props: ComponentProps<"caption">) {
  return <caption {...props} />;
}

import { createContext, useContext, type ComponentProps } from "react";
import { cn } from "~/lib/util/cn";

/*
 * Rows, headers and cells get their look from `.data-table` in app.css, written once rather
 * than as the same utility classes on every cell: a race day has a few hundred rows, and those
 * classes were most of the page's bytes and render time. A utility class passed here still wins
 * (the table styles sit in the components layer).
 *
 * A table with `cards` (the admin lists with row actions) shows each row as a card below the `md`
 * breakpoint (`.card-rows` in app.css): the first cell is the card's heading, every other cell a
 * line led by its `label`, the actions a wrapping row of buttons. So nothing a row offers sits off
 * a phone's screen. The card look changes the elements' CSS display, which makes some browsers
 * (Safari) drop their table semantics; so such a table spells out its ARIA table roles, and a
 * screen reader still reads a table with column headers on a phone.
 */
const CardsContext = createContext(false);

/** The role a card table's element spells out; undefined in a plain table (its elements imply it). */
function useCardRole(role: "rowgroup" | "row" | "columnheader" | "cell") {
  return useContext(CardsContext) ? role : undefined;
}

export function Table({ className, cards = false, ...props }: ComponentProps<"table"> & { cards?: boolean }) {
  return (
    // relative: the visually hidden labels in cells (sr-only is absolutely positioned) stay inside
    // the scrolling box; otherwise they widen the whole page on a phone.
    <div className="relative w-full overflow-x-auto">
      <CardsContext value={cards}>
        <table className={cn("data-table", cards && "card-rows", className)} role={cards ? "table" : undefined} {...props} />
      </CardsContext>
    </div>
  );
}
export function TableHeader(props: ComponentProps<"thead">) {
  return <thead role={useCardRole("rowgroup")} {...props} />;
}
export function TableBody(props: ComponentProps<"tbody">) {
  return <tbody role={useCardRole("rowgroup")} {...props} />;
}
export function TableRow(props: ComponentProps<"tr">) {
  return <tr role={useCardRole("row")} {...props} />;
}
export function TableHead(props: ComponentProps<"th">) {
  return <th scope="col" role={useCardRole("columnheader")} {...props} />;
}
/** `label`: the column's name, shown before the value on a card table's phone card (not read out: the header is). */
export function TableCell({ label, ...props }: ComponentProps<"td"> & { label?: string }) {
  return <td role={useCardRole("cell")} data-label={label} {...props} />;
}
export function TableCaption(props: ComponentProps<"caption">) {
  return <caption {...props} />;
}

/** A row action's word beside its icon on a phone's card (`size: "rowIcon"` buttons); from `md` the icon alone. */
export function CardActionLabel({ children }: { children: string }) {
  return <span className="md:hidden">{children}</span>;
}

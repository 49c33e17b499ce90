/**
 * A long list rendered on the server in slices, with the event loop given a turn between them.
 * React's server renderer renders everything it can in one go: the import preview's 200 rows
 * held the server for 40-60 ms, during which no other request was answered (issue 31 item 6).
 * Each slice after the first waits for a turn of the event loop (`use` of a promise resolved by
 * setImmediate), so React renders it in a later task. The HTML is the same; in the browser the
 * list renders at once.
 */
import { use, type ReactNode } from "react";

const turns = new WeakMap<readonly unknown[], Promise<void>[]>();

/** The promise slice `n` waits for: one per list and slice, so React's retry finds it settled. */
function turnOf(items: readonly unknown[], n: number): Promise<void> {
  let list = turns.get(items);
  if (!list) turns.set(items, (list = []));
  // Each slice waits for the one before it: the slices render one per turn, in order.
  list[n] ??= (n > 0 ? turnOf(items, n - 1) : Promise.resolve()).then(() => new Promise<void>((r) => setImmediate(r)));
  return list[n];
}

function Slice({ items, n, children }: { items: readonly unknown[]; n: number; children: ReactNode }) {
  if (n > 0 && typeof document === "undefined") use(turnOf(items, n));
  return children;
}

export function InTurns<T>({
  items,
  size = 25,
  children,
}: {
  items: readonly T[];
  /** Items rendered in one turn. */
  size?: number;
  children: (item: T) => ReactNode;
}) {
  const slices: ReactNode[] = [];
  for (let n = 0; n * size < items.length; n++) {
    slices.push(
      <Slice key={n} items={items} n={n}>
        {items.slice(n * size, (n + 1) * size).map(children)}
      </Slice>,
    );
  }
  return slices;
}

/**
 * Levenshtein distance (insert, delete, replace) from a to b, giving up once it passes `limit`
 * (then `limit + 1`): likely duplicate racers and an import's close spellings both ask "at most
 * one or two typos apart?". With a limit only the cells within `limit` of the diagonal can stay
 * within it, so only those are computed: two 100-letter names cost 700 steps at limit 3, not
 * 10,000 (an import compares thousands of names; issue 31 item 6).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (a.length > b.length) [a, b] = [b, a];
  if (b.length - a.length > limit) return limit + 1;
  if (!(limit < b.length)) return fullDistance(a, b, limit);
  const over = limit + 1;
  // previous[j] / current[j]: the distance from a's first i letters to b's first j, or `over`.
  let previous = new Int32Array(b.length + 1).fill(over);
  let current = new Int32Array(b.length + 1).fill(over);
  for (let j = 0; j <= limit; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    current[from - 1] = from === 1 ? Math.min(i, over) : over;
    if (to < b.length) current[to + 1] = over;
    let best = current[from - 1]!;
    const letter = a.charCodeAt(i - 1);
    for (let j = from; j <= to; j++) {
      let value = previous[j - 1]! + (letter === b.charCodeAt(j - 1) ? 0 : 1);
      const up = previous[j]! + 1;
      const left = current[j - 1]! + 1;
      if (up < value) value = up;
      if (left < value) value = left;
      if (value > over) value = over;
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > limit) return over;
    const done = previous;
    previous = current;
    current = done;
  }
  return Math.min(previous[b.length]!, over);
}

/** Every cell: for a limit at or above the longer length, or none. */
function fullDistance(a: string, b: string, limit: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      best = Math.min(best, current[j]!);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length]!;
}

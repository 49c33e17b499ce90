/**
 * Lists read a page at a time (the results archive, the news, the admin's racers): which page a
 * `?page=` asks for, and reading it. One rule for all of them.
 */

/** The page a `?page=` value asks for: 1 for anything but a whole number from 1 (never an error). */
export function requestedPage(value: string | null): number {
  return value && /^\d{1,5}$/.test(value) ? Math.max(1, Number(value)) : 1;
}

/**
 * Reads page `requested` of a list of `size` items a page: `at(offset)` reads a page from `offset`
 * and says how many items there are in all. A page past the end (an old link, after items were
 * deleted) reads the last page instead, so the list never shows empty while it has items.
 */
export async function readPageOf<T extends { total: number }>(
  requested: number,
  size: number,
  at: (offset: number) => Promise<T>,
): Promise<T & { page: number; pages: number }> {
  const firstTry = await at((requested - 1) * size);
  const pages = Math.max(1, Math.ceil(firstTry.total / size));
  const page = Math.min(requested, pages);
  const read = page === requested ? firstTry : await at((page - 1) * size);
  return { ...read, page, pages };
}

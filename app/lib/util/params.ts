/** The largest id a PostgreSQL integer column holds; larger ones are refused, not sent to the database. */
export const MAX_ID = 2_147_483_647;

/** A database id from a URL segment, or null for anything that is not one (so it becomes a 404, never a 500). */
export function parseId(value: string | File | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

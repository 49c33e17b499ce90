/** A database id from a URL segment, or null for anything that is not one (so it becomes a 404, never a 500). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

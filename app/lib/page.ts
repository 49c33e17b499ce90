/**
 * What a route module's `handle` may ask of the root layout (see docs/decisions/0012-*).
 * Read pages leave `hydrate` unset: they are server HTML without React in the browser, and any
 * small behaviour comes from a standalone script in `public/js/` listed in `scripts`.
 */
export interface PageHandle {
  /** Load React Router's client runtime and hydrate (forms pages and the admin area). */
  hydrate?: boolean;
  /** Standalone scripts (paths under public/) loaded with `defer` on a server-HTML page. */
  scripts?: readonly string[];
}

export function pageHandles(handles: readonly unknown[]): { hydrate: boolean; scripts: string[] } {
  const list = handles.filter((h): h is PageHandle => typeof h === "object" && h !== null);
  return {
    hydrate: list.some((h) => h.hydrate === true),
    scripts: [...new Set(list.flatMap((h) => h.scripts ?? []))],
  };
}

export const HYDRATE: PageHandle = { hydrate: true };

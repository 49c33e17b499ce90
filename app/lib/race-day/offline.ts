/**
 * Race day offline (docs/decisions/0018): what the service worker keeps, shared by the worker
 * (sw/service-worker.ts) and the tests. The "saved at 14:05, offline" stamp is public/js/offline.js's.
 */

/** The header the service worker adds to a page it saves: when it was saved (ISO 8601). */
export const SAVED_AT_HEADER = "x-saved-at";

/** The cache the worker keeps opened pages in. */
export const PAGES_CACHE = "pages";

/**
 * Whether a response may be kept for reading offline: only pages the server marks `public`
 * (rendered for anonymous visitors, no cookie); admin pages, pages seen with a session, forms
 * with a pending toast and errors are `private, no-store` or not 200.
 */
export function isKeepable(status: number, cacheControl: string | null): boolean {
  return status === 200 && /^public\b/.test(cacheControl ?? "");
}

/** Whether a GET to this path may be answered from the kept pages: never the admin area. */
export function isOfflinePath(pathname: string): boolean {
  return !/^\/admin(\/|$)/.test(pathname);
}

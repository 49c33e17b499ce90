/**
 * What a route module's `handle` may ask of the root layout (see docs/decisions/0012-*).
 * Read pages leave `hydrate` unset: they are server HTML without React in the browser, and any
 * small behaviour comes from app/read-page.js (inline) or a standalone script in `public/js/`
 * listed in `scripts`.
 */
export interface PageHandle {
  /** Load React Router's client runtime and hydrate (forms pages and the admin area). */
  hydrate?: boolean;
  /** Standalone scripts (paths under public/) a server-HTML page loads once it has loaded and painted. */
  scripts?: readonly string[];
  /**
   * Its scripts show and hide only HTML the server rendered (the public forms, decision 0033), so
   * the inlined stylesheet keeps only the rules the page's elements use, as on a page without
   * scripts; a script that swaps in fetched HTML (the calendar's refresh) needs every rule.
   */
  scriptsAddNoHtml?: boolean;
  /**
   * The query parameters the page reads. The page cache keys the page on these alone, so any other
   * parameter (`?x=1`, `?utm_source=`) is served the same page instead of a fresh render. A
   * read page that reads none says `[]`; a route that says nothing keeps every parameter.
   */
  query?: readonly string[];
}

/**
 * Browsers revalidate every time (a 304 when nothing changed); a CDN may keep a page a minute and
 * serve it stale for five more while it refetches. The origin's own cache is invalidated on writes.
 * The public API's answers are cached alike (app/domain/api/http.server.ts).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

export function pageHandles(handles: readonly unknown[]): { hydrate: boolean; scripts: string[]; usedStylesOnly: boolean } {
  const list = handles.filter((h): h is PageHandle => typeof h === "object" && h !== null);
  return {
    hydrate: list.some((h) => h.hydrate === true),
    scripts: [...new Set(list.flatMap((h) => h.scripts ?? []))],
    usedStylesOnly: list.every((h) => !h.scripts?.length || h.scriptsAddNoHtml === true),
  };
}

export const HYDRATE: PageHandle = { hydrate: true };

/**
 * A route's `headers` export passes this on: React Router sends a document's answer with the
 * headers the route's `headers` returns, not the action's own, so a refusal's Retry-After would be lost.
 */
export function retryAfter(actionHeaders: Headers): Record<string, string> {
  const value = actionHeaders.get("Retry-After");
  return value ? { "Retry-After": value } : {};
}

/**
 * The public forms' one page script (app/browser/public-forms.ts, built by vite.forms.config.ts):
 * checks as you type, the registration dialogs, the print button, the busy submit button
 * (docs/decisions/0033-public-forms-without-the-framework.md).
 */
export const PUBLIC_FORMS_SCRIPT = "/js/public-forms.js";

/**
 * A public form's handle: its page script, and no query parameter read. The script shows the
 * server's answer in place (a message, a dialog), so the page carries every rule of the stylesheet.
 */
export const PUBLIC_FORM: PageHandle = { scripts: [PUBLIC_FORMS_SCRIPT], query: [] };

/**
 * A read page's loader data, kept for the server's render only.
 *
 * React Router serialises every document's loader data for hydration (turbo-stream) before it
 * renders, and a page without `<Scripts />` throws that away: on the 20-season history it was
 * a quarter of the archive's render time. For a document request the data's top-level keys are
 * made non-enumerable, so the serialiser sees `{}` while the page reads every field as usual
 * (destructure or read them; never spread or enumerate a read page's loader data).
 * A `.data` request (a hydrated form page navigating here, e.g. registration's redirect home)
 * gets the data as it is, because that browser renders it.
 */
export function readPageData<T extends object>(request: Request, data: T): T {
  // v8_passThroughRequests: loaders see the request as sent, ".data" suffix included.
  if (new URL(request.url).pathname.endsWith(".data")) return data;
  const hidden = {} as T;
  for (const key of Object.keys(data) as (keyof T)[]) {
    Object.defineProperty(hidden, key, { value: data[key], enumerable: false });
  }
  return hidden;
}

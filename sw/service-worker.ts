/**
 * The service worker (built to build/client/sw.js by vite.sw.config.ts; docs/decisions/0018).
 * Serwist does the caching: pages the visitor opened are fetched network-first and kept, so on a
 * dead connection the calendar, standings and results they read still open; the site's scripts,
 * images and the manifest are kept stale-while-revalidate. Only public pages are kept
 * (`isKeepable`): never the admin area, a POST, or a page answered to a session.
 */
import { ExpirationPlugin, NetworkFirst, Serwist, StaleWhileRevalidate, type SerwistPlugin } from "serwist";
import { isKeepable, isOfflinePath, PAGES_CACHE, SAVED_AT_HEADER } from "~/lib/race-day/offline";

/** Keeps only public pages, stamped with the time they were saved. */
const publicPagesOnly: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => {
    if (!isKeepable(response.status, response.headers.get("Cache-Control"))) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, new Date().toISOString());
    return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
  },
};

/**
 * Network-first must mean the server's answer now. A page's `stale-while-revalidate` (meant for a
 * CDN) lets the browser's HTTP cache hand a worker's plain fetch the old copy, so the page is
 * fetched revalidated (`no-cache`: a 304 when unchanged). A navigation request cannot carry other
 * fetch options, so an equivalent plain GET is sent; redirects come back unfollowed, as a
 * navigation needs them.
 */
const revalidate: SerwistPlugin = {
  requestWillFetch: ({ request }) =>
    Promise.resolve(
      new Request(request.url, {
        method: "GET",
        headers: request.headers,
        credentials: "same-origin",
        cache: "no-cache",
        redirect: request.mode === "navigate" ? "manual" : request.redirect,
      }),
    ),
};

const serwist = new Serwist({
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      // Page loads, and the page the visitor was on when the worker arrived (CACHE_URLS from
      // public/js/offline.js, a request that asks for HTML).
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin &&
        isOfflinePath(url.pathname) &&
        (request.mode === "navigate" || (request.headers.get("Accept") ?? "").startsWith("text/html")),
      handler: new NetworkFirst({
        cacheName: PAGES_CACHE,
        plugins: [revalidate, publicPagesOnly, new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 3600 })],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) =>
        sameOrigin && (/^\/(js|images|assets)\//.test(url.pathname) || url.pathname === "/manifest.webmanifest"),
      handler: new StaleWhileRevalidate({
        cacheName: "site-files",
        plugins: [new ExpirationPlugin({ maxEntries: 80 })],
      }),
    },
  ],
});

serwist.addEventListeners();

/**
 * Rendered public pages kept in memory for anonymous visitors (no cookie at all: a session or a
 * pending toast changes the page). A page is stored when its render says `Cache-Control: public`
 * (entry.server.tsx: read pages, status 200, no cookie); it is served with an ETag and answered
 * with 304 when the browser has it. Everything is dropped when the data changes (LISTEN
 * data_changed, see db/data-changes.ts), while the change listener is down, and at midnight in
 * CLUB_TIMEZONE (the club's date is part of the key: "today", "upcoming" and "past" roll over).
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import accepts from "accepts";
import type express from "express";
import { createRequestHandler, matchRoutes, type RouteObject, type RouterContextProvider, type ServerBuild } from "react-router";
import type { PageHandle } from "~/lib/platform/page";
import { send as sendResponse, webRequest } from "~/server/react-router-handler";

const brotli = promisify(zlib.brotliCompress);

/**
 * Brotli at quality 9 for pages just stored, one page at a time and a bounded number waiting.
 * The compression runs on libuv's thread pool (4 threads), which the compression middleware, file
 * reads and crypto share: a burst of misses (a crawler, or junk `?season=` values, each a page of
 * its own) once queued dozens of them there, and every gzipped answer waited behind them for 10 s
 * on a busy machine. A page not compressed here is served gzip, 15-25% larger, until rendered again.
 */
export class BrotliLane {
  private waiting: (() => Promise<void>)[] = [];
  private running = false;
  compressed = 0;
  skipped = 0;

  constructor(
    private readonly maxWaiting = 16,
    private readonly compress: (body: Buffer) => Promise<Buffer> = (body) =>
      brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
  ) {}

  /** Compresses `page` for the cache when its turn comes, if it is still the page kept under `key`. */
  add(cache: PageCache, key: string, page: CachedPage): void {
    if (this.waiting.length >= this.maxWaiting) {
      this.skipped++;
      return;
    }
    this.waiting.push(async () => {
      if (!cache.holds(key, page)) return;
      cache.addBrotli(key, page, await this.compress(page.identity));
      this.compressed++;
    });
    void this.run();
  }

  /** Resolves when nothing is waiting or running (tests). */
  async idle(): Promise<void> {
    while (this.running || this.waiting.length) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private async run() {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.waiting.shift(); job; job = this.waiting.shift()) {
        // A failed compression leaves the page gzip-only; the next page still gets its turn.
        await job().catch(() => undefined);
      }
    } finally {
      this.running = false;
    }
  }
}

export interface CachedPage {
  status: number;
  contentType: string;
  cacheControl: string;
  etag: string;
  lastModified: string;
  identity: Buffer;
  gzip: Buffer;
  br?: Buffer;
  /**
   * The security headers the page was first sent with (helmet's, the CSP without its per-request
   * nonce: a cached page carries no script that needs one), repeated on every hit.
   */
  securityHeaders: [string, string][];
}

export interface PageCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

export class PageCache {
  private pages = new Map<string, CachedPage>();
  private bytes = 0;
  /** Bumped by every clear: a render that began before a clear is not stored after it. */
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get currentGeneration(): number {
    return this.generation;
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Least recently used goes first when memory runs out.
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: CachedPage, generation: number): void {
    if (generation !== this.generation) return;
    this.delete(key);
    this.pages.set(key, page);
    this.bytes += size(page);
    for (const [oldest] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Whether `page` is still the one kept under `key` (not replaced, dropped or cleared). */
  holds(key: string, page: CachedPage): boolean {
    return this.pages.get(key) === page;
  }

  /** Adds the brotli form once it is ready, if the page is still the same. */
  addBrotli(key: string, page: CachedPage, br: Buffer): void {
    if (this.pages.get(key) !== page) return;
    page.br = br;
    this.bytes += br.length;
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
    this.bytes = 0;
  }

  stats(): PageCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.pages.size, bytes: this.bytes };
  }

  private delete(key: string) {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= size(page);
  }
}

function size(page: CachedPage): number {
  return page.identity.length + page.gzip.length + (page.br?.length ?? 0);
}

/** The validators of a page: a strong ETag from its bytes and the time it was rendered. */
function validators(body: Buffer): { etag: string; lastModified: string } {
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { etag, lastModified: new Date().toUTCString() };
}

function notModified(req: IncomingMessage, page: Pick<CachedPage, "etag" | "lastModified">): boolean {
  const ifNoneMatch = req.headers["if-none-match"];
  if (ifNoneMatch) return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === page.etag);
  const ifModifiedSince = req.headers["if-modified-since"];
  if (!ifModifiedSince) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Date.parse(page.lastModified) <= since;
}

function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, state: "hit" | "miss"): void {
  const headers: [string, string][] = [
    ...page.securityHeaders,
    ["Content-Type", page.contentType],
    ["Cache-Control", page.cacheControl],
    ["ETag", page.etag],
    ["Last-Modified", page.lastModified],
    ["Vary", "Accept-Encoding, Cookie"],
    ["X-Page-Cache", state],
  ];
  if (notModified(req, page)) return void res.writeHead(304, headers.flat()).end();
  // Our preference, not the header's order: browsers list gzip first, yet every one that accepts br
  // gets it, 15-25% smaller, which keeps a long page inside TCP's first window (decision 0025).
  const accepted = accepts(req);
  const encoding = page.br && accepted.encodings(["br"]) === "br" ? "br" : accepted.encodings(["gzip", "identity"]);
  const body = encoding === "br" ? page.br! : encoding === "gzip" ? page.gzip : page.identity;
  if (encoding === "br" || encoding === "gzip") headers.push(["Content-Encoding", encoding]);
  headers.push(["Content-Length", String(body.length)]);
  res.writeHead(page.status, headers.flat());
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Headers of a response that are not about its body, its caching or this one request. */
const OWN_HEADERS = new Set([
  "content-type",
  "content-length",
  "content-encoding",
  "cache-control",
  "etag",
  "last-modified",
  "vary",
  "x-page-cache",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "set-cookie",
]);

function securityHeadersOf(res: ServerResponse): [string, string][] {
  const headers: [string, string][] = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (OWN_HEADERS.has(name) || value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : String(value);
    headers.push([name, name === "content-security-policy" ? text.replace(/ 'nonce-[^']*'/g, "") : text]);
  }
  return headers;
}

/**
 * The address a page is kept under: its path and, in name order, only the query parameters its
 * routes read (`handle.query`, app/lib/platform/page.ts), for the routes that say so. Junk parameters, whether cache-busting `?x=N` or
 * a campaign's `utm_source`, then find the page already rendered instead of rendering (and
 * storing) it once more each. Undefined for React Router's `.data` requests, which are never kept.
 */
export function pageKeys(build: ServerBuild): (url: string) => string | undefined {
  const routes = build.routes;
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes).flatMap((route): RouteObject[] => {
      if (!route || route.parentId !== parentId) return [];
      const { id, path, caseSensitive } = route;
      return [route.index ? { id, path, caseSensitive, index: true } : { id, path, caseSensitive, children: tree(id) }];
    });
  const root = tree(undefined);
  const read = new Map<string, Set<string> | null>();
  const readBy = (path: string): Set<string> | null => {
    let names = read.get(path);
    if (names !== undefined) return names;
    const matches = matchRoutes(root, path) ?? [];
    const handles = matches.map((m) => routes[m.route.id ?? ""]?.module.handle as PageHandle | undefined);
    // A route that does not say which parameters it reads keeps them all: its address is its own
    // (a resource route's `?other=`, a link page's `?withdrawn`).
    names = handles.some((h) => h?.query) ? new Set(handles.flatMap((h) => h?.query ?? [])) : null;
    // Remembered per path only while few: paths with ids are many, and matching is cheap.
    if (read.size < 1_000) read.set(path, names);
    return names;
  };
  return (url) => {
    const mark = url.indexOf("?");
    if (mark < 0) return url.endsWith(".data") ? undefined : url;
    const path = url.slice(0, mark);
    if (path.endsWith(".data")) return undefined;
    const names = readBy(path);
    if (names === null) return url;
    const kept = new URLSearchParams();
    for (const [name, value] of new URLSearchParams(url.slice(mark + 1))) if (names?.has(name)) kept.append(name, value);
    kept.sort();
    const query = kept.toString();
    return query ? `${path}?${query}` : path;
  };
}

/**
 * Answers a hit before Express sees the request: a cached page needs none of the middleware
 * (its security headers were kept with it), and skipping it is what lets one Node process serve
 * cached pages at a rate close to nginx's (bench/site.bench.ts). Returns false when the request
 * is not a cookie-less GET or HEAD of a page in the cache; Express then handles it as before.
 */
export function pageCacheFastPath({
  cache,
  clubDate,
  enabled,
  keyOf,
  onHit,
}: {
  cache: PageCache;
  clubDate: () => string;
  enabled: () => boolean;
  /** The address a page is kept under (`pageKeys`). */
  keyOf: (url: string) => string | undefined;
  /** Told of every request answered here (the request log). */
  onHit: (req: IncomingMessage, res: ServerResponse, started: bigint) => void;
}): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie || !enabled()) return false;
    const key = keyOf(req.url ?? "/");
    if (key === undefined) return false;
    const page = cache.get(`${clubDate()} ${key}`);
    if (!page) return false;
    const started = process.hrtime.bigint();
    cache.hits++;
    sendPage(req, res, page, "hit");
    onHit(req, res, started);
    return true;
  };
}

/**
 * Serves cookie-less GET and HEAD requests from the cache, rendering (and storing) on a miss.
 * Requests with any cookie, and everything while the cache is not trustworthy, go to `next`.
 */
// eslint-disable-next-line max-lines-per-function -- the cache's steps in the order a request meets them (key, hit, miss, store), sharing the request's state
export function pageCacheMiddleware({
  cache,
  build,
  mode,
  getLoadContext,
  clubDate,
  enabled,
  keyOf,
  brotliLane = new BrotliLane(),
}: {
  cache: PageCache;
  /** Where stored pages wait for their brotli form (one at a time). */
  brotliLane?: BrotliLane;
  /**
   * The app. In production the loaded build itself: React Router derives its route tables once
   * (given a function, it derives them again on every request, for the dev server's reloads).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "production" | "development";
  getLoadContext: (req: express.Request, res: express.Response) => Promise<RouterContextProvider>;
  /** The club's calendar date: part of every key, so pages roll over at the club's midnight. */
  clubDate: () => string;
  /** False while data changes cannot be seen (the listener is down): then nothing is cached. */
  enabled: () => boolean;
  /** The address a page is kept under (`pageKeys`); the page is rendered for that address. */
  keyOf: (url: string) => string | undefined;
}): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  let day = "";
  // Renders in progress, by generation and key: when a change makes every live race page fetch
  // again at once, one render serves them all instead of one render each.
  const flights = new Map<string, Promise<CachedPage | null>>();
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie || !enabled()) return next();
    const address = keyOf(req.originalUrl);
    if (address === undefined) return next();
    let settle: ((page: CachedPage | null) => void) | undefined;
    let flightKey = "";
    try {
      const today = clubDate();
      if (today !== day) {
        if (day) cache.clear();
        day = today;
      }
      const key = `${today} ${address}`;
      const cached = cache.get(key);
      if (cached) {
        cache.hits++;
        return sendPage(req, res, cached, "hit");
      }
      const generation = cache.currentGeneration;
      flightKey = `${generation} ${key}`;
      const flight = flights.get(flightKey);
      if (flight) {
        const page = await flight;
        if (page) {
          cache.hits++;
          return sendPage(req, res, page, "hit");
        }
      } else if (req.method === "GET") {
        flights.set(flightKey, new Promise((resolve) => (settle = resolve)));
      }
      // Rendered for the address it is kept under, so no junk parameter can reach a kept page.
      const response = await handle(webRequest(req, res, address), await getLoadContext(req, res));
      const cacheControl = response.headers.get("Cache-Control") ?? "";
      const storable =
        req.method === "GET" &&
        response.status === 200 &&
        cacheControl.startsWith("public") &&
        !response.headers.has("Set-Cookie") &&
        (response.headers.get("Content-Type") ?? "").startsWith("text/html");
      if (!storable) {
        settle?.(null);
        res.set("X-Page-Cache", "bypass");
        return await sendResponse(res, response);
      }
      cache.misses++;
      const identity = Buffer.from(await response.arrayBuffer());
      const page: CachedPage = {
        status: response.status,
        contentType: response.headers.get("Content-Type")!,
        cacheControl,
        ...validators(identity),
        identity,
        gzip: zlib.gzipSync(identity, { level: 9 }),
        securityHeaders: securityHeadersOf(res),
      };
      cache.set(key, page, generation);
      settle?.(page);
      sendPage(req, res, page, "miss");
      // Brotli at a high quality takes longer than gzip: added when its turn comes, gzip meanwhile.
      brotliLane.add(cache, key, page);
    } catch (error) {
      settle?.(null);
      next(error);
    } finally {
      if (settle) flights.delete(flightKey);
    }
  };
}

/**
 * What a first visit to a page fetches, in gzip bytes: the HTML (with its inlined CSS), its
 * scripts and modulepreloads (and inline scripts, and the scripts a read page loads after it has
 * painted), stylesheets, and the images it loads eagerly
 * (lazy images wait until they scroll into view). Used by the byte-budget test and the benchmark.
 */
import http from "node:http";
import { gzipSync } from "node:zlib";

export interface FirstLoadOptions {
  /** Sent with every request (an admin's session cookie). */
  cookie?: string;
  /**
   * Count the bytes as the server sends them to a browser that accepts brotli (the admin screens'
   * budget, as Chromium receives them) instead of gzipping each file here (the read pages' budget).
   */
  asSent?: boolean;
}

async function gzipSize(url: string, { cookie }: FirstLoadOptions): Promise<number> {
  const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
  if (response.status >= 400) throw new Error(`${url}: ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 6 }).length;
}

/** The body's length on the wire, as a browser that accepts brotli receives it. */
function sentSize(url: string, { cookie }: FirstLoadOptions, page = false): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "Accept-Encoding": "gzip, deflate, br, zstd" };
    if (cookie) headers.Cookie = cookie;
    http
      .get(url, { headers }, (response) => {
        // A page may be an error page (the 404 page is measured too); its files may not.
        if (!page && response.statusCode! >= 400) reject(new Error(`${url}: ${response.statusCode}`));
        let size = 0;
        response.on("data", (chunk: Buffer) => (size += chunk.length));
        response.on("end", () => resolve(size));
      })
      .on("error", reject);
  });
}

export interface FirstLoad {
  /** JavaScript, gzip bytes. */
  js: number;
  /** Number of script files (external scripts and modulepreloads). */
  jsFiles: number;
  /** Everything: HTML + JS + CSS + eager images, gzip bytes. */
  total: number;
  /** The HTML document alone, gzip bytes. */
  html: number;
}

export async function firstLoad(origin: string, path: string, options: FirstLoadOptions = {}): Promise<FirstLoad> {
  const response = await fetch(`${origin}${path}`, { headers: options.cookie ? { Cookie: options.cookie } : {} });
  const html = await response.text();
  const size = (url: string) => (options.asSent ? sentSize(url, options) : gzipSize(url, options));
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => attr(m[0], "src")).filter((s): s is string => !!s);
  // A read page's inline script loads these once the page has painted: still part of a first visit.
  for (const m of html.matchAll(/<script\b[^>]*\bdata-scripts="([^"]+)"/g)) scripts.push(...m[1]!.split(" "));
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => attr(m[0], "href")!);
  const styles = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => attr(m[0], "href")!);
  const images = [...html.matchAll(/<img\b[^>]*>/g)].filter((m) => !/loading="lazy"/.test(m[0])).map((m) => attr(m[0], "src")!);
  const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const sum = async (urls: string[]) => {
    let total = 0;
    for (const url of new Set(urls)) total += await size(new URL(url, origin).href);
    return total;
  };
  const jsUrls = new Set([...scripts, ...preloads]);
  // As sent, inline scripts are part of the document's bytes, as a browser counts them (an admin
  // screen's inline script is mostly its loader data).
  const inline = !options.asSent && inlineScripts.join("") ? gzipSync(inlineScripts.join("")).length : 0;
  const js = (await sum([...jsUrls])) + inline;
  const rest = (await sum(styles)) + (await sum(images));
  const document = options.asSent ? await sentSize(`${origin}${path}`, options, true) : gzipSync(html).length;
  return { js, jsFiles: jsUrls.size, total: document + js + rest, html: document };
}

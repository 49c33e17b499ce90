/**
 * What a first visit to a page fetches, in gzip bytes: the HTML (with its inlined CSS), its
 * scripts and modulepreloads (and inline scripts, and the scripts a read page loads after it has
 * painted), stylesheets, and the images it loads eagerly
 * (lazy images wait until they scroll into view). Used by the byte-budget test and the benchmark.
 */
import { gzipSync } from "node:zlib";

async function gzipSize(url: string): Promise<number> {
  const response = await fetch(url);
  if (response.status >= 400) throw new Error(`${url}: ${response.status}`);
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 6 }).length;
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

export async function firstLoad(origin: string, path: string): Promise<FirstLoad> {
  const response = await fetch(`${origin}${path}`);
  const html = await response.text();
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
    for (const url of new Set(urls)) total += await gzipSize(new URL(url, origin).href);
    return total;
  };
  const jsUrls = new Set([...scripts, ...preloads]);
  const js = (await sum([...jsUrls])) + (inlineScripts.join("") ? gzipSync(inlineScripts.join("")).length : 0);
  const rest = (await sum(styles)) + (await sum(images));
  const document = gzipSync(html).length;
  return { js, jsFiles: jsUrls.size, total: document + js + rest, html: document };
}

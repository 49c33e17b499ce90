/**
 * Read pages inline the site's stylesheet: on a phone at the lake a <link> costs a second round
 * trip before the first paint, while the whole CSS (about 7 KB gzip) and the page's HTML fit in
 * TCP's first window together. Hydrated pages keep the <link> (cached, shared with their chunks).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const clientDir = path.resolve("build/client");
const files = new Map<string, string | null>();

function stylesheet(href: string): string | null {
  if (!files.has(href)) {
    const file = path.join(clientDir, href);
    // Only the build's own hashed assets (not in development, where Vite serves the CSS).
    const css = file.startsWith(path.join(clientDir, "assets")) && existsSync(file) ? readFileSync(file, "utf8") : null;
    files.set(href, css && !css.includes("</style") ? css : null);
  }
  return files.get(href) ?? null;
}

const LINK = /<link(?: nonce="[^"]*")? rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;

/** The page with its build stylesheets inlined as <style> elements. */
export function inlineStylesheets(html: string): string {
  // The links are in the head: the body (most of a long page) is not searched.
  const end = html.indexOf("</head>");
  const head = end === -1 ? html : html.slice(0, end);
  const inlined = head.replace(LINK, (tag, href: string) => {
    const css = stylesheet(href);
    return css === null ? tag : `<style>${css}</style>`;
  });
  return end === -1 ? inlined : inlined + html.slice(end);
}

/** CSP source expressions ('sha256-...') of every stylesheet the build can inline. */
export function inlineStyleHashes(): string[] {
  const assets = path.join(clientDir, "assets");
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((file) => file.endsWith(".css"))
    .map((file) => {
      const digest = createHash("sha256")
        .update(readFileSync(path.join(assets, file)))
        .digest("base64");
      return `'sha256-${digest}'`;
    });
}

/**
 * Read pages inline the site's stylesheet: on a phone at the lake a <link> costs a second round
 * trip before the first paint. Only the rules a page can use go in (decision 0025): the whole
 * stylesheet is about 7 KB of a long page's 14 KB brotli, and TCP's first window is about 14 KB.
 * Hydrated pages keep the <link> (cached, shared with their chunks).
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import postcss, { type Root } from "postcss";
import { remembered } from "~/lib/util/remembered";

const clientDir = path.resolve("build/client");
const files = new Map<string, { css: string; tree: Root } | null>();

function stylesheet(href: string): { css: string; tree: Root } | null {
  if (!files.has(href)) {
    const file = path.join(clientDir, href);
    // Only the build's own hashed assets (not in development, where Vite serves the CSS).
    const css = file.startsWith(path.join(clientDir, "assets")) && existsSync(file) ? readFileSync(file, "utf8") : null;
    files.set(href, css && !css.includes("</style") ? { css, tree: postcss.parse(css) } : null);
  }
  return files.get(href) ?? null;
}

export function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * The classes an element must have for a selector to match it: those outside :not(), :is(),
 * :where() and :has(), whose classes may be absent. Null when the selector cannot be read with
 * certainty (a hex escape): such a rule is always kept.
 */
function requiredClasses(selector: string): string[] | null {
  if (/\\[0-9a-fA-F]/.test(selector)) return null;
  let outside = "";
  let depth = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]!;
    if (c === "\\") {
      if (depth === 0) outside += selector.slice(i, i + 2);
      i++;
    } else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0) outside += c;
  }
  return [...outside.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
}

/** The stylesheet without the rules no element of the page can match (keyframes kept whole). */
function usedRules(tree: Root, classes: ReadonlySet<string>): string {
  const copy = tree.clone();
  copy.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter((selector) => {
      const needed = requiredClasses(selector);
      return needed === null || needed.every((name) => classes.has(name));
    });
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  // Blocks left empty (@media, @supports, @layer) go too, innermost first.
  let emptied = true;
  while (emptied) {
    emptied = false;
    copy.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        emptied = true;
      }
    });
  }
  return copy.toString();
}

// React escapes these in attributes; a class like `[&_svg]:size-4` (a button's icon) arrives as `[&amp;_svg]:size-4`.
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&#39;": "'" };

/** The classes a page's elements carry (class attributes are always double-quoted by React). */
function classesOf(html: string): string {
  const names = new Set<string>();
  for (const match of html.matchAll(/\sclass="([^"]*)"/g)) {
    const value = match[1]!.replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity]!);
    for (const name of value.split(/\s+/)) if (name) names.add(name);
  }
  return [...names].sort().join(" ");
}

/** Pages share a handful of class sets: each is pruned once (about 20 ms), then remembered. */
const prunedFor = new Map<string, (classes: string) => string>();
function pruned(href: string, tree: Root): (classes: string) => string {
  let prune = prunedFor.get(href);
  if (!prune) {
    prune = remembered((classes) => usedRules(tree, new Set(classes.split(" "))), 200);
    prunedFor.set(href, prune);
  }
  return prune;
}

const LINK = /<link(?: nonce="[^"]*")? rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;

/**
 * The page with its build stylesheets inlined as <style> elements: only the rules its elements can
 * match when `usedRulesOnly` (a page that swaps in HTML it fetches keeps every rule), and the CSP
 * sources (hashes) that allow what was inlined.
 */
export function inlineStylesheets(html: string, { usedRulesOnly = false } = {}): { html: string; styleSources: string[] } {
  // The links are in the head: the body (most of a long page) is not searched for them.
  const end = html.indexOf("</head>");
  const head = end === -1 ? html : html.slice(0, end);
  const styleSources: string[] = [];
  let classes: string | undefined;
  const inlined = head.replace(LINK, (tag, href: string) => {
    const sheet = stylesheet(href);
    if (sheet === null) return tag;
    const css = usedRulesOnly ? pruned(href, sheet.tree)((classes ??= classesOf(html))) : sheet.css;
    styleSources.push(sha256Source(css));
    return `<style>${css}</style>`;
  });
  return { html: end === -1 ? inlined : inlined + html.slice(end), styleSources };
}

/** CSP source expressions ('sha256-...') of every whole stylesheet the build can inline. */
export function inlineStyleHashes(): string[] {
  const assets = path.join(clientDir, "assets");
  if (!existsSync(assets)) return [];
  return readdirSync(assets)
    .filter((file) => file.endsWith(".css"))
    .map((file) => sha256Source(readFileSync(path.join(assets, file), "utf8")));
}

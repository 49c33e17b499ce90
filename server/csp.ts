/**
 * The Content-Security-Policy's allowances for inline <style> elements (no 'unsafe-inline'; no
 * style attribute anywhere):
 * - Radix's dialog (react-remove-scroll) computes its CSS at run time: it takes the page's nonce
 *   (`__webpack_nonce__`, set from the page's script nonce in app/components/nonce.tsx);
 * - the printable form's own <style> carries the response's nonce;
 * - read pages inline the build's stylesheet without a nonce, so their HTML can be cached
 *   (server/inline-styles.ts): allowed by the hashes of the build's CSS files;
 * - sonner inserts one fixed stylesheet, first empty and then filled, and cannot take a nonce:
 *   it is allowed by the SHA-256 of its text (and of the empty string), read from the installed
 *   package so an upgrade cannot silently break the toasts.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import readPageScript from "../app/read-page.js?raw";
import { inlineStyleHashes as buildStylesheetHashes } from "./inline-styles";

function sha256(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** The CSS string sonner passes to its `__insertCSS` at load. */
export function sonnerStylesheet(): string {
  const file = createRequire(import.meta.url).resolve("sonner");
  const source = readFileSync(file, "utf8");
  const match = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source);
  if (!match) throw new Error(`CSP: sonner's stylesheet was not found in ${file}; update server/csp.ts`);
  return JSON.parse(match[1]!) as string;
}

/** script-src hash sources: a read page's one inline script (app/read-page.js, inlined by root.tsx). */
export function inlineScriptHashes(): string[] {
  return [sha256(readPageScript)];
}

let hashes: string[] | undefined;

/** style-src hash sources for the stylesheets above. */
export function inlineStyleHashes(): string[] {
  hashes ??= [sha256(""), sha256(sonnerStylesheet()), ...buildStylesheetHashes()];
  return hashes;
}

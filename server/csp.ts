/**
 * The Content-Security-Policy's allowances for inline <style> elements (no 'unsafe-inline'; no
 * style attribute anywhere):
 * - the printable form's own <style> carries the response's nonce;
 * - read pages inline the build's stylesheet without a nonce, so their HTML can be cached
 *   (server/inline-styles.ts): allowed by the hashes of the build's CSS files, or, when only the
 *   rules the page uses went in, by that stylesheet's hash, added to the response's policy.
 */
import readPageScript from "~/read-page.js?raw";
import type { ServerResponse } from "node:http";
import { inlineStyleHashes as buildStylesheetHashes, sha256Source as sha256 } from "~/server/inline-styles";

/** script-src hash sources: a read page's one inline script (app/read-page.js, inlined by root.tsx). */
export function inlineScriptHashes(): string[] {
  return [sha256(readPageScript)];
}

/**
 * Adds a read page's own inlined stylesheet (the rules it uses, decision 0025) to the policy this
 * response already carries; the page cache keeps the policy with the page.
 */
export function allowInlineStyles(res: ServerResponse, sources: string[]): void {
  const policy = res.getHeader("Content-Security-Policy");
  if (typeof policy !== "string") return;
  const missing = sources.filter((source) => !policy.includes(source));
  if (missing.length === 0) return;
  res.setHeader("Content-Security-Policy", policy.replace(/(^|;)style-src /, `$1style-src ${missing.join(" ")} `));
}

let hashes: string[] | undefined;

/** style-src hash sources for the stylesheets above. */
export function inlineStyleHashes(): string[] {
  hashes ??= buildStylesheetHashes();
  return hashes;
}

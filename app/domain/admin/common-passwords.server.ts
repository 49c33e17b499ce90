/**
 * The list of common and breached passwords the password rule checks (app/lib/admin/password-rules.ts):
 * the password dictionary of `@zxcvbn-ts/language-common` (MIT; about 49,000 passwords, most
 * frequent first, from public breach corpora). Read from the package's own JSON once, on first
 * use, on the server only: no network call, and nothing of it in a browser bundle.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

let passwords: Set<string> | undefined;

function load(): Set<string> {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@zxcvbn-ts/language-common/src/passwords.json");
  const list = JSON.parse(readFileSync(file, "utf8")) as unknown;
  if (!Array.isArray(list) || list.length < 10_000) throw new Error(`the common-password list at ${file} is not a long list`);
  return new Set(list.map((p) => String(p).toLowerCase()));
}

/** Whether `lowerCase` (already lower case) is on the list. */
export function isCommonPassword(lowerCase: string): boolean {
  passwords ??= load();
  return passwords.has(lowerCase);
}

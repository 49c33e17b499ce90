/**
 * The one rule for a new admin password (issue 23 item 3), wherever one is set: `npm run admin`,
 * ADMIN_PASSWORD, an invitation, a reset, a change. Pure: the list of common and breached
 * passwords is handed in by the server (app/domain/admin/common-passwords.server.ts), so the
 * browser never downloads it.
 *
 * Length alone lets through "qwertyuiop123" and "password1234": the list catches what attackers
 * try first. Its short entries matter too, because people pad them to reach a length rule.
 */
import { MIN_PASSWORD_LENGTH } from "~/lib/admin/sign-in-schemas";

export const PASSWORD_MESSAGES = {
  tooShort: `Admin passwords must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  common: "This password is too common: it appears in lists of leaked passwords. Choose another.",
  repeated: "This password repeats the same few characters. Choose another.",
  personal: `This password is mostly your username or the club's name. Choose one with at least ${MIN_PASSWORD_LENGTH} other characters.`,
} as const;

/** The rule as a new-password field says it, before anyone meets an error (issue 32 item 8). */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, and not one of the common passwords attackers try first.`;

/** Digits and punctuation people add around a word to pass a length rule ("password123!"). */
const PADDING = /^[\d\W_]+|[\d\W_]+$/g;

export interface PasswordContext {
  /** Whether the list of common and breached passwords holds this (lower-case) text. */
  isCommon: (lowerCase: string) => boolean;
  username?: string | null;
  clubName?: string | null;
}

function compact(text: string): string {
  return text.toLowerCase().replace(/[\s._-]+/g, "");
}

/** Why this password may not be set, or null when it may. */
export function passwordProblem(password: string, { isCommon, username, clubName }: PasswordContext): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  const lower = password.toLowerCase();
  const core = lower.replace(PADDING, "");
  if (isCommon(lower) || isCommon(compact(password)) || (core.length >= 4 && isCommon(core))) return PASSWORD_MESSAGES.common;
  // "abcabcabcabc", "aaaaaaaaaaaa": long, and guessed at once.
  if (/^(.{1,6})\1+$/su.test(lower)) return PASSWORD_MESSAGES.repeated;
  let rest = compact(password);
  for (const name of [username, clubName]) {
    const part = name ? compact(name) : "";
    if (part.length >= 3) rest = rest.split(part).join("");
  }
  if (rest !== compact(password) && rest.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.personal;
  return null;
}

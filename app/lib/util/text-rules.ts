/**
 * The rules of app/lib/util/input-rules.ts that a standalone page script also runs (the public
 * forms, decision 0033): no zod full build here, so the browser bundle stays small.
 */
import { z } from "~/lib/util/zod-mini";

// C0/C1 controls and DEL (\p{Cc}), line/paragraph separators, and every bidi embedding, override,
// isolate and mark (U+061C, U+200E-200F, U+202A-202E, U+2066-2069).
const FORBIDDEN_IN_TEXT = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
// A long text (a race description) keeps its line breaks and tabs; nothing else of the above.
const FORBIDDEN_IN_LONG_TEXT = /[^\P{Cc}\t\n\r]|[\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_IN_TEXT.test(value);
}

export function hasForbiddenCharactersInLongText(value: string): boolean {
  return FORBIDDEN_IN_LONG_TEXT.test(value);
}

/** SPEC-style message for a field holding a forbidden character ("First name", "Boat name"). */
export function forbiddenCharactersMessage(field: string): string {
  return `${field} must not contain control or text-direction characters.`;
}

/**
 * A short public text's one rule as a check, checked before trimming so a trailing line break is
 * refused rather than dropped (shortPublicText in input-rules.ts, and the public forms' schemas).
 */
export function forbiddenCharactersCheck(field: string) {
  return z.refine<string>((v) => !hasForbiddenCharacters(v), forbiddenCharactersMessage(field));
}

// Digits, spaces and + ( ) - . only, with at least one digit.
const TELEPHONE = /^[0-9 +().-]*[0-9][0-9 +().-]*$/;

export function isTelephone(value: string): boolean {
  return TELEPHONE.test(value);
}

export const TELEPHONE_MESSAGE = "Telephone number may contain only digits, spaces and + ( ) - .";

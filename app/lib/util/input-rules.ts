/**
 * What the text people type may contain, shared by every form (browser and server) and the import.
 * Short public texts (names, boat name and number, race title and location, season name) are shown
 * on pages, in e-mails, calendar files and CSV: control characters break layouts, logs and those
 * formats (a line break in a title once injected whole iCalendar blocks), and bidi overrides can
 * make a text read as something else.
 */
import { z } from "~/lib/util/zod";

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

/**
 * The one rule for a short public text field: a string refused when it holds a forbidden
 * character, checked before trimming so a trailing line break is refused rather than dropped.
 * Chain the field's own trim, length and messages after it.
 */
export function shortPublicText(field: string, error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine((v) => !hasForbiddenCharacters(v), forbiddenCharactersMessage(field));
}

/** The same for a long public text (a race description): line breaks and tabs allowed. */
export function longPublicText(field: string, error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine((v) => !hasForbiddenCharactersInLongText(v), forbiddenCharactersMessage(field));
}

/** SPEC-style message for a field holding a forbidden character ("First name", "Boat name"). */
export function forbiddenCharactersMessage(field: string): string {
  return `${field} must not contain control or text-direction characters.`;
}

// Digits, spaces and + ( ) - . only, with at least one digit.
const TELEPHONE = /^[0-9 +().-]*[0-9][0-9 +().-]*$/;

export function isTelephone(value: string): boolean {
  return TELEPHONE.test(value);
}

export const TELEPHONE_MESSAGE = "Telephone number may contain only digits, spaces and + ( ) - .";

/**
 * What a name or a telephone number may contain, shared by the registration form and the admin
 * competitor form (browser and server). Names are shown on public pages and in e-mails: control
 * characters break layouts and logs, and bidi overrides can make a name read as something else.
 */

// C0/C1 controls and DEL (\p{Cc}), line/paragraph separators, and every bidi embedding, override,
// isolate and mark (U+061C, U+200E-200F, U+202A-202E, U+2066-2069).
const FORBIDDEN_IN_TEXT = /[\p{Cc}\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_IN_TEXT.test(value);
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

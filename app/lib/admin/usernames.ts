/**
 * The username rule (issue 31 item 8, decision 0041), one for every way an admin gets a name: an
 * invitation, `npm run admin`, ADMIN_USERNAME and the demo admin. A username is shown to other
 * admins (the Admins screen, the audit log), so two names must never look alike: it is kept and
 * compared in one folded form (NFKC, then lower case) and must then be made of a safe alphabet,
 * lowercase a-z and 0-9 with `.`, `_` or `-` only between them. No zero-width or soft hyphen
 * hides in it, no Cyrillic "ѕ" passes for an "s", and "SecAdmin" is "secadmin". Lower case only,
 * so a capital "I" never passes for an "l" either.
 *
 * Pure (browser and server). The database compares in the same form: `lower(normalize(username,
 * NFKC))` has a unique index (migration 0027); for a name that passes this rule both folds agree.
 */

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;

export const USERNAME_MESSAGE =
  "Username must be 3 to 32 characters: lowercase letters a-z and digits, with . _ or - only between them.";

const SAFE_USERNAME = /^[a-z0-9]+(?:[._-][a-z0-9]+)*$/;

/** The one form a username is stored and compared in. */
export function foldUsername(value: string): string {
  return value.normalize("NFKC").toLowerCase().trim();
}

/** Whether a folded name meets the rule. */
export function isSafeUsername(folded: string): boolean {
  return folded.length >= USERNAME_MIN_LENGTH && folded.length <= USERNAME_MAX_LENGTH && SAFE_USERNAME.test(folded);
}

/** The name as it would be stored, or null when it breaks the rule (then show USERNAME_MESSAGE). */
export function safeUsername(value: string): string | null {
  // Nothing this long is a username: refused before normalizing, so the work stays small.
  if (value.length > 4 * USERNAME_MAX_LENGTH) return null;
  const folded = foldUsername(value);
  return isSafeUsername(folded) ? folded : null;
}

/**
 * What the text people type may contain, shared by every form (browser and server) and the import.
 * Short public texts (names, boat name and number, race title and location, season name) are shown
 * on pages, in e-mails, calendar files and CSV: control characters break layouts, logs and those
 * formats (a line break in a title once injected whole iCalendar blocks), and bidi overrides can
 * make a text read as something else.
 */
import { z } from "~/lib/util/zod";
import { forbiddenCharactersCheck, forbiddenCharactersMessage, hasForbiddenCharactersInLongText } from "~/lib/util/text-rules";

export {
  forbiddenCharactersCheck,
  forbiddenCharactersMessage,
  hasForbiddenCharacters,
  hasForbiddenCharactersInLongText,
  isTelephone,
  TELEPHONE_MESSAGE,
} from "~/lib/util/text-rules";

/**
 * The one rule for a short public text field: a string refused when it holds a forbidden
 * character, checked before trimming so a trailing line break is refused rather than dropped.
 * Add the field's own trim, length and messages after it (`.check(z.trim(), ...)`).
 */
export function shortPublicText(field: string, error?: string) {
  return z.string(error === undefined ? undefined : { error }).check(forbiddenCharactersCheck(field));
}

/** The same for a long public text (a race description): line breaks and tabs allowed. */
export function longPublicText(field: string, error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .check(z.refine((v) => !hasForbiddenCharactersInLongText(v), forbiddenCharactersMessage(field)));
}

/**
 * The news form's rules and messages, shared by the browser (Conform) and the server, plus the
 * pinning rule the home page and the admin list read.
 */
import { z } from "~/lib/util/zod";
import { isCalendarDate } from "~/lib/util/calendar-date";
import { longPublicText, shortPublicText } from "~/lib/util/input-rules";
import { MAX_ID } from "~/lib/util/params";

export const NEWS_TITLE_MAX = 120;
export const NEWS_BODY_MAX = 10_000;
export const PIN_DATE_MESSAGE = "Please enter a valid date, or leave it blank.";

export const newsSchema = z.object({
  id: z.optional(z.number().check(z.int(), z.positive(), z.maximum(MAX_ID))),
  title: shortPublicText("Title", "Title is required.").check(
    z.trim(),
    z.minLength(1, "Title is required."),
    z.maxLength(NEWS_TITLE_MAX, `At most ${NEWS_TITLE_MAX} characters.`),
  ),
  body: longPublicText("Text", "Text is required.").check(
    z.refine((v) => v.trim().length > 0, "Text is required."),
    z.refine((v) => v.length <= NEWS_BODY_MAX, `At most ${NEWS_BODY_MAX.toLocaleString("en-US")} characters.`),
  ),
  pinnedUntil: z.optional(
    z.string({ error: PIN_DATE_MESSAGE }).check(
      z.trim(),
      z.refine((v) => isCalendarDate(v), PIN_DATE_MESSAGE),
    ),
  ),
  raceId: z.optional(z.number({ error: "Please choose a race from the list." }).check(z.int(), z.positive(), z.maximum(MAX_ID))),
});
export type NewsInput = z.infer<typeof newsSchema>;

/** Whether a notice pinned until `pinnedUntil` (a club day, inclusive) is on the home page on `today`. */
export function isPinned(pinnedUntil: string | null, today: string): boolean {
  return pinnedUntil !== null && pinnedUntil >= today;
}

/** Notices per page of /news. */
export const NEWS_PAGE_SIZE = 10;

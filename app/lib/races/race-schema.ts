/**
 * The race form's rules and messages (SPEC section 5), shared by the browser and the server,
 * which checks every submission again.
 */
import { z } from "~/lib/util/zod";
import { isCalendarDate, LOCAL_DATE_TIME } from "~/lib/util/calendar-date";
import { longPublicText } from "~/lib/util/input-rules";
import { IMAGE_URL_MESSAGE, isSiteImagePath } from "~/lib/platform/site";
import { RACE_STATUSES } from "~/lib/races/race-timing";
import { recordId, requiredText } from "~/lib/platform/schema-fields";

export const ENTRY_WINDOW_MESSAGES = {
  format: "Please enter a date and a time.",
  order: "Entries must close after they open.",
} as const;

const entryTime = z
  .optional(z.string().check(z.trim()))
  .check(z.refine((v) => !v || (LOCAL_DATE_TIME.test(v) && isCalendarDate(v.slice(0, 10))), ENTRY_WINDOW_MESSAGES.format));

/** SPEC section 9's minimum; the form says it under the field before anyone meets the message. */
export const RACE_DESCRIPTION_MIN = 10;
// SPEC's words, as written (the number matches RACE_DESCRIPTION_MIN).
const RACE_DESCRIPTION_MESSAGE = "Description must be at least 10 characters.";

export const raceSchema = z
  .object({
    id: z.optional(recordId()),
    title: requiredText("Title", 2, "Title must be at least 2 characters.", 120),
    date: z.string({ error: "Please select a date." }).check(z.trim(), z.refine(isCalendarDate, "Please select a date.")),
    location: requiredText("Location", 2, "Location must be at least 2 characters.", 120),
    description: longPublicText("Description", RACE_DESCRIPTION_MESSAGE).check(
      z.trim(),
      z.minLength(RACE_DESCRIPTION_MIN, RACE_DESCRIPTION_MESSAGE),
      z.maxLength(2000, "At most 2000 characters."),
    ),
    // Our pages load images from our own site only (DESIGN: no third-party requests; CSP img-src 'self').
    imageUrl: z
      .optional(z.string().check(z.trim(), z.maxLength(500, "At most 500 characters.")))
      .check(z.refine((v) => !v || isSiteImagePath(v), IMAGE_URL_MESSAGE)),
    status: z.enum(RACE_STATUSES, "Please select a status."),
    // A checkbox: posted as "on" when ticked, absent when not.
    countsForChampionship: z.optional(z.boolean()),
    // Club time ("yyyy-MM-ddTHH:mm" from a datetime-local input); blank = no limit.
    entriesOpen: entryTime,
    entriesClose: entryTime,
  })
  .check(
    z.refine((race) => !race.entriesOpen || !race.entriesClose || race.entriesClose > race.entriesOpen, {
      message: ENTRY_WINDOW_MESSAGES.order,
      path: ["entriesClose"],
    }),
  );
export type RaceInput = z.infer<typeof raceSchema>;

/**
 * The admin forms' rules and messages (SPEC section 5), shared by the browser (Conform) and the
 * server, which checks every submission again.
 */
import { z } from "~/lib/util/zod";
import { boatClassListSchema, canonicalBoatClass, isBoatClass, type BoatClass } from "~/lib/races/boat-classes";
import { isCalendarDate, LOCAL_DATE_TIME } from "~/lib/util/calendar-date";
import { isTelephone, longPublicText, shortPublicText, TELEPHONE_MESSAGE } from "~/lib/util/input-rules";
import { MAX_ID } from "~/lib/util/params";
import { LAP_TIME_MESSAGE, parseLapTime } from "~/lib/race-day/lap-time";
import { IMAGE_URL_MESSAGE, isSiteImagePath } from "~/lib/site/site";
import { RACE_STATUSES } from "~/lib/races/race-timing";

/** Required public text (shortPublicText's rule) with one message for "missing" and "too short". */
function text(field: string, min: number, message: string, max = 100) {
  return shortPublicText(field, message).check(
    z.trim(),
    z.minLength(min, message),
    z.maxLength(max, `At most ${max} characters.`),
  );
}

/** Optional text: blank is fine, anything typed must meet the minimum. */
function optionalText(min: number, message: string, max = 100, base = z.string()) {
  return z
    .optional(base.check(z.trim(), z.maxLength(max, `At most ${max} characters.`)))
    .check(z.refine((v) => !v || v.length >= min, message));
}

/** A hidden record id (the row being edited): a positive whole number in the database's range. */
const recordId = () => z.number().check(z.int(), z.positive(), z.maximum(MAX_ID));

export const competitorSchema = z.object({
  id: z.optional(recordId()),
  firstName: text("First name", 2, "First name must be at least 2 characters."),
  lastName: text("Last name", 2, "Last name must be at least 2 characters."),
  email: z.pipe(
    z
      .string({ error: "Please enter a valid email address." })
      .check(z.trim(), z.maxLength(254, "Please enter a valid email address.")),
    z.email("Please enter a valid email address."),
  ),
  // Drivers who registered themselves may have no telephone or boat name: blank stays allowed.
  telephone: optionalText(5, "Telephone number must be at least 5 characters.", 30).check(
    z.refine((v) => !v || isTelephone(v), TELEPHONE_MESSAGE),
  ),
  boatName: optionalText(2, "Boat name must be at least 2 characters.", 100, shortPublicText("Boat name")),
  boatNumber: text("Boat number", 1, "Boat number is required.", 10),
  boatColour: z.optional(shortPublicText("Boat colour").check(z.trim(), z.maxLength(40, "At most 40 characters."))),
  boatClasses: boatClassListSchema("Please select a boat class."),
});
export type CompetitorInput = z.infer<typeof competitorSchema>;

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
    title: text("Title", 2, "Title must be at least 2 characters.", 120),
    date: z.string({ error: "Please select a date." }).check(z.trim(), z.refine(isCalendarDate, "Please select a date.")),
    location: text("Location", 2, "Location must be at least 2 characters.", 120),
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

export const MAX_COMPETITORS_PER_HEAT = 50;
export const DEFAULT_COMPETITOR_COUNT = 5;

/** A lap or race time: empty, or m:ss.cc as `parseLapTime` reads it (stored normalized). */
function timeField() {
  return z.optional(
    z.pipe(
      z.string().check(
        z.trim(),
        z.maxLength(20, "At most 20 characters."),
        z.refine((v) => !v || parseLapTime(v) !== null, LAP_TIME_MESSAGE),
      ),
      z.transform((v: string) => (v ? (parseLapTime(v) ?? v) : v)),
    ),
  );
}

const resultRowSchema = z.object({
  position: z
    .number({ error: "Position must be a whole number of 1 or more." })
    .check(
      z.int("Position must be a whole number of 1 or more."),
      z.minimum(1, "Position must be a whole number of 1 or more."),
      z.maximum(999, "Position must be at most 999."),
    ),
  competitorId: z
    .number({ error: "Please select a competitor." })
    .check(z.int(), z.positive("Please select a competitor."), z.maximum(MAX_ID, "Please select a competitor.")),
  laps: z.optional(
    z
      .number({ error: "Laps must be a whole number of 0 or more." })
      .check(
        z.int("Laps must be a whole number of 0 or more."),
        z.minimum(0, "Laps must be a whole number of 0 or more."),
        z.maximum(10_000),
      ),
  ),
  lapTime: timeField(),
  bestLap: timeField(),
  totalTime: timeField(),
});

export const resultsSchema = z
  .object({
    raceId: recordId(),
    heatNumber: z
      .number({ error: "Heat number must be at least 1" })
      .check(
        z.int("Heat number must be at least 1"),
        z.minimum(1, "Heat number must be at least 1"),
        z.maximum(99, "Heat number must be at most 99"),
      ),
    // The check lets only a BoatClass through; zod/mini's checks do not narrow the type by themselves.
    boatClass: z
      .pipe(z.string({ error: "Please select a boat class" }), z.transform(canonicalBoatClass))
      .check(z.refine(isBoatClass, "Please select a boat class")) as z.ZodMiniType<BoatClass, string>,
    competitorCount: z
      .number({ error: "Competitor count must be at least 1" })
      .check(
        z.int("Competitor count must be at least 1"),
        z.minimum(1, "Competitor count must be at least 1"),
        z.maximum(MAX_COMPETITORS_PER_HEAT, "Competitor count must be at most 50"),
      ),
    rows: z._default(z.array(resultRowSchema).check(z.maxLength(MAX_COMPETITORS_PER_HEAT)), []),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.rows.length !== value.competitorCount) {
        ctx.addIssue({ code: "custom", path: ["competitorCount"], message: "The rows do not match the competitor count." });
      }
      const competitors = new Map<number, number>();
      const positions = new Map<number, number>();
      value.rows.forEach((row, index) => {
        if (competitors.has(row.competitorId)) {
          ctx.addIssue({
            code: "custom",
            path: ["rows", index, "competitorId"],
            message: "This competitor is already in this heat.",
          });
        } else competitors.set(row.competitorId, index);
        if (positions.has(row.position)) {
          ctx.addIssue({
            code: "custom",
            path: ["rows", index, "position"],
            message: `Position ${row.position} is given twice in this heat.`,
          });
        } else positions.set(row.position, index);
      });
    }),
  );
export type ResultsInput = z.infer<typeof resultsSchema>;

/** The position a results row scores with: an invalid entry falls back to 1 (SPEC section 5). */
export function effectivePosition(input: string | number | undefined): number {
  const n = typeof input === "number" ? input : Number(String(input ?? "").trim());
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

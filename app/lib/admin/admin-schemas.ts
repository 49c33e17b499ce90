/**
 * The admin forms' rules and messages (SPEC section 5), shared by the browser (Conform) and the
 * server, which checks every submission again.
 */
import { z } from "~/lib/util/zod";
import { boatClassListSchema, canonicalBoatClass, isBoatClass } from "~/lib/races/boat-classes";
import { isCalendarDate, LOCAL_DATE_TIME } from "~/lib/util/calendar-date";
import { isTelephone, longPublicText, shortPublicText, TELEPHONE_MESSAGE } from "~/lib/util/input-rules";
import { MAX_ID } from "~/lib/util/params";
import { LAP_TIME_MESSAGE, parseLapTime } from "~/lib/race-day/lap-time";
import { IMAGE_URL_MESSAGE, isSiteImagePath } from "~/lib/site/site";
import { RACE_STATUSES } from "~/lib/races/race-timing";

export const MIN_PASSWORD_LENGTH = 12;

export const loginSchema = z.object({
  username: z.string({ error: "Username is required." }).trim().min(1, "Username is required.").max(100),
  password: z.string({ error: "Password is required." }).min(1, "Password is required.").max(1000),
});

/** Required public text (shortPublicText's rule) with one message for "missing" and "too short". */
function text(field: string, min: number, message: string, max = 100) {
  return shortPublicText(field, message).trim().min(min, message).max(max, `At most ${max} characters.`);
}

/** Optional text: blank is fine, anything typed must meet the minimum. */
function optionalText(min: number, message: string, max = 100, base = z.string()) {
  return base
    .trim()
    .max(max, `At most ${max} characters.`)
    .optional()
    .refine((v) => !v || v.length >= min, message);
}

export const competitorSchema = z.object({
  id: z.number().int().positive().max(MAX_ID).optional(),
  firstName: text("First name", 2, "First name must be at least 2 characters."),
  lastName: text("Last name", 2, "Last name must be at least 2 characters."),
  email: z
    .string({ error: "Please enter a valid email address." })
    .trim()
    .max(254, "Please enter a valid email address.")
    .pipe(z.email("Please enter a valid email address.")),
  // Drivers who registered themselves may have no telephone or boat name: blank stays allowed.
  telephone: optionalText(5, "Telephone number must be at least 5 characters.", 30).refine(
    (v) => !v || isTelephone(v),
    TELEPHONE_MESSAGE,
  ),
  boatName: optionalText(2, "Boat name must be at least 2 characters.", 100, shortPublicText("Boat name")),
  boatNumber: text("Boat number", 1, "Boat number is required.", 10),
  boatColour: shortPublicText("Boat colour").trim().max(40, "At most 40 characters.").optional(),
  boatClasses: boatClassListSchema("Please select a boat class."),
});
export type CompetitorInput = z.infer<typeof competitorSchema>;

export const ENTRY_WINDOW_MESSAGES = {
  format: "Please enter a date and a time.",
  order: "Entries must close after they open.",
} as const;

const entryTime = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || (LOCAL_DATE_TIME.test(v) && isCalendarDate(v.slice(0, 10))), ENTRY_WINDOW_MESSAGES.format);

export const raceSchema = z
  .object({
    id: z.number().int().positive().max(MAX_ID).optional(),
    title: text("Title", 2, "Title must be at least 2 characters.", 120),
    date: z.string({ error: "Please select a date." }).trim().refine(isCalendarDate, "Please select a date."),
    location: text("Location", 2, "Location must be at least 2 characters.", 120),
    description: longPublicText("Description", "Description must be at least 10 characters.")
      .trim()
      .min(10, "Description must be at least 10 characters.")
      .max(2000, "At most 2000 characters."),
    // Our pages load images from our own site only (DESIGN: no third-party requests; CSP img-src 'self').
    imageUrl: z
      .string()
      .trim()
      .max(500, "At most 500 characters.")
      .optional()
      .refine((v) => !v || isSiteImagePath(v), IMAGE_URL_MESSAGE),
    status: z.enum(RACE_STATUSES, "Please select a status."),
    // A checkbox: posted as "on" when ticked, absent when not.
    countsForChampionship: z.boolean().optional(),
    // Club time ("yyyy-MM-ddTHH:mm" from a datetime-local input); blank = no limit.
    entriesOpen: entryTime,
    entriesClose: entryTime,
  })
  .refine((race) => !race.entriesOpen || !race.entriesClose || race.entriesClose > race.entriesOpen, {
    message: ENTRY_WINDOW_MESSAGES.order,
    path: ["entriesClose"],
  });
export type RaceInput = z.infer<typeof raceSchema>;

export const MAX_COMPETITORS_PER_HEAT = 50;
export const DEFAULT_COMPETITOR_COUNT = 5;

/** A lap or race time: empty, or m:ss.cc as `parseLapTime` reads it (stored normalized). */
function timeField() {
  return z
    .string()
    .trim()
    .max(20, "At most 20 characters.")
    .refine((v) => !v || parseLapTime(v) !== null, LAP_TIME_MESSAGE)
    .transform((v) => (v ? (parseLapTime(v) ?? v) : v))
    .optional();
}

const resultRowSchema = z.object({
  position: z
    .number({ error: "Position must be a whole number of 1 or more." })
    .int("Position must be a whole number of 1 or more.")
    .min(1, "Position must be a whole number of 1 or more.")
    .max(999, "Position must be at most 999."),
  competitorId: z
    .number({ error: "Please select a competitor." })
    .int()
    .positive("Please select a competitor.")
    .max(MAX_ID, "Please select a competitor."),
  laps: z
    .number({ error: "Laps must be a whole number of 0 or more." })
    .int("Laps must be a whole number of 0 or more.")
    .min(0, "Laps must be a whole number of 0 or more.")
    .max(10_000)
    .optional(),
  lapTime: timeField(),
  bestLap: timeField(),
  totalTime: timeField(),
});

export const resultsSchema = z
  .object({
    raceId: z.number().int().positive().max(MAX_ID),
    heatNumber: z
      .number({ error: "Heat number must be at least 1" })
      .int("Heat number must be at least 1")
      .min(1, "Heat number must be at least 1")
      .max(99, "Heat number must be at most 99"),
    boatClass: z
      .string({ error: "Please select a boat class" })
      .transform(canonicalBoatClass)
      .refine(isBoatClass, "Please select a boat class"),
    competitorCount: z
      .number({ error: "Competitor count must be at least 1" })
      .int("Competitor count must be at least 1")
      .min(1, "Competitor count must be at least 1")
      .max(MAX_COMPETITORS_PER_HEAT, "Competitor count must be at most 50"),
    rows: z.array(resultRowSchema).max(MAX_COMPETITORS_PER_HEAT).default([]),
  })
  .superRefine((value, ctx) => {
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
  });
export type ResultsInput = z.infer<typeof resultsSchema>;

/** The position a results row scores with: an invalid entry falls back to 1 (SPEC section 5). */
export function effectivePosition(input: string | number | undefined): number {
  const n = typeof input === "number" ? input : Number(String(input ?? "").trim());
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * The admin season form's rules and messages, shared by the browser (Conform) and the server.
 */
import { z } from "~/lib/util/zod";
import { isCalendarDate } from "~/lib/util/calendar-date";
import { shortPublicText } from "~/lib/util/input-rules";
import { MAX_ID } from "~/lib/util/params";
import { SEASON_KEY_PATTERN } from "~/lib/championship/seasons";

export const POINTS_TABLE_MESSAGE = "Points: 1 to 50 whole numbers of 0 or more, separated by commas.";

/** "25, 20, 15" -> [25, 20, 15]; null when it is not such a list. */
export function parsePointsTable(text: string): number[] | null {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length < 1 || parts.length > 50 || !parts.every((p) => /^\d{1,4}$/.test(p))) return null;
  return parts.map(Number);
}

const count = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a whole number of ${min} or more.` })
    .check(
      z.int(`${label} must be a whole number of ${min} or more.`),
      z.minimum(min, `${label} must be a whole number of ${min} or more.`),
      z.maximum(99, `${label} must be at most 99.`),
    );

const date = (message: string) => z.string({ error: message }).check(z.trim(), z.refine(isCalendarDate, message));

export const seasonSchema = z
  .object({
    id: z.optional(z.number().check(z.int(), z.positive(), z.maximum(MAX_ID))),
    key: z.string({ error: "Short form is required." }).check(
      z.trim(),
      z.regex(SEASON_KEY_PATTERN, "Short form: lower-case letters, digits and dashes, such as 2026 or 2026-27."),
      z.refine((v) => v !== "all", 'Short form: "all" is taken by the all-seasons standings.'),
    ),
    name: shortPublicText("Name", "Name is required.").check(
      z.trim(),
      z.minLength(1, "Name is required."),
      z.maxLength(80, "At most 80 characters."),
    ),
    startsOn: date("Please select the first day."),
    endsOn: date("Please select the last day."),
    pointsTable: z.string({ error: POINTS_TABLE_MESSAGE }).check(
      z.trim(),
      z.refine((v) => parsePointsTable(v) !== null, POINTS_TABLE_MESSAGE),
    ),
    pointsBelow: z
      .number({ error: "Points below the table must be a whole number of 0 or more." })
      .check(
        z.int("Points below the table must be a whole number of 0 or more."),
        z.minimum(0, "Points below the table must be a whole number of 0 or more."),
        z.maximum(9999, "Points below the table must be at most 9999."),
      ),
    bestRounds: z.optional(count("Best rounds", 1)),
    dropRounds: z.optional(count("Rounds dropped", 1)),
    dropAfter: z.optional(count("Rounds run before dropping", 1)),
    minRounds: z.optional(count("Minimum rounds", 0)),
    minEntrants: z.optional(count("Minimum entrants", 0)),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.endsOn < value.startsOn) {
        ctx.addIssue({ code: "custom", path: ["endsOn"], message: "The last day must be on or after the first day." });
      }
      if ((value.dropRounds === undefined) !== (value.dropAfter === undefined)) {
        const path = value.dropRounds === undefined ? "dropRounds" : "dropAfter";
        ctx.addIssue({ code: "custom", path: [path], message: "Give both the rounds dropped and after how many rounds run." });
      } else if (value.dropRounds !== undefined && value.dropAfter !== undefined && value.dropAfter <= value.dropRounds) {
        ctx.addIssue({
          code: "custom",
          path: ["dropAfter"],
          message: "Rounds run before dropping must be more than the rounds dropped.",
        });
      }
    }),
  );
export type SeasonInput = z.infer<typeof seasonSchema>;

/**
 * The results form's rules and messages (SPEC section 5), shared by the browser and the server,
 * which checks every submission again.
 */
import { z } from "~/lib/util/zod";
import { canonicalBoatClass, isBoatClass, type BoatClass } from "~/lib/platform/boat-classes";
import { MAX_ID } from "~/lib/util/params";
import { LAP_TIME_MESSAGE, parseLapTime } from "~/lib/race-day/lap-time";
import { recordId } from "~/lib/platform/schema-fields";

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

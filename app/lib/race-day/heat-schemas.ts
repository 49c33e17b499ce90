/** The heat draw page's forms: one schema per action, one message per rule. */
import { z } from "~/lib/util/zod";
import { MAX_HEAT_SIZE, MAX_SEED, MIN_HEAT_SIZE } from "~/lib/race-day/heat-draw";
import { MAX_ID } from "~/lib/util/params";

const number = (message: string) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v)),
    z.number({ error: message }).check(z.int(message)),
  );

/** A whole number (`number`'s message when it is not one) from `min` to `max`. */
const between = (message: string, min: number, minMessage: string | undefined, max: number, maxMessage: string) =>
  z.pipe(number(message), z.number().check(z.minimum(min, minMessage), z.maximum(max, maxMessage)));

const boatClass = z
  .string({ error: "Please select a boat class" })
  .check(z.trim(), z.minLength(1, "Please select a boat class"), z.maxLength(50));

export const drawSchema = z.object({
  intent: z.literal("draw"),
  boatClass,
  method: z.enum(["random", "standings"], { error: "Please choose how to draw the heats" }),
  heatSize: between(
    `Boats per heat must be a whole number from ${MIN_HEAT_SIZE} to ${MAX_HEAT_SIZE}`,
    MIN_HEAT_SIZE,
    `Boats per heat must be at least ${MIN_HEAT_SIZE}`,
    MAX_HEAT_SIZE,
    `Boats per heat must be at most ${MAX_HEAT_SIZE}`,
  ),
  // Empty: a new seed. A seed given again repeats its draw.
  seed: z.pipe(
    z.transform((v: unknown) => (v === "" || v === undefined ? undefined : v)),
    z.optional(
      between(
        `The seed must be a whole number from 1 to ${MAX_SEED}`,
        1,
        undefined,
        MAX_SEED,
        `The seed must be a whole number from 1 to ${MAX_SEED}`,
      ),
    ),
  ),
  // A ticked box: draw only the boats checked in (issue 36 item 1).
  checkedInOnly: z.pipe(
    z.optional(z.string()),
    z.transform((v: string | undefined) => v !== undefined && v !== ""),
  ),
});

export const moveSchema = z.object({
  intent: z.literal("move"),
  boatClass,
  competitorId: between("Please select a boat", 1, "Please select a boat", MAX_ID, "Please select a boat"),
  heatNumber: between("Please choose a heat", 1, "Please choose a heat", 99, "Please choose a heat"),
});

/** A late arrival (a boat in no heat) put into a heat: until the class's first result. */
export const lateSchema = z.object({ ...moveSchema.shape, intent: z.literal("late") });

export const lockSchema = z.object({ intent: z.literal("lock"), boatClass });

export const officialSchema = z.object({ intent: z.literal("official") });

/** Every field any of the three forms may post, for the form reader's field-name check. */
export const heatFormFields = z.object({
  ...drawSchema.shape,
  ...moveSchema.shape,
  intent: z.string(),
});

/** The heat draw page's forms: one schema per action, one message per rule. */
import { z } from "zod";
import { MAX_HEAT_SIZE, MAX_SEED, MIN_HEAT_SIZE } from "~/lib/race-day/heat-draw";
import { MAX_ID } from "~/lib/util/params";

const number = (message: string) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number({ error: message }).int(message));

const boatClass = z.string({ error: "Please select a boat class" }).trim().min(1, "Please select a boat class").max(50);

export const drawSchema = z.object({
  intent: z.literal("draw"),
  boatClass,
  method: z.enum(["random", "standings"], { error: "Please choose how to draw the heats" }),
  heatSize: number(`Boats per heat must be a whole number from ${MIN_HEAT_SIZE} to ${MAX_HEAT_SIZE}`).pipe(
    z
      .number()
      .min(MIN_HEAT_SIZE, `Boats per heat must be at least ${MIN_HEAT_SIZE}`)
      .max(MAX_HEAT_SIZE, `Boats per heat must be at most ${MAX_HEAT_SIZE}`),
  ),
  // Empty: a new seed. A seed given again repeats its draw.
  seed: z.preprocess(
    (v) => (v === "" || v === undefined ? undefined : v),
    number(`The seed must be a whole number from 1 to ${MAX_SEED}`)
      .pipe(z.number().min(1).max(MAX_SEED, `The seed must be a whole number from 1 to ${MAX_SEED}`))
      .optional(),
  ),
});

export const moveSchema = z.object({
  intent: z.literal("move"),
  boatClass,
  competitorId: number("Please select a boat").pipe(
    z.number().min(1, "Please select a boat").max(MAX_ID, "Please select a boat"),
  ),
  heatNumber: number("Please choose a heat").pipe(z.number().min(1, "Please choose a heat").max(99, "Please choose a heat")),
});

export const lockSchema = z.object({ intent: z.literal("lock"), boatClass });

export const officialSchema = z.object({ intent: z.literal("official") });

/** Every field any of the three forms may post, for the form reader's field-name check. */
export const heatFormFields = z.object({
  ...drawSchema.shape,
  ...moveSchema.shape,
  intent: z.string(),
});

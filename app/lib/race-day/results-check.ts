/**
 * Requests for a results check (issue 36 item 3, decision 0056): the protest window before a
 * race's results are official. The forms' rules, their limits and the words every screen shows,
 * without a date library (the admin screens import this; the window's time rule is
 * results-check-window.ts).
 */
import { z } from "~/lib/util/zod";
import { longPublicText } from "~/lib/util/input-rules";
import { MAX_ID } from "~/lib/util/params";

/** The club setting's default and bounds (minutes after the race day's last results save; 0: no window). */
export const RESULTS_CHECK_MINUTES = { default: 30, max: 120 } as const;

export const RESULTS_CHECK_LIMITS = {
  problem: 1000,
  asked: 500,
  reason: 500,
  /** Undecided requests one racer may have in one race: enough for every heat they doubt, not a flood. */
  waitingPerRacer: 3,
} as const;

export type ResultsCheckOutcome = "accepted" | "refused";

/** A heat as the filing form's select posts it: "Open:2". */
export function heatChoice(heat: { boatClass: string; heatNumber: number }): string {
  return `${heat.boatClass}:${heat.heatNumber}`;
}

export function heatName(heat: { boatClass: string; heatNumber: number }): string {
  return `${heat.boatClass} heat ${heat.heatNumber}`;
}

export const RESULTS_CHECK_TEXT = {
  openUntil: (time: string) => `Requests for a results check are open until ${time}`,
  title: "Results check",
  pageTitle: "Request a Results Check",
  link: "Request a results check",
  filed: (heat: string) => `Your request about ${heat} is filed. An official will decide it; the race page shows the outcome.`,
  waiting: "Waiting for a decision",
  accepted: "Accepted",
  refused: "Refused",
  noHeats: "No heat of your classes has results yet, so there is nothing to check.",
  closed: {
    type: "error",
    title: "Requests Closed",
    description: "Requests for a results check are closed for this race. Please speak to the race officer.",
  },
  notEntrant: {
    type: "error",
    title: "Not Entered",
    description: "This link's entry has no class in this race, so it cannot ask for a results check.",
  },
  unknownHeat: { type: "error", title: "Nothing was filed", description: "Please choose one of your heats." },
  tooManyWaiting: {
    type: "error",
    title: "Nothing was filed",
    description: `You already have ${RESULTS_CHECK_LIMITS.waitingPerRacer} requests waiting for a decision; please wait for them.`,
  },
  invalid: { type: "error", title: "Nothing was filed", description: "Please correct the marked fields." },
  minutesSaved: (minutes: number) =>
    minutes === 0
      ? "Racers can no longer ask for a results check; results can be made official at once."
      : `Requests for a results check stay open ${minutes} minutes after the race day's last results.`,
} as const;

/** Why "Mark results official" is refused (null: it may go ahead). */
export function officialBlockedMessage(state: { openUntil: string | null; undecided: number }): string | null {
  if (state.openUntil) {
    return `Requests for a results check are open until ${state.openUntil}; the results can be made official after that.`;
  }
  if (state.undecided > 0) {
    return state.undecided === 1
      ? "A request for a results check is waiting for a decision; decide it on the Heats page first."
      : `${state.undecided} requests for a results check are waiting for a decision; decide them on the Heats page first.`;
  }
  return null;
}

const text = (field: string, max: number) =>
  longPublicText(field, `${field} is required.`).check(
    z.trim(),
    z.minLength(1, `${field} is required.`),
    z.maxLength(max, `${field}: at most ${max} characters.`),
  );

/** The racer's form on their entry link. */
export const fileResultsCheckSchema = z.object({
  heat: z
    .string({ error: "Please choose one of your heats." })
    .check(z.trim(), z.minLength(1, "Please choose one of your heats."), z.maxLength(60, "Please choose one of your heats.")),
  problem: text("What you think is wrong", RESULTS_CHECK_LIMITS.problem),
  asked: text("What you ask for", RESULTS_CHECK_LIMITS.asked),
});
export type FileResultsCheckInput = z.output<typeof fileResultsCheckSchema>;

const id = (message: string) =>
  z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v)),
    z.number({ error: message }).check(z.int(message), z.minimum(1, message), z.maximum(MAX_ID, message)),
  );

/** An admin's decision on the Heats page: accepted with the change log entry it made, or refused; both with a reason. */
export const decideResultsCheckSchema = z
  .object({
    intent: z.literal("decide"),
    requestId: id("This request no longer exists."),
    outcome: z.enum(["accepted", "refused"], { error: "Please choose Accept or Refuse." }),
    reason: text("Reason", RESULTS_CHECK_LIMITS.reason),
    changeId: z.optional(
      z.pipe(
        z.transform((v: unknown) => (v === "" ? undefined : v)),
        z.optional(id("Please choose the change the request made.")),
      ),
    ),
  })
  .check(
    z.refine((v) => v.outcome !== "accepted" || v.changeId !== undefined, {
      message: "Please choose the change the request made (save the corrected results first).",
      path: ["changeId"],
    }),
  );
export type DecideResultsCheckInput = Omit<z.output<typeof decideResultsCheckSchema>, "intent">;
/** The decision's fields, beside the heat forms' own on the Heats page (its form reader's names). */
export const DECIDE_FIELDS = ["requestId", "outcome", "reason", "changeId"] as const;

/** The owner's setting at /admin/settings. */
export const resultsCheckMinutesSchema = z.object({
  minutes: z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v)),
    z
      .number({ error: `Minutes must be a whole number from 0 to ${RESULTS_CHECK_MINUTES.max}.` })
      .check(
        z.int(`Minutes must be a whole number from 0 to ${RESULTS_CHECK_MINUTES.max}.`),
        z.minimum(0, `Minutes must be a whole number from 0 to ${RESULTS_CHECK_MINUTES.max}.`),
        z.maximum(RESULTS_CHECK_MINUTES.max, `Minutes must be a whole number from 0 to ${RESULTS_CHECK_MINUTES.max}.`),
      ),
  ),
});

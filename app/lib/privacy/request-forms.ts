/**
 * The owner's privacy requests screen (issue 35 item 4): its forms (a request made on paper, an
 * extension, an answer, an erasure), how a request reads in the list, and the words the screen and
 * the overview share. Pure: the server's action and the screen read the same rules.
 */
import { z } from "~/lib/util/zod";
import { longPublicText } from "~/lib/util/input-rules";
import { isCalendarDate } from "~/lib/util/calendar-date";
import { addDays, dueDay, dueSoon, EXTENSION_DAYS, type RequestKind, type RequestStatus } from "~/lib/privacy/requests";

export const KIND_WORDS: Readonly<Record<RequestKind, string>> = {
  access: "See and get a copy of their data",
  correction: "Correct their details",
  erasure: "Erase their record",
};

export const STATUS_WORDS: Readonly<Record<RequestStatus, string>> = { open: "Open", done: "Done", refused: "Refused" };

/** How far back an owner may date the confirmation of a paper request's identity. */
export const CONFIRMED_WITHIN_DAYS = 365;

const MAX_NOTE = 2000;

const note = (field: string) =>
  longPublicText(field).check(z.trim(), z.maxLength(MAX_NOTE, `${field}: at most ${MAX_NOTE} characters.`));

const requiredNote = (field: string, message: string) => note(field).check(z.minLength(1, message));

const day = (message: string) =>
  z.string({ error: message }).check(
    z.trim(),
    z.refine((v) => isCalendarDate(v), message),
  );

const id = (message: string) => z.string({ error: message }).check(z.regex(/^[1-9]\d{0,9}$/, message));

export const PICK_RACER = "Choose the racer who asked.";
export const PICK_REQUEST = "This request no longer exists.";

/** Every action of the screen, by its `intent`. */
export const privacyScreenSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    kind: z.enum(["access", "correction", "erasure"], { error: "Choose what the person asked for." }),
    competitorId: id(PICK_RACER),
    identifiedBy: requiredNote("How they were identified", "Say how you confirmed who they are.").check(
      z.maxLength(500, "How they were identified: at most 500 characters."),
    ),
    confirmedOn: day("Enter the day you confirmed who they are."),
  }),
  z.object({
    intent: z.literal("extend"),
    requestId: id(PICK_REQUEST),
    until: day("Enter the new due date."),
    note: requiredNote("How the person was told", "Say how and when you told the person about the extra time."),
  }),
  z.object({ intent: z.literal("done"), requestId: id(PICK_REQUEST), note: z.optional(note("Note")) }),
  z.object({
    intent: z.literal("refuse"),
    requestId: id(PICK_REQUEST),
    note: requiredNote("Why it was refused", "Say why the request was refused."),
  }),
  z.object({ intent: z.literal("erase"), competitorId: id(PICK_RACER), requestId: z.optional(id(PICK_REQUEST)) }),
]);
export type PrivacyScreenForm = z.output<typeof privacyScreenSchema>;

/** Every field name the screen's forms post (what readForm lets through before the union decides). */
export const privacyScreenFields = z.object({
  intent: z.string(),
  kind: z.optional(z.string()),
  competitorId: z.optional(z.string()),
  identifiedBy: z.optional(z.string()),
  confirmedOn: z.optional(z.string()),
  requestId: z.optional(z.string()),
  until: z.optional(z.string()),
  note: z.optional(z.string()),
});

/** Why a paper request's day of confirmation is refused, or null: not after today, not too long ago. */
export function confirmedOnProblem(confirmedOn: string, today: string): string | null {
  if (confirmedOn > today) return "The day you confirmed who they are cannot be in the future.";
  if (confirmedOn < addDays(today, -CONFIRMED_WITHIN_DAYS))
    return `The day you confirmed who they are must be within the last ${CONFIRMED_WITHIN_DAYS} days.`;
  return null;
}

/** The latest day a request confirmed on `confirmed` may be extended to: EXTENSION_DAYS past its 45 days. */
export function latestExtension(confirmed: string): string {
  return addDays(dueDay(confirmed), EXTENSION_DAYS);
}

/** Why an extension to `until` is refused, or null. */
export function extensionProblem(
  confirmed: string,
  extendedUntil: string | null,
  until: string,
  show: (day: string) => string = (d) => d,
): string | null {
  const latest = latestExtension(confirmed);
  if (until <= dueDay(confirmed, extendedUntil)) return "The new due date must be after the one the request has now.";
  if (until > latest) return `A request may be extended by at most ${EXTENSION_DAYS} days, to ${show(latest)}.`;
  return null;
}

/** A request as the screen and the overview see it; days are the club's calendar days. */
export interface RequestView {
  id: number;
  kind: RequestKind;
  source: "link" | "paper";
  status: RequestStatus;
  competitorId: number | null;
  racer: string;
  erased: boolean;
  identifiedBy: string;
  received: string;
  confirmed: string;
  extendedUntil: string | null;
  handledBy: string | null;
  handled: string | null;
  note: string;
}

/** The day the answer is due, with the extension (capped by dueDay). */
export function requestDue(r: Pick<RequestView, "confirmed" | "extendedUntil">): string {
  return dueDay(r.confirmed, r.extendedUntil);
}

/** Open requests the overview warns about: due within WARN_DAYS of today, or overdue; soonest first. */
export function requestsToWarn<T extends Pick<RequestView, "status" | "confirmed" | "extendedUntil">>(
  requests: readonly T[],
  today: string,
): T[] {
  return requests
    .filter((r) => r.status === "open" && dueSoon(requestDue(r), today))
    .sort((a, b) => requestDue(a).localeCompare(requestDue(b)));
}

/** "Due on Jul 30, 2026", "Overdue since ...": what an open request's line says of its date (`shown`: the day as printed). */
export function dueWords(due: string, today: string, shown: string): string {
  return due < today ? `Overdue since ${shown}` : due === today ? `Due today, ${shown}` : `Due on ${shown}`;
}

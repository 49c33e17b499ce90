/**
 * Check-in at the lake (issue 36 item 1, decision 0055), pure: when a racer may check in, what a
 * tap does to a boat that someone else may have changed meanwhile, and the words every page uses.
 * No date library: the admin's phone list imports this module.
 */
import { z } from "~/lib/util/zod";
import { countOf, plural } from "~/lib/util/plural";
import { MAX_ID } from "~/lib/util/params";

export interface CheckInSettings {
  /** When racing starts on a race day, on the club's clock ("10:00"): races have a date, not a time. */
  startTime: string;
  /** How long before the start a racer may check in from their entry link. */
  opensMinutesBefore: number;
}

export const CHECK_IN_DEFAULTS: CheckInSettings = { startTime: "10:00", opensMinutesBefore: 120 };
export const MAX_OPENS_MINUTES_BEFORE = 24 * 60;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const checkInSettingsSchema = z.object({
  startTime: z
    .string({ error: "Racing starts at must be a time such as 10:00." })
    .check(z.trim(), z.regex(TIME, "Racing starts at must be a time such as 10:00.")),
  opensMinutesBefore: z
    .number({ error: `Check-in opens must be a whole number of minutes from 0 to ${MAX_OPENS_MINUTES_BEFORE}.` })
    .check(
      z.int(`Check-in opens must be a whole number of minutes from 0 to ${MAX_OPENS_MINUTES_BEFORE}.`),
      z.minimum(0, `Check-in opens must be a whole number of minutes from 0 to ${MAX_OPENS_MINUTES_BEFORE}.`),
      z.maximum(
        MAX_OPENS_MINUTES_BEFORE,
        `Check-in opens must be a whole number of minutes from 0 to ${MAX_OPENS_MINUTES_BEFORE}.`,
      ),
    ),
});

/** A stored value read back: anything unexpected falls back to the default, field by field. */
export function checkInSettingsFrom(stored: unknown): CheckInSettings {
  const value = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const start = checkInSettingsSchema.shape.startTime.safeParse(value.startTime);
  const opens = checkInSettingsSchema.shape.opensMinutesBefore.safeParse(value.opensMinutesBefore);
  return {
    startTime: start.success ? start.data : CHECK_IN_DEFAULTS.startTime,
    opensMinutesBefore: opens.success ? opens.data : CHECK_IN_DEFAULTS.opensMinutesBefore,
  };
}

/** The club's wall clock: its calendar day ("2026-03-05") and the minutes since its midnight. */
export interface ClubClock {
  day: string;
  minutes: number;
}

const DAY_MINUTES = 24 * 60;

/** Minutes from an arbitrary origin on the club's wall clock (days as UTC days: no time zone here). */
function wallMinutes(day: string, minutes: number): number {
  return Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 60_000 + minutes;
}

function clockOf(total: number): ClubClock {
  const date = new Date(Math.floor(total / DAY_MINUTES) * DAY_MINUTES * 60_000);
  return { day: date.toISOString().slice(0, 10), minutes: ((total % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES };
}

export function timeOfDay(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export type CheckInWindow =
  | { state: "before"; opens: ClubClock }
  | { state: "open" }
  /** The race day is over (or the race was cancelled). */
  | { state: "over" };

/**
 * Whether a racer may check in now: from `opensMinutesBefore` before the start of the race day
 * until the end of that day, on the club's clock.
 */
export function checkInWindow(raceDate: string, settings: CheckInSettings, now: ClubClock, cancelled = false): CheckInWindow {
  if (cancelled || now.day > raceDate) return { state: "over" };
  const [hours, mins] = settings.startTime.split(":").map(Number);
  const opens = wallMinutes(raceDate, hours! * 60 + mins!) - settings.opensMinutesBefore;
  if (wallMinutes(now.day, now.minutes) < opens) return { state: "before", opens: clockOf(opens) };
  return { state: "open" };
}

/** Where a boat stands, as a tap saw it. `version` 0: never checked in. */
export interface CheckInState {
  checkedIn: boolean;
  version: number;
}

export type TapAction = "in" | "undo";

/**
 * What a tap does. Asking for what already is (two admins checking in one boat) changes nothing;
 * asking to change a boat that changed since the tap's phone saw it (another admin undid it while
 * this phone was offline) is a conflict, shown and not applied; otherwise the tap applies.
 */
export function decideTap(current: CheckInState, tap: { action: TapAction; basis: number }): "apply" | "already" | "conflict" {
  if (current.checkedIn === (tap.action === "in")) return "already";
  return current.version === tap.basis ? "apply" : "conflict";
}

/** "12 of 15 boats checked in". */
export function checkedInLine(checkedIn: number, entered: number): string {
  return `${checkedIn} of ${entered} ${plural(entered, "boat")} checked in`;
}

/** A boat of the phone list matches a search by its number (with or without "#") or any part of its names. */
export function matchesCheckInSearch(
  boat: { boatNumber: string; boatName: string | null; driver: string },
  query: string,
): boolean {
  const q = query.trim().toLowerCase().replace(/^#/, "");
  if (q === "") return true;
  return (
    boat.boatNumber.toLowerCase() === q ||
    boat.driver.toLowerCase().includes(q) ||
    (boat.boatName ?? "").toLowerCase().includes(q)
  );
}

/** The words of the entry link's check-in and the admin's list. */
export const CHECK_IN = {
  button: "Check in",
  heading: "Check-in",
  done: "You are checked in. See you on the water!",
  already: (time: string) => `You are checked in (since ${time}).`,
  opens: (time: string, date: string) => `Check-in opens at ${time} on ${date}.`,
  over: "Check-in for this race has closed.",
  notEntered: "This link's entry has no classes left, so there is nothing to check in.",
  conflict: "Another admin changed this boat meanwhile. Nothing was changed: check the boat's state and tap again.",
  queued: (n: number) => `No connection: ${countOf(n, "tap")} waiting, sent when the connection returns.`,
  undo: "Undo",
} as const;

/** The fields of one tap on the admin's list: which boat, what to do, what the phone saw, and the tap's own key. */
export const checkInTapSchema = z.object({
  intent: z.enum(["in", "undo"], { error: "Unknown action." }),
  competitorId: z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v)),
    z.number({ error: "Please select a boat" }).check(z.int(), z.minimum(1, "Please select a boat"), z.maximum(MAX_ID)),
  ),
  basis: z.pipe(
    z.transform((v: unknown) => (typeof v === "string" && /^\d{1,9}$/.test(v) ? Number(v) : v)),
    z.number({ error: "The boat's state is missing: reload the list." }).check(z.int(), z.minimum(0)),
  ),
  key: z
    .string({ error: "The tap has no key: reload the list." })
    .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "The tap has no key: reload the list.")),
});
export type CheckInTap = z.infer<typeof checkInTapSchema>;

/** What a tap's answer says about a boat ("#5 Tidal Flash"), as a toast and on the phone list. */
export function tapMessage(kind: "done" | "already" | "conflict" | "not-entered", action: TapAction, boat: string): string {
  switch (kind) {
    case "done":
      return action === "in" ? `${boat} is checked in.` : `${boat}: check-in undone.`;
    case "already":
      return action === "in" ? `${boat} was already checked in.` : `${boat} was not checked in.`;
    case "conflict":
      return `${boat}: ${CHECK_IN.conflict}`;
    case "not-entered":
      return "That boat is not entered in this race.";
  }
}

/** The check-in section of a racer's entry-link page. */
export type EntryCheckInBlock = { state: "open" } | { state: "checked-in"; text: string } | { state: "before"; text: string };

/**
 * The duty roster (issue 36 item 2, decision 0058), pure: the club's default list and its form,
 * when a reminder is due, and the words every page uses. No date library: the admin's roster
 * screen imports this module (the e-mails' words are in duty-messages.ts).
 */
import { countOf } from "~/lib/util/plural";
import { z } from "~/lib/util/zod";
import { DUTY_LIMITS, dutyRowField, type DutyDefinition } from "~/lib/race-day/duty-settings";

export { DUTY_LIMITS, DUTY_SETTINGS_TEXT, dutyRowField, type DutyDefinition } from "~/lib/race-day/duty-settings";

export const DEFAULT_DUTIES: readonly DutyDefinition[] = [
  { name: "Race officer", places: 1 },
  { name: "Lap counter", places: 2 },
  { name: "Starter", places: 1 },
  { name: "Rescue boat", places: 2 },
];

/** Letters, digits, spaces and a few marks: a duty's name is shown on public pages. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} '&()/.,-]*$/u;

const PLACES_MESSAGE = `How many people must be a whole number from 1 to ${DUTY_LIMITS.maxPlaces}.`;
const NAME_MESSAGE = `A duty's name is 1 to ${DUTY_LIMITS.maxName} letters, digits and spaces.`;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export function checkDutyName(value: unknown): Checked<string> {
  const name = typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "";
  if (name.length === 0 || name.length > DUTY_LIMITS.maxName || !NAME.test(name)) return { ok: false, message: NAME_MESSAGE };
  return { ok: true, value: name };
}

export function checkDutyPlaces(value: unknown): Checked<number> {
  const text = typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,2}$/.test(text)) return { ok: false, message: PLACES_MESSAGE };
  const places = Number(text);
  if (places < 1 || places > DUTY_LIMITS.maxPlaces) return { ok: false, message: PLACES_MESSAGE };
  return { ok: true, value: places };
}

/** The default list from the settings form's rows: every named row checked, names once each. */
export function dutyListFromForm(fields: Readonly<Record<string, string>>): Checked<DutyDefinition[]> {
  const list: DutyDefinition[] = [];
  for (let row = 0; row < DUTY_LIMITS.maxDuties + 4; row++) {
    const rawName = fields[dutyRowField("name", row)];
    if (rawName === undefined || rawName.trim() === "") continue;
    const name = checkDutyName(rawName);
    if (!name.ok) return name;
    const places = checkDutyPlaces(fields[dutyRowField("places", row)]);
    if (!places.ok) return { ok: false, message: `${name.value}: ${places.message}` };
    if (list.some((d) => d.name.toLowerCase() === name.value.toLowerCase())) {
      return { ok: false, message: `${name.value} is in the list twice.` };
    }
    list.push({ name: name.value, places: places.value });
  }
  // A race with no duty at all is an admin's choice on its roster; the club's list keeps one.
  if (list.length === 0) return { ok: false, message: "Keep at least one duty in the list." };
  if (list.length > DUTY_LIMITS.maxDuties) return { ok: false, message: `At most ${DUTY_LIMITS.maxDuties} duties.` };
  return { ok: true, value: list };
}

/** A stored default list read back: anything unexpected is left out; nothing stored yet is the default. */
export function dutyListFrom(stored: unknown): DutyDefinition[] {
  if (!Array.isArray(stored)) return [...DEFAULT_DUTIES];
  return stored.flatMap((d: unknown) => {
    const row = (d && typeof d === "object" ? d : {}) as Record<string, unknown>;
    const name = checkDutyName(row.name);
    const places = checkDutyPlaces(String(row.places));
    return name.ok && places.ok ? [{ name: name.value, places: places.value }] : [];
  });
}

/** Days from `today` to `raceDate` (both "YYYY-MM-DD", the club's calendar). */
export function daysUntil(raceDate: string, today: string): number {
  const day = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10)));
  return Math.round((day(raceDate) - day(today)) / 86_400_000);
}

export type DutyReminderKind = "week" | "day";

/**
 * Which reminder is due today: "week" from 7 days before until 2 days before, "day" the day
 * before and on race day. A place taken late gets the one whose time it is, once.
 */
export function dutyReminderDue(raceDate: string, today: string): DutyReminderKind | null {
  const days = daysUntil(raceDate, today);
  if (days < 0 || days > 7) return null;
  return days <= 1 ? "day" : "week";
}

/** The overview warns about a race this many days ahead (or nearer) with a free duty place. */
export const DUTY_WARN_DAYS = 7;

/** The overview's line: "Spring Cup, Mar 7, 2026: 3 duty places free". */
export function freeDutiesLine(race: { title: string; dateLabel: string; free: number }): string {
  return `${race.title}, ${race.dateLabel}: ${countOf(race.free, "duty place")} free`;
}

/** "Lap counter: Ann Quay, Bob Reef" or "Lap counter: Ann Quay, 1 place free". */
export function dutyLine(duty: { name: string; places: number; people: readonly string[] }): string {
  const free = duty.places - duty.people.length;
  const parts = [...duty.people, ...(free > 0 ? [`${countOf(free, "place")} free`] : [])];
  return `${duty.name}: ${parts.join(", ")}`;
}

/** The words of the entry link's duty pages, the swap link's page and the admin's roster. */
export const DUTY_TEXT = {
  title: "Duty roster",
  heading: "Duties",
  intro: "A race needs people to run it. Take a free place, or ask another member to swap with you.",
  free: (n: number) => `Help run the race: ${countOf(n, "duty place")} still free.`,
  full: "Every duty has its people. Thank you!",
  onDuty: (duty: string) => `You are on duty: ${duty}.`,
  open: "Duty roster",
  volunteer: "Take this duty",
  withdraw: "Give up my duty",
  volunteered: (duty: string) => `Thank you: you are on duty as ${duty}.`,
  taken: "That place was just taken by someone else. Please choose another duty.",
  already: (duty: string) => `You are already on duty at this race (${duty}).`,
  unknownDuty: "That duty is not on this race's roster any more.",
  withdrawn: (duty: string) => `You are no longer on duty as ${duty}.`,
  notOnDuty: "You are not on duty at this race.",
  withdrawRaceDay: "On race day a duty can no longer be given up here: ask another member to swap, or tell the race officer.",
  closed: "This race's duty roster is closed.",
  askHeading: "Ask another member to swap",
  askLabel: "Member",
  askHint: "They get an e-mail with a link to accept or decline. Your duty stays yours until they accept.",
  askButton: "Send the request",
  asked: (name: string) => `We e-mailed ${name}. Your duty changes only when they accept.`,
  askNobody: "Please choose a member from the list.",
  askBusy: (name: string) => `${name} is already on duty at this race.`,
  askNoEmail: "That member has no e-mail address, so we cannot ask them.",
  swapTitle: "Take over a duty",
  swapAsk: (asker: string, duty: string, race: string) => `${asker} asks you to take over their duty as ${duty} at ${race}.`,
  accept: "Accept the duty",
  decline: "Decline",
  accepted: (duty: string, race: string) => `Thank you: you are on duty as ${duty} at ${race}.`,
  declined: (asker: string) => `You declined. We have told ${asker}.`,
  used: "This link was already used.",
  expired: "This link has expired: the race is over.",
  unknown: "This link is not valid.",
  askerGone: "That duty is no longer theirs to hand over, so nothing was changed.",
  youBusy: "You are already on duty at this race, so nothing was changed.",
} as const;

/** The admin's roster screen. */
export const ROSTER_TEXT = {
  title: (race: string) => `Duties: ${race}`,
  empty: "This race has no duties. Add one below.",
  assign: "Assign",
  assignLabel: "Racer",
  remove: "Remove",
  addDuty: "Add a duty",
  save: "Save",
  removeDuty: "Remove duty",
  assigned: (name: string, duty: string) => `${name} is on duty as ${duty}.`,
  removed: (name: string, duty: string) => `${name} is no longer on duty as ${duty}.`,
  added: (duty: string) => `${duty} added.`,
  changed: (duty: string) => `${duty} changed.`,
  dutyRemoved: (duty: string) => `${duty} removed.`,
  tooFew: (duty: string, people: number) =>
    `${duty} has ${countOf(people, "person", "people")} on it: remove someone before lowering the number.`,
  notEmpty: (duty: string) => `${duty} still has people on it: remove them first.`,
  sameName: (duty: string) => `This race already has a duty called ${duty}.`,
  tooMany: `At most ${DUTY_LIMITS.maxDuties} duties per race.`,
  full: (duty: string) => `${duty} has no free place.`,
  busy: (name: string, duty: string) => `${name} is already on duty at this race (${duty}).`,
  noRacer: "Please select a racer.",
  unknownDuty: "That duty is not on this race's roster any more.",
  notOnDuty: "That person is not on this duty any more.",
} as const;

/** The fields of the entry link's duty forms (readForm refuses any other). */
export const dutyLinkFormSchema = z.object({
  intent: z.enum(["volunteer", "withdraw", "ask"]),
  duty: z.optional(z.string()),
  askedId: z.optional(z.string()),
});

/** The swap link's two buttons. */
export const swapAnswerSchema = z.object({ intent: z.enum(["accept", "decline"]) });

/** The fields of the admin roster's forms, by `intent`. */
export const rosterFormSchema = z.object({
  intent: z.enum(["add", "places", "remove-duty", "assign", "unassign"]),
  duty: z.optional(z.string()),
  competitorId: z.optional(z.string()),
  name: z.optional(z.string()),
  places: z.optional(z.string()),
});

/** The settings form's rows. */
export const dutySettingsFormSchema = z.object({
  name: z.optional(z.array(z.string())),
  places: z.optional(z.array(z.string())),
});

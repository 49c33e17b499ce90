/**
 * Opt-in race messages (decision 0022): their texts, the preferences form and the unsubscribe
 * headers. Rendered by the server when a message is queued; the preferences page shows the same words.
 */
import { z } from "~/lib/util/zod";
import { formatLongDate } from "~/lib/util/dates";
import { ordinal } from "~/lib/util/ordinal";
import { countOf } from "~/lib/util/plural";
import { resultPoints } from "~/lib/championship/points";

export const RACE_EMAILS = {
  /** The driver registration form's checkbox: unchecked by default (PIPA: consent is asked, never assumed). */
  optInLabel: "E-mail me about races: when results are up, and a reminder before entries close",
  optInHint: "Optional. We send nothing else, and every message has a one-click unsubscribe link.",
  page: {
    title: "Your Race E-mails",
    intro: (name: string) => `Choose which e-mails ${name} receives from the club.`,
    results: "Results are up: your finishing positions when a race's results are published",
    reminders: "Entry reminder: the day before entries close for a race you have not entered",
    duties: "Duty reminder: a week and a day before a race where you are on duty",
    save: "Save Preferences",
    unsubscribeAll: "Unsubscribe from All",
    saved: "Your e-mail preferences are saved.",
    unsubscribed: "You are unsubscribed. You will receive no more race e-mails.",
  },
  unknownLink: {
    type: "error",
    title: "Link Not Valid",
    description: "This link is not valid or has expired. Any race e-mail we send you carries a new one.",
  },
} as const;

/** The admin's note when marking results official queued e-mails. */
export function resultsMailedNote(count: number): string {
  return `A "results are up" e-mail is on its way to ${countOf(count, "driver")} who asked for one.`;
}

/** A message's link to the preferences stays valid this long (a season's reminders reach back). */
export const MESSAGE_LINK_DAYS = 180;

export const preferencesSchema = z.object({
  notifyResults: z._default(z.boolean(), false),
  notifyReminders: z._default(z.boolean(), false),
  dutyReminders: z._default(z.boolean(), false),
});
export type Preferences = z.output<typeof preferencesSchema>;

/** The one field a mail provider posts for a one-click unsubscribe (RFC 8058): `List-Unsubscribe=One-Click`. */
export const ONE_CLICK_FIELD = "List-Unsubscribe";

/** RFC 8058 one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` to the URL. */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

export function preferencesPath(token: string): string {
  return `/messages/${token}`;
}

export function unsubscribePath(token: string): string {
  return `/messages/${token}/unsubscribe`;
}

export interface OwnResult {
  boatClass: string;
  heatNumber: number;
  position: number;
  points: number | null;
}

export interface ResultsUpInput {
  clubName: string;
  firstName: string;
  race: { title: string; date: string };
  results: readonly OwnResult[];
  raceUrl: string;
  preferencesUrl: string;
}

function footer(preferencesUrl: string): string[] {
  return [
    "",
    "--",
    "You receive this because you asked for race e-mails when you registered.",
    `Change your choices or unsubscribe: ${preferencesUrl}`,
  ];
}

export function resultsUpMessage(input: ResultsUpInput): { subject: string; body: string } {
  const lines = input.results.map((r) => {
    const points = resultPoints(r.position, r.points);
    return `- ${r.boatClass}, Heat ${r.heatNumber}: ${ordinal(r.position)} (${countOf(points, "point")})`;
  });
  return {
    subject: `Results are up: ${input.race.title}`,
    body: [
      `Hello ${input.firstName},`,
      "",
      `The results of ${input.race.title} (${formatLongDate(input.race.date)}) are up.`,
      "",
      ...(lines.length ? ["Your finishing positions:", ...lines] : ["No result is recorded for you in this race."]),
      "",
      `All results: ${input.raceUrl}`,
      ...footer(input.preferencesUrl),
    ].join("\n"),
  };
}

export interface EntryReminderInput {
  clubName: string;
  firstName: string;
  race: { title: string; date: string; location: string };
  closesAt: string;
  raceUrl: string;
  entryUrl: string;
  preferencesUrl: string;
}

export function entryReminderMessage(input: EntryReminderInput): { subject: string; body: string } {
  return {
    subject: `Entries close soon: ${input.race.title}`,
    body: [
      `Hello ${input.firstName},`,
      "",
      `Entries for ${input.race.title} (${formatLongDate(input.race.date)}, ${input.race.location}) close ${input.closesAt}.`,
      "You have not entered it yet.",
      "",
      `Enter the race: ${input.entryUrl}`,
      `About the race: ${input.raceUrl}`,
      ...footer(input.preferencesUrl),
    ].join("\n"),
  };
}

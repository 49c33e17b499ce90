/**
 * The duty roster's e-mails (issue 36 item 2, decision 0058): the swap request with its accept and
 * decline link, the answer to the asker, and the reminders 7 days and 1 day before. Server only
 * (they format dates).
 */
import { formatLongDate } from "~/lib/util/dates";
import type { DutyReminderKind } from "~/lib/race-day/duties";

interface Race {
  title: string;
  date: string;
  location: string;
}

export function dutySwapPath(token: string): string {
  return `/duty-swap/${token}`;
}

export function swapRequestMessage(input: {
  clubName: string;
  clubEmail: string;
  firstName: string;
  asker: string;
  duty: string;
  race: Race;
  url: string;
}): { subject: string; body: string } {
  return {
    subject: `Can you take over a duty at ${input.race.title}?`,
    body: [
      `Hello ${input.firstName},`,
      "",
      `${input.asker} is on duty as ${input.duty} at ${input.race.title} (${formatLongDate(input.race.date)}, ${input.race.location}) and asks whether you can take it over.`,
      "",
      "To accept or decline, open this private link (it works once, until the end of race day):",
      "",
      input.url,
      "",
      "Nothing changes unless you accept.",
      "",
      `Questions: ${input.clubEmail}`,
    ].join("\n"),
  };
}

export function swapAnsweredMessage(input: {
  clubName: string;
  clubEmail: string;
  firstName: string;
  other: string;
  duty: string;
  race: Race;
  accepted: boolean;
}): { subject: string; body: string } {
  const when = `${input.race.title} (${formatLongDate(input.race.date)})`;
  return {
    subject: `${input.other} ${input.accepted ? "accepted" : "declined"} your duty swap`,
    body: [
      `Hello ${input.firstName},`,
      "",
      input.accepted
        ? `${input.other} accepted: they are now on duty as ${input.duty} at ${when}, and you are not.`
        : `${input.other} cannot take over your duty as ${input.duty} at ${when}. You are still on duty; you may ask someone else from your entry link.`,
      "",
      `Questions: ${input.clubEmail}`,
    ].join("\n"),
  };
}

export function dutyReminderMessage(input: {
  clubName: string;
  firstName: string;
  duty: string;
  kind: DutyReminderKind;
  race: Race;
  raceUrl: string;
  preferencesUrl: string;
}): { subject: string; body: string } {
  const when = input.kind === "week" ? "next week" : "soon";
  return {
    subject: `Your duty at ${input.race.title}: ${input.duty}`,
    body: [
      `Hello ${input.firstName},`,
      "",
      `A reminder: you are on duty as ${input.duty} at ${input.race.title}, ${when}: ${formatLongDate(input.race.date)}, ${input.race.location}.`,
      "If you cannot come, ask another member to swap from your entry link, or tell the club.",
      "",
      `About the race: ${input.raceUrl}`,
      "",
      "--",
      "You receive this because you asked for race e-mails and reminders.",
      `Change your choices or unsubscribe: ${input.preferencesUrl}`,
    ].join("\n"),
  };
}

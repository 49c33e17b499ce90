/**
 * How long the club keeps each kind of personal information (PIPA s. 12): the one place these
 * durations are written. The code that removes the information reads them from here (the outbox's
 * prune, the audit log's purge of refused attempts, the "my data" links, the backups' pruning),
 * and the privacy notice (app/lib/privacy/notice.ts) states them from here, so the two cannot
 * disagree. A changed duration changes the notice: that is a new notice version
 * (tests/unit/privacy-notice.test.ts fails until it is made).
 */
import { countOf } from "~/lib/util/plural";

/**
 * The newest kept of each kind of backup file: two weeks of daily backups; restore points are taken
 * only by hand.
 */
export const BACKUPS_KEPT = { backup: 14, "restore-point": 5 } as const;

export const RETENTION = {
  /** Daily backups: the newest this many are kept, so a backup ages out after this many days. */
  backupDays: BACKUPS_KEPT.backup,
  /** Delivered and failed e-mails (their text and address), then deleted. */
  sentEmailDays: 90,
  /**
   * The audit log (changes to records, sign-ins, requests, with the client's internet address)
   * and the counts of refused attempts. purge_audit_log() (migration 0019) holds the same two
   * years in SQL; tests/integration/privacy-notice.test.ts checks that the two agree.
   */
  auditLogYears: 2,
  /** A "my data" link works this long after it is mailed, once. */
  myDataLinkDays: 2,
  /** After the link is opened, its page and downloads work in that browser this long. */
  myDataSessionMinutes: 30,
  /** Answered privacy requests (who asked, when, how they were identified, the answer), then deleted. */
  privacyRequestYears: 2,
  /** A registration change's confirmation link works this long; unconfirmed, it is deleted a day after. */
  registrationChangeHours: 24,
  /** Rate-limit counters (they hold the internet address of whoever posted a form). */
  rateLimitHours: 24,
  /**
   * After the "keep my details" e-mail to a racer who has not raced for the club's number of years
   * (a club setting, INACTIVE_YEARS below), this many days to keep them before the contact details go.
   */
  inactivityGraceDays: 30,
  /**
   * The duty roster (who is on duty at a race, and swaps asked or accepted): counted from the day
   * the race's results are made official. The roster's purge reads it.
   */
  dutyRosterYears: 2,
} as const;

/**
 * The club setting "years without an entry or result before contact details are removed": its
 * default and bounds (app/lib/site/club-settings.ts edits it; the notice states the club's value).
 */
export const INACTIVE_YEARS = { default: 3, min: 1, max: 20 } as const;

export type RetentionValues = { readonly [K in keyof typeof RETENTION]: number };

/** One line of the notice's table: a kind of information and how long it is kept. */
export interface RetentionLine {
  what: string;
  kept: string;
}

/**
 * The notice's table. Takes the values, so a superseded notice version keeps stating the values it
 * was published with (it passes them, frozen) while the current one passes nothing.
 */
export function retentionSchedule(values: RetentionValues = RETENTION, inactiveYears: number | null = null): RetentionLine[] {
  // Version 1 of the notice passes no years: its words stay as published (before retention by inactivity).
  if (inactiveYears === null) return firstSchedule(values);
  const [registration, results, changes, emails, log, requests, , counters, backups] = firstSchedule(values);
  return [
    {
      what: registration!.what,
      kept: `While you are registered with the club. If you have no race entry or result for ${countOf(inactiveYears, "year")}, we e-mail you once: unless you choose to keep your details within ${countOf(values.inactivityGraceDays, "day")}, your e-mail address, telephone and e-mail preferences are removed, and your name and results stay. When your record is erased at your request, all of it is removed except the results below.`,
    },
    results!,
    changes!,
    emails!,
    log!,
    requests!,
    {
      what: "Links we e-mail you to see your data",
      kept: `Usable once, within ${countOf(values.myDataLinkDays, "day")}; the page they open and its downloads work for ${countOf(values.myDataSessionMinutes, "minute")}, and never after those ${countOf(values.myDataLinkDays, "day")}.`,
    },
    {
      what: "Links we e-mail you to keep your details",
      kept: `Usable once, until you keep your details or the ${countOf(values.inactivityGraceDays, "day")} are over.`,
    },
    counters!,
    backups!,
  ];
}

/**
 * Notice version 3 (issue 36): version 2's table with check-ins and the duty roster after the race
 * entries, which they belong with.
 */
export function raceDaySchedule(values: RetentionValues, inactiveYears: number): RetentionLine[] {
  const [registration, results, ...rest] = retentionSchedule(values, inactiveYears);
  return [
    registration!,
    results!,
    {
      what: "Your check-ins at races, and the races you entered but did not come to",
      kept: "With your race entries, as part of the club's race history. When your record is erased at your request, they are deleted.",
    },
    {
      what: "Who is on duty at a race (race officer, lap counter, starter, rescue boat), and any swap asked or accepted",
      kept: `Until the race's results are official, then ${countOf(values.dutyRosterYears, "year")}, then deleted.`,
    },
    ...rest,
  ];
}

/**
 * Notice version 4: version 3's table with the requests for a results check after the duty roster.
 * The outcome is part of the race's record, like its results; an erasure empties the racer's words.
 */
export function resultsCheckSchedule(values: RetentionValues, inactiveYears: number): RetentionLine[] {
  const lines = raceDaySchedule(values, inactiveYears);
  const at = lines.findIndex((line) => line.what.startsWith("Who is on duty at a race"));
  return [
    ...lines.slice(0, at + 1),
    {
      what: "Your requests for a results check, and their outcome",
      kept: "As part of the race's history, with its results. When your record is erased at your request, your own words are deleted and the outcome stays under an anonymous label.",
    },
    ...lines.slice(at + 1),
  ];
}

function firstSchedule(values: RetentionValues): RetentionLine[] {
  return [
    {
      what: "Your registration: name, boat, classes, e-mail address, telephone, consent and e-mail preferences",
      kept: "While you are registered with the club. When your record is erased at your request, all of it is removed except the results below.",
    },
    {
      what: "Race entries and results",
      kept: "As part of the club's race history, for as long as the club keeps its results. After an erasure they stay under an anonymous label, so nobody else's positions or points change.",
    },
    {
      what: "Unconfirmed changes to a registration",
      kept: `Until they are confirmed, or deleted a day after their link expires (links last ${countOf(values.registrationChangeHours, "hour")}).`,
    },
    { what: "Copies of the e-mails we send you", kept: `${countOf(values.sentEmailDays, "day")}, then deleted.` },
    {
      what: "The log of changes to records and of requests, with the internet address they came from",
      kept: `${countOf(values.auditLogYears, "year")}, then deleted.`,
    },
    {
      what: "Your privacy requests and our answers",
      kept: `${countOf(values.privacyRequestYears, "year")} after the answer, then deleted.`,
    },
    {
      what: "Links we e-mail you to see your data",
      kept: `Usable once, within ${countOf(values.myDataLinkDays, "day")}; the page they open works for ${countOf(values.myDataSessionMinutes, "minute")}.`,
    },
    {
      what: "Counters against abuse of the site's forms (they hold the internet address that posted)",
      kept: `${countOf(values.rateLimitHours, "hour")}, then deleted.`,
    },
    {
      what: "Backups of the whole database",
      kept: `${countOf(values.backupDays, "day")}: each day's backup is deleted when it is ${countOf(values.backupDays, "day")} old. A backup restored after an erasure does not bring the erased details back.`,
    },
  ];
}

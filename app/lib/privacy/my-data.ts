/**
 * "My data" (PIPA s. 17; issue 35 item 2): what a racer sees about themselves, as sections of rows.
 * The page's tables, the JSON download and the CSV downloads (one per section) are all made from
 * the same sections, so the three never say different things. The database side is
 * app/domain/privacy/my-data.server.ts (`racerData`), which fills these sections' rows.
 */
import { z } from "~/lib/util/zod";
import { csvCell } from "~/lib/util/csv";
import { RETENTION } from "~/lib/platform/retention";
import { countOf } from "~/lib/util/plural";
import type { ClubSite } from "~/lib/platform/club";

export type CellType = "text" | "number" | "yesno" | "instant" | "date";
export type Cell = string | number | boolean | null;
export type DataRow = Record<string, Cell>;

export interface DataColumn {
  key: string;
  label: string;
  type: CellType;
}

/** Every section, in the page's order. */
export const SECTION_KEYS = [
  "registration",
  "consent",
  "emailPreferences",
  "raceEntries",
  "heatPlaces",
  "checkIns",
  "duties",
  "results",
  "emails",
  "recordChanges",
  "pendingChanges",
  "requests",
  "resultsChecks",
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export interface SectionDefinition {
  title: string;
  /** One sentence under the title: where this comes from and what it is for. */
  about: string;
  columns: DataColumn[];
}

const col = (key: string, label: string, type: CellType = "text"): DataColumn => ({ key, label, type });

export const SECTIONS: Record<SectionKey, SectionDefinition> = {
  registration: {
    title: "Registration",
    about: "Your record as the club keeps it. Your name, boat and classes are public; your e-mail address and telephone are not.",
    columns: [
      col("firstName", "First name"),
      col("lastName", "Last name"),
      col("boatName", "Boat name"),
      col("boatNumber", "Boat number"),
      col("boatColour", "Boat colour"),
      col("boatClasses", "Boat classes"),
      col("email", "E-mail address"),
      col("telephone", "Telephone"),
      col("registeredAt", "Registered", "instant"),
      col("updatedAt", "Last changed", "instant"),
    ],
  },
  consent: {
    title: "Consent",
    about: "Your agreement to the PIPA Policy, and the version of the privacy notice you read then.",
    columns: [
      col("pipaConsent", "Agreed to the PIPA Policy", "yesno"),
      col("givenAt", "When", "instant"),
      col("noticeVersion", "Privacy notice version", "number"),
    ],
  },
  emailPreferences: {
    title: "E-mail preferences",
    about: "The race e-mails you chose to receive.",
    columns: [col("resultsEmails", "Results are up", "yesno"), col("reminderEmails", "Entry reminders", "yesno")],
  },
  raceEntries: {
    title: "Race entries",
    about: "The races and classes you entered.",
    columns: [
      col("race", "Race"),
      col("date", "Race date", "date"),
      col("boatClass", "Class"),
      col("enteredAt", "Entered", "instant"),
    ],
  },
  heatPlaces: {
    title: "Heat draw places",
    about: "Your places in the heats drawn for a race.",
    columns: [
      col("race", "Race"),
      col("date", "Race date", "date"),
      col("boatClass", "Class"),
      col("heat", "Heat", "number"),
      col("slot", "Place", "number"),
    ],
  },
  checkIns: {
    title: "Check-ins",
    about: "When you were checked in at a race, from your entry link or by the club, and a check-in undone.",
    columns: [
      col("race", "Race"),
      col("date", "Race date", "date"),
      col("checkedInAt", "Checked in", "instant"),
      col("how", "How"),
      col("undoneAt", "Undone", "instant"),
    ],
  },
  duties: {
    title: "Duties",
    about: "The duties you are on at a race (the duty roster: your name is on the race's page), and how you got them.",
    columns: [
      col("race", "Race"),
      col("date", "Race date", "date"),
      col("duty", "Duty"),
      col("since", "Since", "instant"),
      col("how", "How"),
    ],
  },
  results: {
    title: "Race results",
    about: "Your results. They are public, and they stay part of the club's race history.",
    columns: [
      col("race", "Race"),
      col("date", "Race date", "date"),
      col("boatClass", "Class"),
      col("heat", "Heat", "number"),
      col("position", "Position", "number"),
      col("points", "Points", "number"),
      col("laps", "Laps", "number"),
      col("bestLap", "Best lap"),
      col("totalTime", "Total time"),
      col("lapTime", "Lap time"),
      col("lapsAdjustment", "Laps adjusted", "number"),
      col("lapsAdjustmentReason", "Why"),
    ],
  },
  emails: {
    title: "E-mails sent to you",
    about: `The e-mails the club's site wrote to your address in the last ${countOf(RETENTION.sentEmailDays, "day")} (older copies are deleted).`,
    columns: [
      col("subject", "Subject"),
      col("writtenAt", "Written", "instant"),
      col("status", "Status"),
      col("sentAt", "Sent", "instant"),
    ],
  },
  recordChanges: {
    title: "Changes to your record",
    about: "What was changed in your record and when, from the club's log (without the names of the club's admins).",
    columns: [
      col("at", "When", "instant"),
      col("change", "Change"),
      col("field", "Field"),
      col("before", "Before"),
      col("after", "After"),
    ],
  },
  pendingChanges: {
    title: "Changes waiting for your confirmation",
    about: "Changes to your registration that were asked for and e-mailed to you for confirmation.",
    columns: [
      col("askedAt", "Asked", "instant"),
      col("expiresAt", "Link expires", "instant"),
      col("state", "State"),
      col("firstName", "First name"),
      col("lastName", "Last name"),
      col("boatName", "Boat name"),
      col("boatNumber", "Boat number"),
      col("boatClasses", "Boat classes"),
      col("email", "E-mail address"),
      col("telephone", "Telephone"),
      col("raceEmails", "Race e-mails", "yesno"),
    ],
  },
  requests: {
    title: "Your privacy requests",
    about: "What you asked of the club under PIPA, and our answers.",
    columns: [
      col("kind", "Request"),
      col("source", "Made"),
      col("receivedAt", "Received", "instant"),
      col("dueAt", "Answer due", "instant"),
      col("status", "Status"),
      col("handledAt", "Answered", "instant"),
      col("note", "Note"),
    ],
  },
  resultsChecks: {
    title: "Your requests for a results check",
    about: "What you asked the race officials to check before a race's results were official, and their decisions.",
    columns: [
      col("race", "Race"),
      col("heat", "Heat"),
      col("filedAt", "Filed", "instant"),
      col("problem", "What you thought was wrong"),
      col("asked", "What you asked for"),
      col("outcome", "Decision"),
      col("reason", "Reason"),
    ],
  },
};

/** The log's kinds of entry about a racer's record, in the racer's words (any other kind shows as it is). */
export const AUDIT_KIND_WORDS: Readonly<Record<string, string>> = {
  "competitor.create": "Record created by the club",
  "competitor.update": "Record changed by the club",
  "competitor.merge": "Two records of yours joined into one",
  "results.import": "Record created from a results file",
  "privacy.link-request": "A link to your data was asked for",
  "privacy.request": "Privacy request",
  "privacy.request-update": "Privacy request answered or given more time",
  "privacy.export": "Your data downloaded by the club to answer your request",
  "privacy.inactivity-notice": "E-mail asking whether to keep your details",
  "privacy.keep": "You chose to keep your details",
  "privacy.inactivity-removal": "Contact details removed after years without racing",
};

/** Everything the club holds about one racer, section by section; instants as ISO strings. */
export interface RacerData {
  competitorId: number;
  name: string;
  generatedAt: string;
  sections: Record<SectionKey, DataRow[]>;
}

/** The download's file name for a section ("results.csv"), and back. */
export function sectionFile(key: SectionKey): string {
  return `${key}.csv`;
}

export const JSON_FILE = "my-data.json";

export type DownloadFile = { type: "json" } | { type: "csv"; section: SectionKey };

export function downloadFile(name: string): DownloadFile | null {
  if (name === JSON_FILE) return { type: "json" };
  const key = SECTION_KEYS.find((k) => sectionFile(k) === name);
  return key ? { type: "csv", section: key } : null;
}

function csvValue(value: Cell, type: CellType): string | number | null {
  if (value === null) return null;
  if (type === "yesno") return value ? "Yes" : "No";
  return typeof value === "boolean" ? String(value) : value;
}

/** One section as CSV: the column labels as its header, one line per row (CSV injection handled by csvCell). */
export function sectionCsv(key: SectionKey, rows: readonly DataRow[]): string {
  const { columns } = SECTIONS[key];
  const lines = [
    columns.map((c) => csvCell(c.label)).join(","),
    ...rows.map((row) => columns.map((c) => csvCell(csvValue(row[c.key] ?? null, c.type))).join(",")),
  ];
  return lines.join("\r\n") + "\r\n";
}

/** The whole export as JSON: the sections by key, each a list of rows keyed by column. */
export function racerDataJson(data: RacerData, club: Pick<ClubSite, "clubName" | "siteUrl">): string {
  return JSON.stringify(
    {
      club: club.clubName,
      site: club.siteUrl,
      generatedAt: data.generatedAt,
      competitorId: data.competitorId,
      sections: Object.fromEntries(
        SECTION_KEYS.map((key) => [key, { title: SECTIONS[key].title, about: SECTIONS[key].about, rows: data.sections[key] }]),
      ),
    },
    null,
    2,
  );
}

export const MY_DATA_EMAIL_MESSAGE = "Please enter a valid email address.";

/** The request form on /privacy: one address. */
export const myDataRequestSchema = z.object({
  email: z.pipe(
    z.string({ error: MY_DATA_EMAIL_MESSAGE }).check(z.trim(), z.maxLength(254, MY_DATA_EMAIL_MESSAGE)),
    z.email({ error: MY_DATA_EMAIL_MESSAGE }),
  ),
});

/** The link page's one button. */
export const openLinkSchema = z.object({ intent: z.literal("open") });

/** The data page's buttons besides the correction (whose form is the registration's, app/lib/registration/registration-forms.ts). */
export const MY_DATA_INTENTS = ["correct", "erase", "end"] as const;
export type MyDataIntent = (typeof MY_DATA_INTENTS)[number];

export function parseMyDataIntent(value: FormDataEntryValue | null): MyDataIntent | null {
  return MY_DATA_INTENTS.find((intent) => intent === value) ?? null;
}

/** The page's words (new texts, not SPEC's). */
export const MY_DATA_TEXTS = {
  requestHeading: "See your data",
  requestButton: "E-mail me a link",
  /** The same answer for every address, known or not, and the same when mail is not set up. */
  requested: `If that address is registered with the club, a link is on its way to it. It works once, within ${countOf(RETENTION.myDataLinkDays, "day")}. No e-mail? Check the address you registered with, or write to the privacy officer.`,
  /** Without SMTP_URL nothing leaves the site: said before and after a request, the same for every address. */
  noMail: "E-mail is not set up on this site, so no link can reach you now. Write to the privacy officer named above instead.",
  tooMany: "Too many requests",
  linkTitle: "Your data",
  linkIntro: "This private link opens a page with everything the club holds about you. It works once, in this browser.",
  openButton: "Show my data",
  linkUnknown: "This link is not valid. Ask for a new one on the privacy page.",
  linkUsed: "This link has been used. Each link opens your data once: ask for a new one on the privacy page.",
  linkExpired: "This link has expired. Ask for a new one on the privacy page.",
  noSession:
    "Your data is shown only through a link e-mailed to you, for a short time after you open it. Ask for a new link on the privacy page.",
  pageTitle: "Your data",
  eraseHeading: "Erase my record",
  eraseExplained:
    "Your contact details, consent, e-mail preferences, entries to future races, check-ins and pending changes are removed. Your past results stay so nobody else's positions or points change, under an anonymous label instead of your name.",
  eraseConfirm: "Yes, erase my record",
  erased: `Your record is erased. Your past results stay under an anonymous label; your contact details, consent, preferences, future entries, check-ins and links are gone. The club's backups that still hold them are deleted within ${countOf(RETENTION.backupDays, "day")}.`,
  endButton: "Close my data",
  ended: "Your data is closed in this browser.",
  correctHeading: "Correct my details",
  correctionRefused: { type: "error", title: "Nothing was sent.", description: "Please correct the marked fields below." },
  failed: "Something went wrong. Please try again.",
} as const;

/** The e-mail with the link. */
export function myDataLinkMessage(
  { to, firstName, link }: { to: string; firstName: string; link: string },
  club: Pick<ClubSite, "clubName" | "clubEmail">,
): { kind: string; to: string; subject: string; body: string } {
  return {
    kind: "privacy-link",
    to,
    subject: `Your data at ${club.clubName}`,
    body: [
      `Hello ${firstName},`,
      "",
      `Someone, we hope you, asked to see the information ${club.clubName} holds about you. Open this private link within ${countOf(RETENTION.myDataLinkDays, "day")}; it works once:`,
      "",
      link,
      "",
      "If you did not ask, you can ignore this e-mail: nothing is shown to anyone without the link.",
      "",
      `Questions: ${club.clubEmail}`,
    ].join("\n"),
  };
}

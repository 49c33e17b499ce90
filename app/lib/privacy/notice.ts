/**
 * The privacy notice (PIPA s. 9) at /privacy, in versions. A registration records the version the
 * racer agreed to (competitors.privacy_notice_version), so every version stays readable at
 * /privacy/v/N. To change the notice: add the next version at the end of NOTICE_VERSIONS and leave
 * the earlier ones saying what they said; a superseded version that states retention passes the
 * values it was published with to retentionSchedule(), frozen. tests/unit/privacy-notice.test.ts
 * keeps a copy of the current version's text and fails when it changes under the same number.
 */
import { ANSWER_DAYS, EXTENSION_DAYS } from "~/lib/privacy/requests";
import {
  RETENTION,
  raceDaySchedule,
  resultsCheckSchedule,
  retentionSchedule,
  type RetentionLine,
  type RetentionValues,
} from "~/lib/platform/retention";

/** The club's privacy officer (PIPA s. 5), a club setting; null until an owner sets it. */
export interface PrivacyOfficer {
  name: string;
  address: string;
}

/** What a notice's text depends on besides its version: the club as its settings say now. */
export interface NoticeContext {
  clubName: string;
  clubEmail: string;
  officer: PrivacyOfficer | null;
  /** The club's setting: years without an entry or result before contact details are removed. */
  inactiveYears: number;
}

export type NoticeBlock =
  { type: "paragraph"; text: string } | { type: "list"; items: string[] } | { type: "retention"; lines: RetentionLine[] };

export interface NoticeSection {
  id: string;
  heading: string;
  blocks: NoticeBlock[];
}

export interface NoticeVersion {
  version: number;
  /** The day it took effect, YYYY-MM-DD. */
  date: string;
  sections(context: NoticeContext): NoticeSection[];
}

const p = (text: string): NoticeBlock => ({ type: "paragraph", text });
const list = (...items: string[]): NoticeBlock => ({ type: "list", items });

/** The sections' ids the /privacy page links to (the request form lives in "your-rights"). */
export const NOTICE_ANCHORS = { rights: "your-rights", officer: "privacy-officer" } as const;

/** The values versions 1 to 3 were published with, frozen: a later change to RETENTION is a later version's. */
const PUBLISHED_1_2: RetentionValues = {
  backupDays: 14,
  sentEmailDays: 90,
  auditLogYears: 2,
  myDataLinkDays: 2,
  myDataSessionMinutes: 30,
  privacyRequestYears: 2,
  registrationChangeHours: 24,
  rateLimitHours: 24,
  inactivityGraceDays: 30,
  dutyRosterYears: 2,
};

const VERSION_1: NoticeVersion = {
  version: 1,
  date: "2026-11-29",
  sections: ({ clubName, clubEmail, officer }) => [
    {
      id: "who-we-are",
      heading: "Who we are",
      blocks: [
        p(
          `${clubName} runs this website, its race registrations and its results. Bermuda's Personal Information Protection Act 2016 (PIPA) applies to the personal information we keep about you.`,
        ),
      ],
    },
    {
      id: NOTICE_ANCHORS.officer,
      heading: "Our privacy officer",
      blocks: officer
        ? [p(`${officer.name} is responsible for how the club uses personal information. Write to them at:`), p(officer.address)]
        : [p(`The club has not named its privacy officer yet. Until it does, write to the club at ${clubEmail}.`)],
    },
    {
      id: "what-we-collect",
      heading: "What we collect and why",
      blocks: [
        list(
          "Your name, boat name, boat number and boat classes: to enter you in races and to publish the results.",
          "Your e-mail address: to confirm changes to your registration, to send you the e-mails you ask for, and to answer your requests.",
          "Your telephone number, if you give it: so the club can reach you about a race.",
          "Your agreement to the PIPA Policy, when you gave it and which version of this notice you read.",
          "Your race entries and results: to run each race and the championship.",
          "Your choice of race e-mails (results and reminders), and copies of the e-mails we send you.",
          "Changes made to your record and requests you make, with when they happened and the internet address they came from: to show who did what and to stop abuse.",
        ),
        p(
          "Photographs and recordings of races may show you, as the PIPA Policy you agree to when you register says. We do not use cookies to follow you: the site sets a cookie only for an admin's sign-in and for the page that shows you your data.",
        ),
      ],
    },
    {
      id: "who-sees-it",
      heading: "Who sees it",
      blocks: [
        list(
          "Everyone: your name, boat, boat number, classes, race results and standings, on the website, in its downloads and feeds, and in pictures shown when a link is shared.",
          "Never the public: your e-mail address, telephone number, consent, e-mail choices and privacy requests. No public page, download or feed contains them.",
          "The club's admins: what each needs for their role, such as the entry list with contact details on race day.",
          "Our e-mail provider, only to deliver the e-mails we send you.",
        ),
        p("We never sell your information or give it to anyone else, unless the law requires it."),
      ],
    },
    {
      id: "how-long",
      heading: "How long we keep it",
      blocks: [{ type: "retention", lines: retentionSchedule(PUBLISHED_1_2) }],
    },
    {
      id: NOTICE_ANCHORS.rights,
      heading: "Your rights and how to use them",
      blocks: [
        list(
          "See what the club holds about you and get a copy of it (PIPA section 17).",
          "Have it corrected, and have it blocked, erased or destroyed (PIPA section 19).",
          `An answer within ${ANSWER_DAYS} days of when we know it is you; for a complex request we may take up to ${EXTENSION_DAYS} days more and tell you so (PIPA section 20).`,
          "Complain to the Privacy Commissioner for Bermuda if you are not satisfied with our answer.",
        ),
        p(
          "On this page: type the e-mail address you registered with. We send a single-use link to that address. It opens a page with everything we hold about you, downloads of it, a form to correct your details and a button to ask for your record to be erased.",
        ),
        p(
          "On paper: write to the privacy officer above, say who you are and what you ask for. We may ask you to prove who you are before we answer.",
        ),
      ],
    },
  ],
};

/**
 * Version 2 (issue 35 items 4 and 5): retention by inactivity, at the club's number of years; the
 * data page and its downloads end with their link's days; the "keep my details" links. The rest
 * is version 1's.
 */
const VERSION_2: NoticeVersion = {
  version: 2,
  date: "2026-11-29",
  sections: (context) =>
    VERSION_1.sections(context).map((section) =>
      section.id === "how-long"
        ? { ...section, blocks: [{ type: "retention", lines: retentionSchedule(PUBLISHED_1_2, context.inactiveYears) }] }
        : section,
    ),
};

/** Version 3's additions to what is collected, after the race entries, and to what everyone sees. */
const RACE_DAY_ITEMS = [
  "Your check-ins at races, from your entry link or by an admin, and the races you entered but did not come to: to draw the heats from the boats that came.",
  "The duties you take at a race (race officer, lap counter, starter, rescue boat), and any swap you ask for or accept: to staff each race and remind you before it.",
];
const EVERYONE_SEES_V3 =
  "Everyone: your name, boat, boat number, classes, race results and standings, and the duties you take at a race, on the website, in its downloads and feeds, and in pictures shown when a link is shared.";

/** Puts `added` after the item of `list` that starts with `after`. */
function withItems(block: NoticeBlock, after: string, added: string[]): NoticeBlock {
  if (block.type !== "list") return block;
  const at = block.items.findIndex((item) => item.startsWith(after));
  return at < 0 ? block : { ...block, items: [...block.items.slice(0, at + 1), ...added, ...block.items.slice(at + 1)] };
}

/**
 * A later version's sections: `earlier`'s, with items added to what is collected (after the item
 * that starts with `after`), a new "Everyone:" line in who sees it, and a new retention table.
 */
function revised(
  earlier: NoticeVersion,
  change: {
    after: string;
    collected: string[];
    everyone: string;
    retention: (inactiveYears: number) => RetentionLine[];
  },
): NoticeVersion["sections"] {
  return (context) =>
    earlier.sections(context).map((section) => {
      if (section.id === "what-we-collect")
        return { ...section, blocks: section.blocks.map((b) => withItems(b, change.after, change.collected)) };
      if (section.id === "who-sees-it")
        return {
          ...section,
          blocks: section.blocks.map((b) =>
            b.type === "list"
              ? { ...b, items: b.items.map((item) => (item.startsWith("Everyone:") ? change.everyone : item)) }
              : b,
          ),
        };
      if (section.id === "how-long")
        return { ...section, blocks: [{ type: "retention", lines: change.retention(context.inactiveYears) }] };
      return section;
    });
}

/**
 * Version 3 (issue 36): check-ins and the no-shows they record, and the duty roster, among what
 * is collected, seen and kept. The rest is version 2's.
 */
const VERSION_3: NoticeVersion = {
  version: 3,
  date: "2026-11-29",
  sections: revised(VERSION_2, {
    after: "Your race entries and results",
    collected: RACE_DAY_ITEMS,
    everyone: EVERYONE_SEES_V3,
    retention: (inactiveYears) => raceDaySchedule(PUBLISHED_1_2, inactiveYears),
  }),
};

const RESULTS_CHECK_ITEM =
  "Your requests for a results check after a race (the heat, what you think went wrong and what you ask for): to check the results before they become official.";
const EVERYONE_SEES_V4 =
  "Everyone: your name, boat, boat number, classes, race results and standings, the duties you take at a race, and the outcome of a results check you asked for, on the website, in its downloads and feeds, and in pictures shown when a link is shared. Your own words in such a request stay with the club's admins.";

/**
 * Version 4: the requests for a results check (the protest window, decision 0056), which version 3
 * left out, among what is collected, seen and kept. The rest is version 3's.
 */
const VERSION_4: NoticeVersion = {
  version: 4,
  date: "2026-11-29",
  sections: revised(VERSION_3, {
    after: "The duties you take at a race",
    collected: [RESULTS_CHECK_ITEM],
    everyone: EVERYONE_SEES_V4,
    retention: (inactiveYears) => resultsCheckSchedule(RETENTION, inactiveYears),
  }),
};

/** Every version ever published, oldest first; the last is in force. */
export const NOTICE_VERSIONS: readonly NoticeVersion[] = [VERSION_1, VERSION_2, VERSION_3, VERSION_4];

export const CURRENT_NOTICE: NoticeVersion = NOTICE_VERSIONS[NOTICE_VERSIONS.length - 1]!;

export function noticeVersion(version: number): NoticeVersion | null {
  return NOTICE_VERSIONS.find((v) => v.version === version) ?? null;
}

/** The address of a version's text. */
export function noticePath(version: number): string {
  return `/privacy/v/${version}`;
}

/** A notice as plain text (the unit test's copy, and anyone who wants to diff two versions). */
export function noticeText(notice: NoticeVersion, context: NoticeContext): string {
  return notice
    .sections(context)
    .map((section) =>
      [
        section.heading,
        ...section.blocks.map((block) =>
          block.type === "paragraph"
            ? block.text
            : block.type === "list"
              ? block.items.map((item) => `- ${item}`).join("\n")
              : block.lines.map((line) => `- ${line.what}: ${line.kept}`).join("\n"),
        ),
      ].join("\n\n"),
    )
    .join("\n\n");
}

/**
 * Retention by inactivity (issue 35 item 5): the "keep my details" e-mail, its link and page words.
 * How long is in retention.ts (RETENTION.inactivityGraceDays) and the club's settings (inactiveYears).
 */
import { z } from "~/lib/util/zod";
import { countOf } from "~/lib/util/plural";
import { RETENTION } from "~/lib/platform/retention";
import type { ClubSite } from "~/lib/platform/club";

export const KEEP_DETAILS_KIND = "privacy-keep-details";

export function keepDetailsPath(token: string): string {
  return `/privacy/keep/${token}`;
}

export const keepDetailsSchema = z.object({ intent: z.literal("keep") });

export const KEEP_TEXTS = {
  title: "Keep my details",
  intro:
    "The club removes the contact details of racers who have not raced for some years. Press the button to keep yours: your e-mail address and telephone stay on your record.",
  button: "Keep my details",
  kept: "Your details are kept. Thank you: we will not ask again until you have not raced for a few more years.",
  unknown: "This link is not valid. Check that the whole address was copied from the e-mail.",
  removed: "This link has expired: your contact details have been removed. You can register again at any time.",
  tooMany: "Too many attempts from your connection",
  failed: "Your details could not be kept just now. Please try again in a few minutes.",
} as const;

export function keepDetailsMessage(
  { to, firstName, years, link }: { to: string; firstName: string; years: number; link: string },
  club: Pick<ClubSite, "clubName" | "clubEmail">,
): { kind: string; to: string; subject: string; body: string } {
  return {
    kind: KEEP_DETAILS_KIND,
    to,
    subject: `Keep your details at ${club.clubName}?`,
    body: [
      `Hello ${firstName},`,
      "",
      `You have not entered a race or had a result at ${club.clubName} for ${countOf(years, "year")}. So that we keep no more than we need, we will remove your e-mail address and telephone number from your record in ${countOf(RETENTION.inactivityGraceDays, "day")}. Your results stay under your name.`,
      "",
      "To keep your details, open this link and press the button (it works once):",
      "",
      link,
      "",
      "If you do nothing, your contact details are removed; you can register again at any time.",
      "",
      `Questions: ${club.clubEmail}`,
    ].join("\n"),
  };
}

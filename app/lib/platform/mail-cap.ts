/**
 * At most MAIL_CAP.perWindow e-mails an hour to one address, all kinds together:
 * one public form per racer and race must not let anyone flood a racer's inbox through the club's
 * mail server. The next one becomes a single digest saying so; after it, nothing until the window
 * ends. The club's own address (its copies of registrations) is not capped.
 */
export const MAIL_CAP = { perWindow: 10, windowSeconds: 3600 } as const;

export type CapDecision = "send" | "digest" | "drop";

/** `count`: this message's number among those to its address in the current window, from 1. */
export function capDecision(count: number): CapDecision {
  if (count <= MAIL_CAP.perWindow) return "send";
  return count === MAIL_CAP.perWindow + 1 ? "digest" : "drop";
}

/** The one e-mail that stands for every message past the cap in a window. No links: it says where to look. */
export function digestMessage(club: { clubName: string; clubEmail: string }): { subject: string; body: string } {
  return {
    subject: `Several new messages from ${club.clubName}`,
    body: [
      "Hello,",
      "",
      `You have several new entries and messages from ${club.clubName} within the last hour, more than we send to one address in an hour.`,
      "So that nobody can fill your inbox through our website, we send no more to this address for up to an hour; this is the only e-mail about the rest.",
      "",
      "Race entries made meanwhile are saved: the race pages list them. If you need a link we did not send (to withdraw an entry, or to confirm a change to your registration), or if you did not expect these entries, write to us.",
      "",
      `Questions: ${club.clubEmail}`,
    ].join("\n"),
  };
}

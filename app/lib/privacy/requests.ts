/**
 * A racer's privacy requests (PIPA ss. 17, 19, 20): their kinds, where they come from, their states
 * and when the answer is due. The Privacy Commissioner's guidance counts the 45 days from when the
 * person's identity is confirmed; a complex request may take up to 30 more, with notice to the person.
 */
export const REQUEST_KINDS = ["access", "correction", "erasure"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** "link": through the site's e-mailed link (the address on file identifies the person); "paper": entered by an owner. */
export const REQUEST_SOURCES = ["link", "paper"] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

export const REQUEST_STATUSES = ["open", "done", "refused"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const ANSWER_DAYS = 45;
export const EXTENSION_DAYS = 30;

/** How a request through the e-mailed link was identified (kept in privacy_requests.identified_by). */
export const IDENTIFIED_BY_LINK = "Opened the single-use link e-mailed to the address on file";

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the answer is due: ANSWER_DAYS after the identity was confirmed. */
export function answerDue(identityConfirmedAt: Date): Date {
  return new Date(identityConfirmedAt.getTime() + ANSWER_DAYS * DAY_MS);
}

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

/** The overview warns about a request due within this many days. */
export const WARN_DAYS = 7;

/** `yyyy-MM-dd` plus `days` calendar days (UTC arithmetic on a calendar date: no time zone can shift it). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The due day of a request whose identity was confirmed on `confirmed` (a club day), extended or not. */
export function dueDay(confirmed: string, extendedUntil: string | null = null): string {
  const due = addDays(confirmed, ANSWER_DAYS);
  if (!extendedUntil || extendedUntil <= due) return due;
  const latest = addDays(due, EXTENSION_DAYS);
  return extendedUntil > latest ? latest : extendedUntil;
}

/** Whether an open request due on `due` is within WARN_DAYS of `today` (or past it). */
export function dueSoon(due: string, today: string): boolean {
  return due <= addDays(today, WARN_DAYS);
}

/** The owner's privacy screen. */
export const PRIVACY_REQUESTS_PATH = "/admin/privacy";

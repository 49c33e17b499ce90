/**
 * When a privacy request must be answered (PIPA s. 20; the Privacy Commissioner's guidance): 45
 * days from the day the person's identity was confirmed, up to 30 more for a complex request (with
 * notice to the person). Pure: the requests screen and the overview's warning count the same way.
 */

export const ANSWER_DAYS = 45;
export const MAX_EXTENSION_DAYS = 30;
/** The overview warns about a request due within this many days. */
export const WARN_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** `yyyy-MM-dd` plus `days` calendar days (UTC arithmetic on a calendar date: no time zone can shift it). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The due day of a request whose identity was confirmed on `confirmed` (a club day), extended or not. */
export function dueDay(confirmed: string, extendedUntil: string | null = null): string {
  const due = addDays(confirmed, ANSWER_DAYS);
  if (!extendedUntil || extendedUntil <= due) return due;
  const latest = addDays(due, MAX_EXTENSION_DAYS);
  return extendedUntil > latest ? latest : extendedUntil;
}

/** Whether an open request due on `due` is within WARN_DAYS of `today` (or past it). */
export function dueSoon(due: string, today: string): boolean {
  return due <= addDays(today, WARN_DAYS);
}

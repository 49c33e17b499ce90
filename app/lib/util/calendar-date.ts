/**
 * The rules for a typed or imported date, apart from app/lib/util/dates.ts and entry-window.ts:
 * the admin forms' schemas run them in the browser too, and a date library there would cost every
 * admin screen about 10 KB (issue 26).
 */

/** The first and last day a race may be dated: the club was founded in 1985. */
export const CALENDAR_DATE_RANGE = { min: "1985-01-01", max: "2099-12-31" } as const;

/**
 * The one rule for a typed or imported race date: "yyyy-MM-dd", a day that exists on the
 * calendar (2024-02-30 does not), within CALENDAR_DATE_RANGE.
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (value < CALENDAR_DATE_RANGE.min || value > CALENDAR_DATE_RANGE.max) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  // Date.UTC rolls 02-30 into March: a day that exists comes back unchanged.
  const parsed = new Date(Date.UTC(year, month - 1, day));
  return parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day;
}

/** The admin form's entry-window value: "yyyy-MM-ddTHH:mm" on the club's clock. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

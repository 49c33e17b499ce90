import { TZDate } from "@date-fns/tz";
import { format, isValid, parse, parseISO } from "date-fns";
import { remembered } from "~/lib/util/remembered";

/**
 * Race dates are calendar days ("2026-03-05"), stored as SQL `date`. They are parsed
 * as local calendar days, so the server and the browser always print the same day.
 */
function parseRaceDate(date: string): Date | null {
  const parsed = parseISO(date);
  return isValid(parsed) ? parsed : null;
}

/** The first and last day a race may be dated: the club was founded in 1985. */
export const CALENDAR_DATE_RANGE = { min: "1985-01-01", max: "2099-12-31" } as const;

/**
 * The one rule for a typed or imported race date: "yyyy-MM-dd", a day that exists on the
 * calendar (2024-02-30 does not), within CALENDAR_DATE_RANGE.
 */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  // parse() is strict about the day of the month, unlike Date.parse, which rolls 02-30 into March.
  if (!isValid(parse(value, "yyyy-MM-dd", new Date(2000, 0, 1)))) return false;
  return value >= CALENDAR_DATE_RANGE.min && value <= CALENDAR_DATE_RANGE.max;
}

/**
 * A race day in a date-fns pattern; the raw string when it cannot be formatted. Remembered: a page
 * prints the same few hundred race days again and again (an archive page ten, a long career
 * several hundred).
 */
function dayFormatter(pattern: string): (date: string) => string {
  return remembered((date) => {
    const parsed = parseRaceDate(date);
    return parsed ? format(parsed, pattern) : date;
  });
}

/** Calendar style: "Tuesday, March 5, 2024". */
export const formatLongDate = dayFormatter("EEEE, MMMM d, yyyy");

/** Race registration style: "05 March 2024"; the raw string when it cannot be formatted. */
export const formatDayMonthYear = dayFormatter("dd MMMM yyyy");

/** Short style for tables: "Mar 5, 2024". */
export const formatShortDate = dayFormatter("MMM d, yyyy");

/**
 * The club's "today" ("yyyy-MM-dd"), the one every page and the demo data use: the pinned day
 * when one is configured (TEST_TODAY: browser tests only, so a run that crosses midnight keeps one
 * "today"), else today in the club's time zone.
 */
export function clubToday(config: { timeZone: string; pinnedToday?: string }, now: Date = new Date()): string {
  return config.pinnedToday ?? todayInZone(config.timeZone, now);
}

/** Today's calendar day ("yyyy-MM-dd") in the club's time zone. */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timeZone), "yyyy-MM-dd");
}

/** An instant as the club's wall clock: "Nov 23, 2026 14:32" (race-day change log, official time). */
export function formatClubDateTime(instant: Date | string, timeZone: string): { date: string; time: string } {
  const zoned = new TZDate(new Date(instant), timeZone);
  return { date: format(zoned, "MMM d, yyyy"), time: format(zoned, "HH:mm") };
}

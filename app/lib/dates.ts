import { TZDate } from "@date-fns/tz";
import { format, isValid, parse, parseISO } from "date-fns";

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

/** Calendar style: "Tuesday, March 5, 2024". */
export function formatLongDate(date: string): string {
  const parsed = parseRaceDate(date);
  return parsed ? format(parsed, "EEEE, MMMM d, yyyy") : date;
}

/** Race registration style: "05 March 2024"; the raw string when it cannot be formatted. */
export function formatDayMonthYear(date: string): string {
  const parsed = parseRaceDate(date);
  return parsed ? format(parsed, "dd MMMM yyyy") : date;
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Short style for tables: "Mar 5, 2024". */
export function formatShortDate(date: string): string {
  // A stored race date is read without date-fns (a table formats a few hundred a page, at a few
  // microseconds each); anything else, or a day the calendar lacks, goes the long way round.
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (ymd) {
    const [, year, month, day] = ymd.map(Number) as [number, number, number, number];
    if (year >= 1000 && month >= 1 && month <= 12 && day >= 1 && day <= new Date(year, month, 0).getDate())
      return `${SHORT_MONTHS[month - 1]} ${day}, ${year}`;
  }
  const parsed = parseRaceDate(date);
  return parsed ? format(parsed, "MMM d, yyyy") : date;
}

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

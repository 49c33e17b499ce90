import { TZDate } from "@date-fns/tz";
import { format, isValid, parseISO } from "date-fns";

/**
 * Race dates are calendar days ("2026-03-05"), stored as SQL `date`. They are parsed
 * as local calendar days, so the server and the browser always print the same day.
 */
function parseRaceDate(date: string): Date | null {
  const parsed = parseISO(date);
  return isValid(parsed) ? parsed : null;
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

/** Short style for tables: "Mar 5, 2024". */
export function formatShortDate(date: string): string {
  const parsed = parseRaceDate(date);
  return parsed ? format(parsed, "MMM d, yyyy") : date;
}

export function yearOf(date: string): number | null {
  const parsed = parseRaceDate(date);
  return parsed ? parsed.getFullYear() : null;
}

/** Today's calendar day ("yyyy-MM-dd") in the club's time zone. */
export function todayInZone(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now, timeZone), "yyyy-MM-dd");
}

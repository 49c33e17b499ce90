import { TZDate } from "@date-fns/tz";
// One module per function: the server imports its packages as they are written, and "date-fns"
// alone is all 250 of its modules (0.07 s of CPU at each start, for the three used here).
import { format } from "date-fns/format";
import { isValid } from "date-fns/isValid";
import { parseISO } from "date-fns/parseISO";
import { remembered } from "~/lib/util/remembered";

// The one place for every date format. Loaders call it and hand the components strings: a
// component that calls it brings date-fns into its screen's browser bundle, which
// tests/integration/admin-bundle-dates.test.ts refuses for the admin screens. The formatters are
// marked pure so a module that imports one without calling it in the browser drops the library.

/**
 * Race dates are calendar days ("2026-03-05"), stored as SQL `date`. They are parsed
 * as local calendar days, so the server and the browser always print the same day.
 */
function parseRaceDate(date: string): Date | null {
  const parsed = parseISO(date);
  return isValid(parsed) ? parsed : null;
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
export const formatLongDate = /* @__PURE__ */ dayFormatter("EEEE, MMMM d, yyyy");

/** Race registration style: "05 March 2024"; the raw string when it cannot be formatted. */
export const formatDayMonthYear = /* @__PURE__ */ dayFormatter("dd MMMM yyyy");

/** Short style for tables: "Mar 5, 2024". */
export const formatShortDate = /* @__PURE__ */ dayFormatter("MMM d, yyyy");

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

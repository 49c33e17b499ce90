/**
 * When requests for a results check close (decision 0056), the one place of the rule: a club
 * setting's minutes after the last results save, when that save was made on the race's own day in
 * the club's time zone. Results typed in on a later day (a back-filled race, a correction at home)
 * open no window: nobody is waiting at the lake, and officials need not wait half an hour.
 */
import { todayInZone } from "~/lib/util/dates";

export function resultsCheckClosesAt({
  raceDate,
  lastSavedAt,
  minutes,
  timeZone,
}: {
  /** The race's date, "yyyy-MM-dd". */
  raceDate: string;
  /** races.results_updated_at: the last results save (editor or import); null before any. */
  lastSavedAt: Date | null;
  minutes: number;
  timeZone: string;
}): Date | null {
  if (!lastSavedAt || minutes <= 0) return null;
  if (todayInZone(timeZone, lastSavedAt) !== raceDate) return null;
  return new Date(lastSavedAt.getTime() + minutes * 60_000);
}

export function isResultsCheckOpen(closesAt: Date | null, now: Date = new Date()): closesAt is Date {
  return closesAt !== null && now < closesAt;
}

/**
 * Entry windows (decision 0020): a race may say when entries open and close.
 * Times are instants (timestamptz); admins type them, and everybody reads them, on the club's
 * wall clock (CLUB_TIMEZONE).
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns/format";
import { LOCAL_DATE_TIME } from "~/lib/util/calendar-date";

export interface EntryWindow {
  opensAt: Date | string | null;
  closesAt: Date | string | null;
}

export type EntryWindowState = "not-open" | "open" | "closed";

/** Where `now` stands in the window; a missing side is no limit. */
export function entryWindowState(window: EntryWindow, now: Date): EntryWindowState {
  if (window.closesAt !== null && new Date(window.closesAt).getTime() <= now.getTime()) return "closed";
  if (window.opensAt !== null && new Date(window.opensAt).getTime() > now.getTime()) return "not-open";
  return "open";
}

/** "Thursday, March 5, 2026, 6 pm" (or "6:30 pm"): the calendar's long date and the club's clock. */
export function formatEntryTime(instant: Date | string, timeZone: string): string {
  const zoned = new TZDate(new Date(instant), timeZone);
  return format(zoned, zoned.getMinutes() === 0 ? "EEEE, MMMM d, yyyy, h aaa" : "EEEE, MMMM d, yyyy, h:mm aaa");
}

/** The one sentence a race page and a refused entry use: "Entries closed on Thursday, ... 6 pm". */
export function entryWindowText(window: EntryWindow, now: Date, timeZone: string): string | null {
  switch (entryWindowState(window, now)) {
    case "closed":
      return `Entries closed on ${formatEntryTime(window.closesAt!, timeZone)}`;
    case "not-open":
      return `Entries open on ${formatEntryTime(window.opensAt!, timeZone)}`;
    case "open":
      return window.closesAt === null ? null : `Entries close on ${formatEntryTime(window.closesAt, timeZone)}`;
  }
}

/** The admin form's value ("yyyy-MM-ddTHH:mm", club time) for an instant; "" for none. */
export function toClubLocalInput(instant: Date | string | null, timeZone: string): string {
  return instant === null ? "" : format(new TZDate(new Date(instant), timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** A typed "yyyy-MM-ddTHH:mm" on the club's clock as an instant; null when it is not one. */
export function fromClubLocalInput(value: string, timeZone: string): Date | null {
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const zoned = new TZDate(year, month - 1, day, hour, minute, timeZone);
  // 2026-02-30 rolls into March: refuse days and times that do not exist.
  if (zoned.getFullYear() !== year || zoned.getMonth() !== month - 1 || zoned.getDate() !== day) return null;
  return new Date(zoned.getTime());
}

/**
 * The calendar's pages: how many cards a page holds, which page opens without
 * `?page=`, what a `?page=` value means and the address of a page. Used by the calendar's
 * domain read and its route.
 */
import type { RaceTiming } from "~/lib/races/race-timing";

/** Race cards per page: 8 rows of the three-column grid. */
export const CALENDAR_PAGE_SIZE = 24;

export type CalendarFilter = "all" | RaceTiming;

/**
 * The page shown when none is asked for: All Events opens at the page holding the first event
 * dated today or later (`before` = events dated before today; the last page when all are past),
 * Past at its last page (the most recent), Upcoming and Today at their first.
 */
export function defaultCalendarPage(
  filter: CalendarFilter,
  pages: number,
  before: number,
  pageSize = CALENDAR_PAGE_SIZE,
): number {
  if (filter === "past") return pages;
  if (filter === "all") return Math.max(1, Math.min(pages, Math.floor(before / pageSize) + 1));
  return 1;
}

/** `?page=`: a whole number (out of range is clamped later); anything else means no page asked for. */
export function parseCalendarPage(value: string | null): number | undefined {
  const text = value?.trim();
  if (!text || !/^\d{1,9}$/.test(text)) return undefined;
  return Number(text);
}

/** The address of a calendar page: `/calendar?page=3`, `/calendar?filter=past&page=2`. */
export function calendarPageHref(filter: CalendarFilter, page: number): string {
  const params = new URLSearchParams();
  if (filter !== "all") params.set("filter", filter);
  params.set("page", String(page));
  return `/calendar?${params.toString()}`;
}

/**
 * The calendar page's read: one page of race cards per tab, chosen by the database.
 * SPEC's order (date ascending) and tabs stay; a club with 20 seasons of races never loads them
 * all. Which page opens without `?page=` is decided here, from counts taken in SQL.
 */
import { asc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client";
import { races } from "~/db/schema";
import { CALENDAR_PAGE_SIZE, defaultCalendarPage, type CalendarFilter } from "~/lib/calendar/calendar-pages";
import { raceColumns, type PublicRace } from "~/domain/races/public-queries.server";

export interface CalendarPage {
  races: PublicRace[];
  /** 1-based, always within 1..pages. */
  page: number;
  /** At least 1 (an empty tab is one empty page). */
  pages: number;
  total: number;
}

function filterWhere(filter: CalendarFilter, today: string): SQL | undefined {
  if (filter === "today") return eq(races.date, today);
  if (filter === "upcoming") return gt(races.date, today);
  if (filter === "past") return lt(races.date, today);
  return undefined;
}

/**
 * One page of the calendar. `page` is what the visitor asked for (undefined: the default page);
 * a page out of range is clamped to the first or last.
 */
export async function calendarPage(
  db: Database,
  {
    filter,
    today,
    page,
    pageSize = CALENDAR_PAGE_SIZE,
  }: { filter: CalendarFilter; today: string; page?: number; pageSize?: number },
): Promise<CalendarPage> {
  const where = filterWhere(filter, today);
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      // Events dated before today: where today's page starts on All Events.
      before: sql<number>`(count(*) FILTER (WHERE ${races.date} < ${today}))::int`,
    })
    .from(races)
    .where(where);
  const total = counts?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const wanted = page ?? defaultCalendarPage(filter, pages, counts?.before ?? 0, pageSize);
  const current = Math.min(pages, Math.max(1, wanted));
  const rows =
    total === 0
      ? []
      : await db
          .select(raceColumns)
          .from(races)
          .where(where)
          .orderBy(asc(races.date), asc(races.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize);
  return { races: rows, page: current, pages, total };
}

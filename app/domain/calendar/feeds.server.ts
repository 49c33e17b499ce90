/**
 * iCalendar feeds of the race calendar: every race, one boat class's races, or one
 * race ("Add to calendar"). Races are stored as calendar days, so events are all-day DATE values:
 * they carry no time and no zone, and land on the same day in every calendar app whatever its
 * zone (CLUB_TIMEZONE only decides "today" on our pages).
 */
import { createHash } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import ical, { escape, ICalEventStatus } from "ical-generator";
import type { Database } from "~/db/client";
import { races } from "~/db/schema";
import type { BoatClass } from "~/lib/platform/boat-classes";

export interface CalendarFile {
  body: string;
  etag: string;
  lastModified: Date;
}

interface FeedOptions {
  clubName: string;
  siteUrl: string;
}

const feedColumns = {
  id: races.id,
  title: races.title,
  date: races.date,
  location: races.location,
  description: races.description,
  status: races.status,
  sequence: races.icalSequence,
  updatedAt: races.updatedAt,
};
interface FeedRace {
  id: number;
  title: string;
  date: string;
  location: string;
  description: string;
  status: string;
  sequence: number;
  updatedAt: Date;
}

/**
 * A race is in a class's feed when it has entries or results in that class, or none in any class
 * yet (an upcoming race is open to every class until racers enter).
 */
function inClass(boatClass: BoatClass) {
  return sql`(
    exists (select 1 from race_registrations g where g.race_id = ${races.id} and g.boat_class = ${boatClass})
    or exists (select 1 from race_results r where r.race_id = ${races.id} and r.boat_class = ${boatClass})
    or not (exists (select 1 from race_registrations g where g.race_id = ${races.id})
            or exists (select 1 from race_results r where r.race_id = ${races.id})))`;
}

export async function calendarFeed(db: Database, options: FeedOptions, boatClass?: BoatClass): Promise<CalendarFile> {
  const rows = await db
    .select(feedColumns)
    .from(races)
    .where(boatClass ? inClass(boatClass) : undefined)
    .orderBy(asc(races.date), asc(races.id));
  const name = boatClass ? `${options.clubName}: ${boatClass} races` : `${options.clubName} races`;
  return render(rows, name, options);
}

/** One race as a calendar file, or null when there is no such race. */
export async function raceEventFile(db: Database, options: FeedOptions, id: number): Promise<CalendarFile | null> {
  const rows = await db.select(feedColumns).from(races).where(eq(races.id, id));
  return rows.length ? render(rows, rows[0]!.title, options) : null;
}

function nextDay(day: string): Date {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

// iCalendar TEXT cannot carry controls other than tab and line breaks (RFC 5545 3.3.11; C1 ones
// are dropped too: no reader shows them); old rows may hold them (the forms refuse them now).
const NOT_ICAL_TEXT = /[^\P{Cc}\t\n\r]/gu;

function text(value: string): string {
  return value.replace(NOT_ICAL_TEXT, "");
}

function render(rows: FeedRace[], name: string, { clubName, siteUrl }: FeedOptions): CalendarFile {
  const host = new URL(siteUrl).host;
  const calendar = ical({
    // ical-generator escapes every event field but writes NAME / X-WR-CALNAME as given: a title
    // with a line break would add lines of its own, so the name gets the same escaping.
    name: escape(text(name), false),
    prodId: { company: escape(text(clubName), false), product: "race-calendar" },
  });
  let lastModified = new Date(0);
  for (const race of rows) {
    if (race.updatedAt > lastModified) lastModified = race.updatedAt;
    const url = `${siteUrl}/calendar/${race.id}`;
    calendar.createEvent({
      // Never changes for a race, so calendar apps update the event instead of adding another.
      id: `race-${race.id}@${host}`,
      sequence: race.sequence,
      allDay: true,
      // DATE values are written from the UTC fields: midnight UTC is the stored day itself.
      start: new Date(`${race.date}T00:00:00Z`),
      end: nextDay(race.date),
      summary: text(race.title),
      location: text(race.location) || null,
      description: race.description ? `${text(race.description)}\n\n${url}` : url,
      url,
      status: race.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      // The last change, not the time of the request: the same data gives the same file (ETag).
      stamp: race.updatedAt,
      lastModified: race.updatedAt,
    });
  }
  const body = calendar.toString();
  lastModified.setMilliseconds(0);
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`, lastModified };
}

/**
 * The HTTP answer for a calendar file: 304 when the client's copy is current (If-None-Match
 * first; If-Modified-Since only without it, per RFC 9110).
 */
export function calendarResponse(request: Request, file: CalendarFile, filename: string): Response {
  const headers = new Headers({
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": `inline; filename="${filename}"`,
    // Calendar apps poll: they ask again every time and get a 304 while nothing changed.
    "Cache-Control": "no-cache",
    ETag: file.etag,
    "Last-Modified": file.lastModified.toUTCString(),
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  const ifModifiedSince = request.headers.get("If-Modified-Since");
  const notModified = ifNoneMatch
    ? ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === file.etag || tag.trim() === "*")
    : ifModifiedSince !== null &&
      !Number.isNaN(Date.parse(ifModifiedSince)) &&
      file.lastModified.getTime() <= Date.parse(ifModifiedSince);
  if (notModified) return new Response(null, { status: 304, headers });
  return new Response(file.body, { headers });
}

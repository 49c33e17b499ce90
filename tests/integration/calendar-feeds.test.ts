/**
 * Calendar feeds (issue 14): /calendar.ics, /calendar/:class.ics and /calendar/:id/event.ics,
 * parsed back with ical.js as a calendar app would read them.
 */
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { saveRace } from "~/domain/races/races.server";
import { loader as feedLoader } from "~/routes/calendar-feed";
import { loader as eventLoader } from "~/routes/race-event";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration, createResult } from "../support/factories";
import { routeContext } from "../support/routes";

const { db } = await useTestDatabase();

async function get(
  loader: typeof feedLoader | typeof eventLoader,
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  try {
    return await loader({
      request: new Request(`http://localhost${path}`, { headers }),
      context: routeContext(db),
      params,
    } as never);
  } catch (thrown) {
    // data(..., { status: 404 }) is thrown, as React Router expects.
    return new Response(null, { status: (thrown as { init?: { status?: number } }).init?.status ?? 500 });
  }
}

interface ParsedEvent {
  uid: string;
  sequence: number;
  start: string;
  startIsDate: boolean;
  summary: string;
  location: string;
  description: string;
  status: string;
  url: string;
}

function parse(body: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      start: event.startDate.toString(),
      startIsDate: event.startDate.isDate,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: String(vevent.getFirstPropertyValue("status")),
      url: String(vevent.getFirstPropertyValue("url")),
    };
  });
}

async function feed(path = "/calendar.ics", params: Record<string, string> = {}) {
  const response = await get(feedLoader, path, params);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  return { response, events: parse(await response.text()) };
}

const form = (race: Awaited<ReturnType<typeof createRace>>, changes: Record<string, string>) => ({
  id: race.id,
  title: race.title,
  date: race.date,
  location: race.location,
  description: race.description,
  imageUrl: "",
  status: race.status,
  countsForChampionship: true,
  ...changes,
});

describe("the calendar feed", () => {
  it("has one event per race with a stable UID, location, description and a link back", async () => {
    const race = await createRace(db, {
      title: "Harbour Cup",
      date: "2030-07-06",
      location: "Ferry Reach Park",
      status: "upcoming",
    });
    const first = (await feed()).events.find((e) => e.summary === "Harbour Cup")!;
    expect(first).toMatchObject({
      uid: `race-${race.id}@club.example`,
      start: "2030-07-06",
      startIsDate: true,
      location: "Ferry Reach Park",
      url: `https://club.example/calendar/${race.id}`,
      status: "CONFIRMED",
    });
    expect(first.description).toContain("A club race on the reach.");
    expect(first.description).toContain(`https://club.example/calendar/${race.id}`);
    const again = (await feed()).events.find((e) => e.summary === "Harbour Cup")!;
    expect(again.uid).toBe(first.uid);
  });

  it("raises SEQUENCE when an admin changes the race, and keeps a cancelled race as CANCELLED", async () => {
    const race = await createRace(db, { title: "Autumn Sprint", date: "2030-09-14", status: "upcoming" });
    const before = (await feed()).events.find((e) => e.uid === `race-${race.id}@club.example`)!;
    expect(await saveRace(db, form(race, { date: "2030-09-21" }), "Atlantic/Bermuda")).toMatchObject({ ok: true });
    const moved = (await feed()).events.find((e) => e.uid === `race-${race.id}@club.example`)!;
    expect(moved.start).toBe("2030-09-21");
    expect(moved.sequence).toBeGreaterThan(before.sequence);

    // Saving the form again without changes is not a new revision.
    await saveRace(db, form(race, { date: "2030-09-21" }), "Atlantic/Bermuda");
    expect((await feed()).events.find((e) => e.uid === moved.uid)!.sequence).toBe(moved.sequence);

    await saveRace(db, form(race, { date: "2030-09-21", status: "cancelled" }), "Atlantic/Bermuda");
    const cancelled = (await feed()).events.find((e) => e.uid === moved.uid)!;
    expect(cancelled.status).toBe("CANCELLED");
    expect(cancelled.sequence).toBeGreaterThan(moved.sequence);
  });

  it("puts a race on its own day across the DST changes of the club's zone and the reader's", async () => {
    // Atlantic/Bermuda (the test club) and Europe/London change clocks on these days.
    await createRace(db, { title: "DST Spring", date: "2030-03-10", status: "upcoming" });
    await createRace(db, { title: "DST Autumn", date: "2030-10-27", status: "upcoming" });
    const { events } = await feed();
    for (const [title, day] of [
      ["DST Spring", "2030-03-10"],
      ["DST Autumn", "2030-10-27"],
    ]) {
      const event = events.find((e) => e.summary === title)!;
      expect(event.startIsDate).toBe(true);
      expect(event.start).toBe(day);
    }
  });

  it("per class lists that class's races (and races nobody entered yet), and 404s an unknown class", async () => {
    const racer = await createCompetitor(db);
    const open = await createRace(db, { title: "Open Only", date: "2030-08-01", status: "upcoming" });
    await createRegistration(db, { raceId: open.id, competitorId: racer.id, boatClass: "Open" });
    const superboat = await createRace(db, { title: "Superboat Only", date: "2030-08-02" });
    await createResult(db, { raceId: superboat.id, competitorId: racer.id, position: 1, boatClass: "Superboat" });
    const empty = await createRace(db, { title: "Nobody Yet", date: "2030-08-03", status: "upcoming" });

    const titles = (await feed("/calendar/superboat.ics", { class: "superboat" })).events.map((e) => e.summary);
    expect(titles).toContain("Superboat Only");
    expect(titles).toContain(empty.title);
    expect(titles).not.toContain("Open Only");
    expect((await get(feedLoader, "/calendar/Hydroplane.ics", { class: "Hydroplane" })).status).toBe(404);
  });

  it("answers 304 to If-None-Match and If-Modified-Since while nothing changed, 200 after a change", async () => {
    const race = await createRace(db, { title: "Conditional", date: "2030-10-05", status: "upcoming" });
    const { response } = await feed();
    const etag = response.headers.get("ETag")!;
    const lastModified = response.headers.get("Last-Modified")!;
    expect(etag).toMatch(/^".+"$/);
    expect((await get(feedLoader, "/calendar.ics", {}, { "If-None-Match": etag })).status).toBe(304);
    expect((await get(feedLoader, "/calendar.ics", {}, { "If-Modified-Since": lastModified })).status).toBe(304);

    await new Promise((resolve) => setTimeout(resolve, 1100));
    await saveRace(db, form(race, { title: "Conditional Moved" }), "Atlantic/Bermuda");
    const changed = await get(feedLoader, "/calendar.ics", {}, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    expect((await get(feedLoader, "/calendar.ics", {}, { "If-Modified-Since": lastModified })).status).toBe(200);
  });
});

describe("one race's event file", () => {
  it("holds just that race, and 404s a race that does not exist", async () => {
    const race = await createRace(db, { title: "Single Event", date: "2030-11-09", status: "upcoming" });
    const response = await get(eventLoader, `/calendar/${race.id}/event.ics`, { id: String(race.id) });
    expect(response.status).toBe(200);
    const events = parse(await response.text());
    expect(events.map((e) => e.uid)).toEqual([`race-${race.id}@club.example`]);
    expect((await get(eventLoader, "/calendar/999999/event.ics", { id: "999999" })).status).toBe(404);
    expect((await get(eventLoader, "/calendar/abc/event.ics", { id: "abc" })).status).toBe(404);
  });
});

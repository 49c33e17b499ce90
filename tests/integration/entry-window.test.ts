/**
 * Entry windows (issue 14, item 3): only races whose window is open are offered, a late entry is
 * refused with the closing time and changes nothing, and the admin's club-time input is stored
 * as the right instant.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { raceRegistrations, races } from "~/db/schema";
import { saveRace } from "~/domain/races/races.server";
import { listOpenRaces, raceEntryWindow } from "~/domain/registration/race-entries.server";
import { todayInZone } from "~/lib/util/dates";
import { formatEntryTime, toClubLocalInput } from "~/lib/races/entry-window";
import { action } from "~/routes/race-registration";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";
import { call, CLUB, formRequest, outcome, routeContext } from "../support/routes";
import { inDays } from "../support/club-days";

const { db } = await useTestDatabase();
const today = todayInZone(CLUB.timeZone);

async function post(fields: Record<string, string>) {
  return outcome(await call(action, { request: formRequest("/race-registration", fields), context: routeContext(db) }));
}

async function entryCount(raceId: number) {
  const rows = await db.select({ id: raceRegistrations.id }).from(raceRegistrations).where(eq(raceRegistrations.raceId, raceId));
  return rows.length;
}

describe("the entry window", () => {
  it("refuses an entry one second after close, says when entries closed, and changes nothing", async () => {
    const racer = await createCompetitor(db);
    const race = await createRace(db, { date: inDays(5), status: "upcoming" });
    await db
      .update(races)
      .set({ entriesCloseAt: sql`now() - interval '1 second'` })
      .where(eq(races.id, race.id));
    const res = await post({ competitorId: String(racer.id), raceId: String(race.id), boatClasses: "Open" });
    const { closesAt } = await raceEntryWindow(db, race.id);
    expect(res.status).toBe(400);
    expect(res.data.result.error).toEqual({ raceId: [`Entries closed on ${formatEntryTime(closesAt!, CLUB.timeZone)}.`] });
    expect(await entryCount(race.id)).toBe(0);

    // One second before close the same entry is taken.
    await db
      .update(races)
      .set({ entriesCloseAt: sql`now() + interval '1 second'` })
      .where(eq(races.id, race.id));
    const taken = await post({ competitorId: String(racer.id), raceId: String(race.id), boatClasses: "Open" });
    expect(taken.status).toBe(302);
    expect(await entryCount(race.id)).toBe(1);
  });

  it("refuses an entry before the window opens", async () => {
    const racer = await createCompetitor(db);
    const race = await createRace(db, { date: inDays(20), status: "upcoming" });
    await db
      .update(races)
      .set({ entriesOpenAt: sql`now() + interval '2 days'` })
      .where(eq(races.id, race.id));
    const res = await post({ competitorId: String(racer.id), raceId: String(race.id), boatClasses: "Open" });
    expect(res.data.result.error.raceId[0]).toMatch(
      /^Entries open on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}, \d{1,2}(:\d{2})? (am|pm)\.$/,
    );
    expect(await entryCount(race.id)).toBe(0);
  });

  it("offers only races whose window is open", async () => {
    const open = await createRace(db, { date: inDays(6), status: "upcoming", title: "Window open" });
    const closed = await createRace(db, { date: inDays(6), status: "upcoming", title: "Window closed" });
    const later = await createRace(db, { date: inDays(6), status: "upcoming", title: "Window later" });
    await db
      .update(races)
      .set({ entriesOpenAt: sql`now() - interval '1 day'`, entriesCloseAt: sql`now() + interval '1 day'` })
      .where(eq(races.id, open.id));
    await db
      .update(races)
      .set({ entriesCloseAt: sql`now() - interval '1 minute'` })
      .where(eq(races.id, closed.id));
    await db
      .update(races)
      .set({ entriesOpenAt: sql`now() + interval '1 minute'` })
      .where(eq(races.id, later.id));
    const offered = (await listOpenRaces(db, today)).map((r) => r.id);
    expect(offered).toContain(open.id);
    expect(offered).not.toContain(closed.id);
    expect(offered).not.toContain(later.id);
  });

  it("stores the admin's club-time input as that instant, and shows it back the same", async () => {
    const race = await createRace(db, { date: "2030-11-09", status: "upcoming" });
    const form = {
      id: race.id,
      title: race.title,
      date: race.date,
      location: race.location,
      description: race.description,
      imageUrl: "",
      status: "upcoming" as const,
      countsForChampionship: true,
      entriesOpen: "2030-10-01T09:00",
      entriesClose: "2030-11-07T18:00",
    };
    expect(await saveRace(db, form, CLUB.timeZone)).toMatchObject({ ok: true });
    const [row] = await db
      .select({ opensAt: races.entriesOpenAt, closesAt: races.entriesCloseAt })
      .from(races)
      .where(and(eq(races.id, race.id)));
    // Bermuda: UTC-3 in October (daylight time), UTC-4 in November.
    expect(row!.opensAt!.toISOString()).toBe("2030-10-01T12:00:00.000Z");
    expect(row!.closesAt!.toISOString()).toBe("2030-11-07T22:00:00.000Z");
    expect(toClubLocalInput(row!.closesAt, CLUB.timeZone)).toBe("2030-11-07T18:00");
    expect(formatEntryTime(row!.closesAt!, CLUB.timeZone)).toBe("Thursday, November 7, 2030, 6 pm");

    // Blank = no window.
    await saveRace(db, { ...form, entriesOpen: "", entriesClose: "" }, CLUB.timeZone);
    expect(await raceEntryWindow(db, race.id)).toEqual({ opensAt: null, closesAt: null });
  });
});

/** The heat draw page over real HTTP with a signed-in admin: draw, redraw, move, lock. */
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { heatEntries, heats, races } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration, createResult, createAdmin } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;
let cookie: string;

beforeAll(async () => {
  site = await startTestSite(db);
  const { admin } = await createAdmin(db, "heat-admin", "correct horse battery");
  cookie = `admin_session=${await createSession(db, admin.id)}`;
}, 60_000);
afterAll(() => site?.close());

async function raceWith(n: number, boatClass = "Open") {
  const race = await createRace(db, { status: "upcoming", date: "2099-06-01" });
  const boats = [];
  for (let i = 0; i < n; i++) {
    const c = await createCompetitor(db);
    await createRegistration(db, { raceId: race.id, competitorId: c.id, boatClass });
    boats.push(c);
  }
  return { race, boats };
}

async function post(raceId: number, values: Record<string, string | number>) {
  return site.request(`/admin/races/${raceId}/heats`, { method: "POST", cookie, body: form(values) });
}

/** The stored draw: heat number -> competitor ids in slot order. */
async function draw(raceId: number, boatClass = "Open") {
  const rows = await db
    .select({ heat: heats.heatNumber, competitorId: heatEntries.competitorId, seed: heats.seed, locked: heats.locked })
    .from(heatEntries)
    .innerJoin(heats, eq(heats.id, heatEntries.heatId))
    .where(and(eq(heats.raceId, raceId), eq(heats.boatClass, boatClass)))
    .orderBy(asc(heats.heatNumber), asc(heatEntries.slot));
  const out: number[][] = [];
  for (const r of rows) (out[r.heat - 1] ??= []).push(r.competitorId);
  return { heats: out, seed: rows[0]?.seed ?? null, locked: rows.some((r) => r.locked) };
}

describe("drawing heats", () => {
  it("splits 13 entrants into 3 heats of at most 6, records the seed, and the same seed gives the same draw", async () => {
    const { race, boats } = await raceWith(13);
    const first = await post(race.id, { intent: "draw", boatClass: "Open", method: "random", heatSize: 6, seed: 4242 });
    expect(first.status).toBe(302);
    const a = await draw(race.id);
    expect(a.seed).toBe(4242);
    expect(a.heats.map((h) => h.length)).toEqual([5, 4, 4]);
    expect(a.heats.flat().sort()).toEqual(boats.map((b) => b.id).sort());

    await post(race.id, { intent: "draw", boatClass: "Open", method: "random", heatSize: 6, seed: 7 });
    expect((await draw(race.id)).heats).not.toEqual(a.heats);
    await post(race.id, { intent: "draw", boatClass: "Open", method: "random", heatSize: 6, seed: 4242 });
    expect((await draw(race.id)).heats).toEqual(a.heats);

    // A new seed when none is given; H is remembered on the race.
    await post(race.id, { intent: "draw", boatClass: "Open", method: "random", heatSize: 4, seed: "" });
    const c = await draw(race.id);
    expect(c.seed).toBeGreaterThan(0);
    expect(c.heats.map((h) => h.length)).toEqual([4, 3, 3, 3]);
    const [row] = await db.select({ heatSize: races.heatSize }).from(races).where(eq(races.id, race.id));
    expect(row!.heatSize).toBe(4);

    const page = await site.request(`/admin/races/${race.id}/heats`, { cookie });
    const html = await page.text();
    expect(html).toContain(`seed ${c.seed}`);
    expect(html).toMatch(/Heat (<!-- -->)?4</);
  });

  it("seeds by the standings: the two leaders land in different heats", async () => {
    const { race, boats } = await raceWith(8);
    const past = await createRace(db, { status: "completed", date: "2020-05-01" });
    await createResult(db, { raceId: past.id, competitorId: boats[5]!.id, position: 1 });
    await createResult(db, { raceId: past.id, competitorId: boats[6]!.id, position: 2 });
    expect((await post(race.id, { intent: "draw", boatClass: "Open", method: "standings", heatSize: 4 })).status).toBe(302);
    const d = await draw(race.id);
    expect(d.seed).toBeNull();
    expect(d.heats[0]![0]).toBe(boats[5]!.id);
    expect(d.heats[1]![0]).toBe(boats[6]!.id);
  });

  it("moves a boat between heats, refuses a full heat, then locks the draw against any change", async () => {
    const { race } = await raceWith(7);
    await post(race.id, { intent: "draw", boatClass: "Open", method: "random", heatSize: 4, seed: 99 });
    const before = await draw(race.id);
    expect(before.heats.map((h) => h.length)).toEqual([4, 3]);
    const mover = before.heats[1]![0]!;
    const full = await post(race.id, { intent: "move", boatClass: "Open", competitorId: mover, heatNumber: 1 });
    expect(full.status).toBe(409);
    expect(await full.text()).toContain("Heat 1 already has 4 boats");
    expect((await draw(race.id)).heats).toEqual(before.heats);

    const back = before.heats[0]![0]!;
    expect((await post(race.id, { intent: "move", boatClass: "Open", competitorId: back, heatNumber: 2 })).status).toBe(302);
    const after = await draw(race.id);
    expect(after.heats[1]).toContain(back);
    expect(after.heats[0]).not.toContain(back);

    expect((await post(race.id, { intent: "lock", boatClass: "Open" })).status).toBe(302);
    expect((await draw(race.id)).locked).toBe(true);
    const redraw = await post(race.id, { intent: "draw", boatClass: "Open", method: "random", heatSize: 4, seed: 1 });
    expect(redraw.status).toBe(409);
    expect(await redraw.text()).toContain("The Open draw is locked.");
    expect((await post(race.id, { intent: "move", boatClass: "Open", competitorId: back, heatNumber: 1 })).status).toBe(409);
    expect((await draw(race.id)).heats).toEqual(after.heats);
  });

  it("cannot be redrawn once the class's first result is saved", async () => {
    const { race, boats } = await raceWith(3);
    await post(race.id, { intent: "draw", boatClass: "Open", method: "random", heatSize: 6, seed: 5 });
    await createResult(db, { raceId: race.id, competitorId: boats[0]!.id, position: 1 });
    const res = await post(race.id, { intent: "draw", boatClass: "Open", method: "random", heatSize: 2, seed: 5 });
    expect(res.status).toBe(409);
    expect((await draw(race.id)).heats.length).toBe(1);
  });

  it("answers bad input with a 4xx and a message, and changes nothing", async () => {
    const { race } = await raceWith(3);
    const count = async () =>
      (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM heats WHERE race_id = ${race.id}`)).rows[0]!.n;
    for (const [values, message] of [
      [{ intent: "draw", boatClass: "Open", method: "random", heatSize: 1 }, "Boats per heat must be at least 2"],
      [{ intent: "draw", boatClass: "Open", method: "random", heatSize: "six" }, "Boats per heat must be a whole number"],
      [{ intent: "draw", boatClass: "Open", method: "lottery", heatSize: 6 }, "Please choose how to draw the heats"],
      [{ intent: "draw", boatClass: "Superboat", method: "random", heatSize: 6 }, "Nobody has entered Superboat yet."],
      [{ intent: "move", boatClass: "Open", competitorId: 1, heatNumber: 1 }, "Open has no heat 1."],
      [{ intent: "explode", boatClass: "Open" }, "Unknown action."],
    ] as const) {
      const res = await post(race.id, values);
      expect(res.status, JSON.stringify(values)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(await res.text()).toContain(message);
    }
    expect((await post(race.id, { intent: "draw", boatClass: "Open", bogus: "1" })).status).toBe(400);
    expect(await count()).toBe(0);
  });
});

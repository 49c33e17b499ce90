/** Provisional, then official results, and the change log of changes made after official. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { replaceHeatResults } from "~/domain/race-day/results.server";
import { markResultsOfficial, resultsStatus } from "~/domain/race-day/race-day.server";
import { provisionalRaces } from "~/domain/championship/provisional-races.server";
import { loader } from "~/routes/race";
import { raceResultChanges } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";
import { CLUB, routeContext } from "../support/routes";

const { db } = await useTestDatabase();

async function racePage(id: number) {
  const url = `http://localhost/results/${id}`;
  return loader({
    request: new Request(url),
    context: routeContext(db),
    params: { id: String(id) },
    url: new URL(url),
    pattern: "/results/:id",
  });
}

function save(raceId: number, order: number[], extra: Partial<{ laps: number }> = {}) {
  return replaceHeatResults(db, {
    raceId,
    heatNumber: 2,
    boatClass: "Open",
    competitorCount: order.length,
    rows: order.map((competitorId, i) => ({
      competitorId,
      position: i + 1,
      points: 0,
      lapTime: "",
      bestLap: "",
      totalTime: "",
      ...extra,
    })),
  } as never);
}

describe("official results", () => {
  it("are provisional until marked official; a change after that is logged in the same save, nothing before", async () => {
    const race = await createRace(db, { status: "completed", date: "2026-05-01" });
    const [a, b, c] = [
      await createCompetitor(db, { boatNumber: "7" }),
      await createCompetitor(db, { boatNumber: "5" }),
      await createCompetitor(db, { boatNumber: "11" }),
    ];
    expect(await markResultsOfficial(db, race.id, CLUB)).toEqual({
      ok: false,
      status: 409,
      message: "There are no results to mark official yet.",
    });

    await save(race.id, [b.id, c.id, a.id]);
    await save(race.id, [b.id, a.id, c.id]); // a provisional correction: not logged
    let page = await racePage(race.id);
    expect(page.resultsMark).toEqual({ official: false });
    expect(page.changes).toEqual([]);
    expect((await provisionalRaces(db)).map((r) => r.id)).toContain(race.id);

    expect((await markResultsOfficial(db, race.id, CLUB)).ok).toBe(true);
    // Asked again: harmless, and it says since when.
    expect(await markResultsOfficial(db, race.id, CLUB)).toMatchObject({ ok: true, alreadySince: expect.any(Date) });
    page = await racePage(race.id);
    expect(page.resultsMark).toMatchObject({ official: true, time: expect.stringMatching(/^\d{2}:\d{2}$/) });
    expect((await provisionalRaces(db)).map((r) => r.id)).not.toContain(race.id);

    // #11 was 3rd, now 2nd; #7 was 2nd, now 3rd.
    await save(race.id, [b.id, c.id, a.id]);
    page = await racePage(race.id);
    expect(page.changes.map((x) => x.description)).toEqual(["Heat 2 Open: #11 from 3rd to 2nd; #7 from 2nd to 3rd"]);
    expect(page.changes[0]!.time).toMatch(/^\d{2}:\d{2}$/);

    // Saving the same results again logs nothing; a removed boat and corrected laps are logged.
    await save(race.id, [b.id, c.id, a.id]);
    await save(race.id, [b.id, c.id], { laps: 12 });
    const rows = await db.select().from(raceResultChanges).where(eq(raceResultChanges.raceId, race.id));
    expect(rows.map((r) => r.description)).toEqual([
      "Heat 2 Open: #11 from 3rd to 2nd; #7 from 2nd to 3rd",
      "Heat 2 Open: #5 laps or times corrected; #11 laps or times corrected; #7 removed (was 3rd)",
    ]);
  });

  it("a failed save after official leaves neither the results nor the change log changed", async () => {
    const race = await createRace(db, { status: "completed", date: "2026-05-02" });
    const a = await createCompetitor(db, { boatNumber: "1" });
    await save(race.id, [a.id]);
    await markResultsOfficial(db, race.id, CLUB);
    const outcome = await save(race.id, [a.id, 2_000_000_000]);
    expect(outcome.ok).toBe(false);
    expect(await db.select().from(raceResultChanges).where(eq(raceResultChanges.raceId, race.id))).toEqual([]);
  });
});

describe("results without online entries", () => {
  it("count as results to mark official (entered at the lake or imported)", async () => {
    const race = await createRace(db, { status: "completed", date: "2026-05-02" });
    const walkUp = await createCompetitor(db);
    expect((await resultsStatus(db, race.id)).hasResults).toBe(false);
    await save(race.id, [walkUp.id]);
    expect((await resultsStatus(db, race.id)).hasResults).toBe(true);
    expect((await markResultsOfficial(db, race.id, CLUB)).ok).toBe(true);
  });
});

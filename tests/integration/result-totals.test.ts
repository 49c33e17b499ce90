/**
 * result_totals (migration 0016) holds SPEC's all-time standings per racer, class and position,
 * and race_entrants (migration 0017) who raced in each race and class, both kept by triggers on
 * race_results. Whatever happens to the results, they must equal what reading race_results
 * directly gives, so the standings and the head-to-head picker never differ from the results.
 */
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { competitors, raceResults, races } from "~/db/schema";
import { standings } from "~/domain/championship/all-time-standings.server";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult } from "../support/factories";

const { db } = await useTestDatabase();

/** The table as the triggers keep it, and the same sums computed from race_results now. */
async function keptAndActual() {
  const kept = await db.execute(sql`
    SELECT competitor_id, boat_class, position, finishes, stored_points::int AS stored_points, unscored
    FROM result_totals ORDER BY 1, 2, 3`);
  const actual = await db.execute(sql`
    SELECT competitor_id, boat_class, position, count(*)::int AS finishes,
           coalesce(sum(points), 0)::int AS stored_points, (count(*) FILTER (WHERE points IS NULL))::int AS unscored
    FROM race_results GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  const keptEntrants = await db.execute(sql`
    SELECT race_id, boat_class, competitor_id, results FROM race_entrants ORDER BY 1, 2, 3`);
  const actualEntrants = await db.execute(sql`
    SELECT race_id, boat_class, competitor_id, count(*)::int AS results FROM race_results GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);
  return { kept: [kept.rows, keptEntrants.rows], actual: [actual.rows, actualEntrants.rows] };
}

async function expectInStep() {
  const { kept, actual } = await keptAndActual();
  expect(kept).toEqual(actual);
}

describe("result_totals and race_entrants", () => {
  beforeEach(async () => {
    await db.execute(sql`TRUNCATE race_results, races, competitors RESTART IDENTITY CASCADE`);
  });

  it("follows inserts, corrections, deletions and cascades", async () => {
    const [ann, ben, cat] = [await createCompetitor(db), await createCompetitor(db), await createCompetitor(db)];
    const first = await createRace(db);
    const second = await createRace(db);
    await createResult(db, { raceId: first.id, competitorId: ann.id, position: 1 });
    await createResult(db, { raceId: first.id, competitorId: ben.id, position: 2, points: 30 });
    await createResult(db, { raceId: first.id, competitorId: cat.id, position: 1, boatClass: "Superboat" });
    // One statement, several rows (the results editor saves a heat at once).
    await db.insert(raceResults).values([
      { raceId: second.id, competitorId: ann.id, position: 2, boatClass: "Open", heatNumber: 1 },
      { raceId: second.id, competitorId: ben.id, position: 1, boatClass: "Open", heatNumber: 1 },
      { raceId: second.id, competitorId: ann.id, position: 1, boatClass: "Open", heatNumber: 2 },
    ]);
    await expectInStep();

    // A correction: positions swapped, a class changed, points set and cleared.
    await db.update(raceResults).set({ position: 3 }).where(eq(raceResults.competitorId, ben.id));
    await db.update(raceResults).set({ boatClass: "Superboat" }).where(eq(raceResults.raceId, second.id));
    await db.update(raceResults).set({ points: null }).where(eq(raceResults.points, 30));
    await expectInStep();

    // A deleted result and a deleted race (its results cascade) take their finishes with them.
    await db.delete(raceResults).where(eq(raceResults.competitorId, cat.id));
    await expectInStep();
    await db.delete(races).where(eq(races.id, first.id));
    await expectInStep();
    // A racer with results cannot be deleted (the admin deletes the results first).
    await expect(db.delete(competitors).where(eq(competitors.id, ann.id))).rejects.toThrow();
    await expectInStep();
    const [totals, entrants] = (await keptAndActual()).kept;
    expect(totals!.length).toBeGreaterThan(0);
    expect(entrants!.length).toBeGreaterThan(0);

    await db.execute(sql`TRUNCATE race_results`);
    expect((await keptAndActual()).kept).toEqual([[], []]);
  });

  it("gives SPEC's standings: the points table by position unless points were stored", async () => {
    const [ann, ben] = [await createCompetitor(db), await createCompetitor(db)];
    const race = await createRace(db);
    const other = await createRace(db);
    await createResult(db, { raceId: race.id, competitorId: ann.id, position: 1 });
    await createResult(db, { raceId: race.id, competitorId: ben.id, position: 12 });
    await createResult(db, { raceId: other.id, competitorId: ben.id, position: 1, points: 40 });
    const rows = await standings(db);
    expect(rows.map((r) => ({ id: r.competitorId, points: r.points, wins: r.wins }))).toEqual([
      { id: ben.id, points: 5 + 40, wins: 1 },
      { id: ann.id, points: 25, wins: 1 },
    ]);
  });
});

/** Admin writes against a real database: results replaced atomically, history never lost silently. */
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { raceResults, races } from "~/db/schema";
import { deleteCompetitor, listCompetitors, saveCompetitor } from "~/domain/racer/competitors.server";
import { deleteRace, listAdminRaces, raceEntries } from "~/domain/races/races.server";
import { replaceHeatResults } from "~/domain/race-day/results.server";
import { resultsSchema, type ResultsInput } from "~/lib/race-day/results-schema";
import { upsertAdmin } from "~/domain/admin/auth.server";
import { adminCommand } from "~/server/commands/admin";
import type { Env } from "~/server/env";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration, createResult } from "../support/factories";
import { standings } from "~/domain/championship/all-time-standings.server";

const { db } = await useTestDatabase();

async function heat(raceId: number) {
  return db
    .select({
      competitorId: raceResults.competitorId,
      position: raceResults.position,
      points: raceResults.points,
      heat: raceResults.heatNumber,
      boatClass: raceResults.boatClass,
    })
    .from(raceResults)
    .where(eq(raceResults.raceId, raceId))
    .orderBy(asc(raceResults.boatClass), asc(raceResults.heatNumber), asc(raceResults.position));
}

function input(
  raceId: number,
  rows: { competitorId: number; position: number; laps?: number }[],
  extra: Partial<ResultsInput> = {},
): ResultsInput {
  return { raceId, heatNumber: 1, boatClass: "Open", competitorCount: rows.length, rows, ...extra };
}

describe("replacing a heat's results", () => {
  it("replaces only that race, heat and class, with points from the club table", async () => {
    const race = await createRace(db);
    const [a, b, c] = [await createCompetitor(db), await createCompetitor(db), await createCompetitor(db)];
    await createResult(db, { raceId: race.id, competitorId: a.id, position: 1, heatNumber: 2 });
    await createResult(db, { raceId: race.id, competitorId: a.id, position: 1, boatClass: "Superboat" });
    await createResult(db, { raceId: race.id, competitorId: c.id, position: 1 });

    expect(
      await replaceHeatResults(
        db,
        input(race.id, [
          { competitorId: b.id, position: 1 },
          { competitorId: a.id, position: 11 },
        ]),
      ),
    ).toEqual({ ok: true, saved: 2, completed: false });
    expect(await heat(race.id)).toEqual([
      { competitorId: b.id, position: 1, points: 25, heat: 1, boatClass: "Open" },
      { competitorId: a.id, position: 11, points: 5, heat: 1, boatClass: "Open" },
      { competitorId: a.id, position: 1, points: null, heat: 2, boatClass: "Open" },
      { competitorId: a.id, position: 1, points: null, heat: 1, boatClass: "Superboat" },
    ]);
  });

  it("keeps an import's laps adjustment for a racer whose laps the save keeps, and drops it when the laps change", async () => {
    const race = await createRace(db);
    const [a, b] = [await createCompetitor(db), await createCompetitor(db)];
    await createResult(db, { raceId: race.id, competitorId: a.id, position: 1, laps: 12 });
    await createResult(db, { raceId: race.id, competitorId: b.id, position: 2, laps: 11 });
    await db
      .update(raceResults)
      .set({ lapsAdjustment: 1, lapsAdjustmentReason: "transponder missed lap 12" })
      .where(eq(raceResults.raceId, race.id));

    await replaceHeatResults(
      db,
      input(race.id, [
        { competitorId: b.id, position: 1, laps: 13 },
        { competitorId: a.id, position: 2, laps: 12 },
      ]),
    );
    const rows = await db
      .select({ who: raceResults.competitorId, adjustment: raceResults.lapsAdjustment, reason: raceResults.lapsAdjustmentReason })
      .from(raceResults)
      .where(eq(raceResults.raceId, race.id))
      .orderBy(asc(raceResults.position));
    expect(rows).toEqual([
      { who: b.id, adjustment: null, reason: null },
      { who: a.id, adjustment: 1, reason: "transponder missed lap 12" },
    ]);
  });

  it("leaves the previous results intact when the save fails midway (after the delete, on the second insert)", async () => {
    const race = await createRace(db);
    const [a, b] = [await createCompetitor(db), await createCompetitor(db)];
    await createResult(db, { raceId: race.id, competitorId: a.id, position: 1, points: 25 });
    await createResult(db, { raceId: race.id, competitorId: b.id, position: 2, points: 20 });
    const before = await heat(race.id);

    // A trigger in this test database fails the insert of position 2: the delete has already run.
    await db.execute(
      sql.raw(`
      CREATE FUNCTION fail_second_row() RETURNS trigger AS $$
      BEGIN
        IF NEW.race_id = ${race.id} AND NEW.position = 2 THEN RAISE EXCEPTION 'disk full (simulated)'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER fail_second_row BEFORE INSERT ON race_results FOR EACH ROW EXECUTE FUNCTION fail_second_row();
    `),
    );
    try {
      const outcome = await replaceHeatResults(
        db,
        input(race.id, [
          { competitorId: b.id, position: 1 },
          { competitorId: a.id, position: 2 },
        ]),
      );
      expect(outcome).toEqual({ ok: false, reason: "insert-failed" });
    } finally {
      await db.execute(sql`DROP TRIGGER fail_second_row ON race_results; DROP FUNCTION fail_second_row();`);
    }
    expect(await heat(race.id)).toEqual(before);
  });

  it("leaves the previous results intact when a competitor vanished", async () => {
    const race = await createRace(db);
    const a = await createCompetitor(db);
    await createResult(db, { raceId: race.id, competitorId: a.id, position: 1 });
    const before = await heat(race.id);
    expect(
      await replaceHeatResults(
        db,
        input(race.id, [
          { competitorId: a.id, position: 1 },
          { competitorId: 999_999, position: 2 },
        ]),
      ),
    ).toEqual({
      ok: false,
      reason: "competitor-not-found",
    });
    expect(await heat(race.id)).toEqual(before);
  });

  it("refuses the same competitor or the same position twice in a heat, with clear messages", () => {
    const parsed = resultsSchema.safeParse(
      input(1, [
        { competitorId: 5, position: 1 },
        { competitorId: 5, position: 1 },
      ]),
    );
    expect(parsed.success).toBe(false);
    const messages = parsed.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages).toContain("rows.1.competitorId: This competitor is already in this heat.");
    expect(messages).toContain("rows.1.position: Position 1 is given twice in this heat.");
  });
});

describe("competitors", () => {
  it("refuses to delete a competitor with results, and deletes one without", async () => {
    const race = await createRace(db);
    const withResults = await createCompetitor(db);
    const without = await createCompetitor(db);
    await createResult(db, { raceId: race.id, competitorId: withResults.id, position: 1 });
    expect(await deleteCompetitor(db, withResults.id)).toEqual({ ok: false, reason: "has-results", results: 1 });
    expect(await deleteCompetitor(db, without.id)).toEqual({ ok: true });
    expect(await deleteCompetitor(db, without.id)).toEqual({ ok: false, reason: "not-found" });
    const list = await listCompetitors(db, standings(db));
    expect(list.find((c) => c.id === withResults.id)).toMatchObject({ wins: 1, points: 25 });
  });

  it("refuses a second competitor with the same e-mail in other capitals", async () => {
    await createCompetitor(db, { email: "same@example.com" });
    const outcome = await saveCompetitor(db, {
      firstName: "Sam",
      lastName: "Same",
      email: "SAME@example.com",
      boatNumber: "1",
      boatClasses: ["Open", "Superboat"],
    });
    expect(outcome).toEqual({ ok: false, reason: "duplicate-email" });
  });
});

describe("races", () => {
  it("deletes a race with its results and entries and says how many results went", async () => {
    const race = await createRace(db);
    const a = await createCompetitor(db);
    await createResult(db, { raceId: race.id, competitorId: a.id, position: 1 });
    await createResult(db, { raceId: race.id, competitorId: a.id, position: 1, boatClass: "Superboat" });
    await createRegistration(db, { raceId: race.id, competitorId: a.id, boatClass: "Open" });
    expect((await raceEntries(db, race.id)).length).toBe(1);
    expect((await listAdminRaces(db)).find((r) => r.id === race.id)).toMatchObject({ resultCount: 2, entryCount: 1 });
    expect(await deleteRace(db, race.id)).toEqual({ ok: true, results: 2 });
    expect(await db.select().from(races).where(eq(races.id, race.id))).toEqual([]);
    expect(await heat(race.id)).toEqual([]);
  });
});

describe("roles and `npm run admin` (issue 23 item 1)", () => {
  const run = (username: string) =>
    adminCommand({ db, env: {} as Env, args: [username], print: () => {} }, () => Promise.resolve("a long shell password"));
  const roleOf = async (username: string) =>
    (await db.execute<{ role: string }>(sql`SELECT role FROM admins WHERE username = ${username}`)).rows[0]?.role;

  it("creates owners; a new password from the shell keeps a results officer's role", async () => {
    expect(await run("shell-owner")).toBe(0);
    expect(await roleOf("shell-owner")).toBe("owner");

    await upsertAdmin(db, "shell-officer", "correct horse battery", { role: "results_officer" });
    expect(await run("shell-officer")).toBe(0);
    expect(await roleOf("shell-officer")).toBe("results_officer");
  });

  it("an admin that existed before roles becomes an owner (the column's default)", async () => {
    await db.execute(sql`INSERT INTO admins (username, password_hash) VALUES ('old-admin', 'x')`);
    expect(await roleOf("old-admin")).toBe("owner");
  });
});

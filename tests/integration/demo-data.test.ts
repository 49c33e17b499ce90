import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedDemoData } from "~/db/demo-data";
import { standings } from "~/domain/championship/all-time-standings.server";
import { listRaces } from "~/domain/races/public-queries.server";
import { raceTiming } from "~/lib/races/race-timing";
import { clubToday, todayInZone } from "~/lib/util/dates";
import { useTestDatabase } from "../support/database";

const { db } = await useTestDatabase();
const timeZone = "Atlantic/Bermuda";

it("seeds an empty database once, relative to today", async () => {
  expect(await seedDemoData(db, { today: clubToday({ timeZone }) })).toBe(true);
  expect(await seedDemoData(db, { today: clubToday({ timeZone }) })).toBe(false); // not twice

  const count = async (table: string) =>
    Number((await db.execute<{ n: number }>(sql.raw(`SELECT count(*) AS n FROM ${table}`))).rows[0]!.n);
  expect(await count("competitors")).toBe(20);

  const today = todayInZone(timeZone);
  const timings = (await listRaces(db)).map((race) => raceTiming(race.date, today));
  expect(timings).toContain("past");
  expect(timings).toContain("today");
  expect(timings).toContain("upcoming");

  // Results in both classes, some races in two heats.
  const { rows } = await db.execute<{ boat_class: string; heats: number }>(
    sql`SELECT boat_class, max(heat_number) AS heats FROM race_results GROUP BY boat_class ORDER BY boat_class`,
  );
  expect(rows.map((r) => [r.boat_class, Number(r.heats)])).toEqual([
    ["Open", 2],
    ["Superboat", 2],
  ]);
  expect((await standings(db, "Superboat")).length).toBeGreaterThan(5);
});

it("does not seed a database that already has club data", async () => {
  // This file's database was seeded above; a club database with one racer is never touched.
  expect(await seedDemoData(db, { today: clubToday({ timeZone }) })).toBe(false);
});

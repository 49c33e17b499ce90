/**
 * How fast the public pages' queries are on a club with ten years of history:
 * 200 racers, 150 races, 9,000 results (150 races x 2 classes x 2 heats x 15 finishers; checked
 * below, so this figure cannot drift from the data again).
 * Run: npm run bench
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { standings } from "~/domain/championship/all-time-standings.server";
import { completedRacesPage, latestRaceWithResults, resultsForRaces } from "~/domain/races/public-queries.server";
import { careerResults } from "~/domain/racer-profile/profile.server";
import { createTestDatabase } from "../tests/support/database";

const RESULTS = 9_000;
const t = await createTestDatabase();
const { db } = t;

beforeAll(async () => {
  await db.execute(sql`
    INSERT INTO competitors (first_name, last_name, email, boat_name, boat_number, boat_classes)
    SELECT 'Racer', 'Number ' || i, 'racer' || i || '@example.com', 'Boat ' || i, i::text,
           CASE WHEN i % 2 = 0 THEN ARRAY['Open'] ELSE ARRAY['Open', 'Superboat'] END
    FROM generate_series(1, 200) AS i`);
  await db.execute(sql`
    INSERT INTO races (title, date, location, description, status)
    SELECT 'Race ' || i, date '2016-01-01' + (i * 24), 'Ferry Reach', 'Club race', 'completed'
    FROM generate_series(1, 150) AS i`);
  // 15 finishers per race, class and heat, chosen by a rotating offset.
  await db.execute(sql`
    INSERT INTO race_results (race_id, competitor_id, position, heat_number, boat_class, best_lap)
    SELECT r.id, ((r.id * 7 + h * 13 + c * 31 + p * 11) % 200) + 1, p, h, cls, '0:41.20'
    FROM races r, generate_series(1, 2) h, generate_series(0, 1) c, generate_series(1, 15) p,
         LATERAL (SELECT CASE WHEN c = 0 THEN 'Open' ELSE 'Superboat' END AS cls) k
    ON CONFLICT DO NOTHING`);
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM race_results`);
  if (rows[0]!.n !== RESULTS) throw new Error(`expected ${RESULTS} results, made ${rows[0]!.n}`);
  await db.execute(sql`ANALYZE`);
});
afterAll(() => t.drop());

describe("public queries, 10 seasons of results", () => {
  bench("standings, all classes", async () => {
    await standings(db);
  });
  bench("standings, one class", async () => {
    await standings(db, "Superboat");
  });
  bench("home: latest race with its results", async () => {
    const race = await latestRaceWithResults(db);
    await resultsForRaces(db, [race!.id]);
  });
  bench("results archive, one page of a year", async () => {
    const { races } = await completedRacesPage(db, { year: 2020, limit: 10, offset: 0 });
    await resultsForRaces(
      db,
      races.map((r) => r.id),
    );
  });
  bench("racer profile results", async () => {
    await careerResults(db, 42);
  });
});

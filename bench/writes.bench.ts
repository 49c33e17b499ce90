/**
 * The writes of a race weekend, each one transaction on real PostgreSQL: a driver registering
 * (with its outbox e-mails), a race entry in both classes, and an admin saving a heat of 15.
 * Run: npm run bench
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { replaceHeatResults } from "~/domain/race-day/results.server";
import { registerForRace } from "~/domain/registration/race-entries.server";
import { registerDriver } from "~/domain/registration/registrations.server";
import { createTestDatabase } from "../tests/support/database";
import { createCompetitor, createRace } from "../tests/support/factories";
import { CURRENT_NOTICE } from "~/lib/privacy/notice";

const t = await createTestDatabase();
const { db } = t;
const club = { clubName: "Bench Boat Club", clubEmail: "club@example.org", siteUrl: "https://club.example" };
let raceId = 0;
let upcomingId = 0;
const drivers: number[] = [];
let n = 0;
// Entrants for the race-entry bench, made beforehand so the timed part is only the entry.
let entrants: number[] = [];

beforeAll(async () => {
  raceId = (await createRace(db, { status: "completed" })).id;
  upcomingId = (await createRace(db, { status: "upcoming", date: "2099-06-01" })).id;
  for (let i = 0; i < 15; i++) drivers.push((await createCompetitor(db, { boatClasses: ["Open", "Superboat"] })).id);
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO competitors (first_name, last_name, email, boat_number, boat_classes, pipa_consent, pipa_consent_at)
    SELECT 'Entrant', 'Number ' || i, 'entrant' || i || '@example.com', i::text, ARRAY['Open', 'Superboat'], true, now()
    FROM generate_series(1, 20000) AS i
    RETURNING id`);
  entrants = rows.map((r) => r.id);
});
afterAll(() => t.drop());

describe("race weekend writes", () => {
  bench("driver registration (new driver + 2 outbox e-mails)", async () => {
    n++;
    await registerDriver(
      db,
      {
        firstName: "Bench",
        lastName: `Driver${n}`,
        boatName: undefined,
        boatNumber: String(n),
        boatClasses: ["Open"],
        telephone: undefined,
        email: `bench${n}@example.com`,
        pipaConsent: true,
        raceEmails: false,
      },
      "submit",
      club,
      CURRENT_NOTICE.version,
    );
  });

  bench("race entry, both classes", async () => {
    const driver = entrants.pop();
    if (driver === undefined) throw new Error("Not enough entrants made in beforeAll for this many iterations.");
    await registerForRace(db, { competitorId: driver, raceId: upcomingId, boatClasses: ["Open", "Superboat"] }, "2026-01-01");
  });

  bench("save a heat of 15 results (replace in one transaction)", async () => {
    await replaceHeatResults(db, {
      raceId,
      heatNumber: 1,
      boatClass: "Open",
      competitorCount: 15,
      rows: drivers.map((competitorId, i) => ({ competitorId, position: i + 1, laps: 14, bestLap: "0:41.20" })),
    });
  });
});

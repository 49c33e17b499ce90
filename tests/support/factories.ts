/** Test data with sensible defaults; each test states only what matters to it. */
import type { Database } from "../../db/client";
import { competitors, raceRegistrations, raceResults, races } from "../../db/schema";

let counter = 0;
const next = () => ++counter;

export async function createCompetitor(db: Database, overrides: Partial<typeof competitors.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(competitors)
    .values({
      firstName: `Racer${n}`,
      lastName: `Tester${n}`,
      email: `racer${n}.${Date.now()}@example.com`,
      telephone: `441-555-${String(n).padStart(4, "0")}`,
      boatName: `Boat ${n}`,
      boatNumber: String(n),
      boatClasses: ["Open"],
      pipaConsent: true,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createRace(db: Database, overrides: Partial<typeof races.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(races)
    .values({
      title: `Race ${n}`,
      date: "2026-06-01",
      location: "Ferry Reach Park",
      description: "A club race on the reach.",
      status: "completed",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createResult(
  db: Database,
  values: { raceId: number; competitorId: number; position: number } & Partial<typeof raceResults.$inferInsert>,
) {
  const [row] = await db
    .insert(raceResults)
    .values({ boatClass: "Open", heatNumber: 1, ...values })
    .returning();
  return row!;
}

export async function createRegistration(db: Database, values: typeof raceRegistrations.$inferInsert) {
  const [row] = await db.insert(raceRegistrations).values(values).returning();
  return row!;
}

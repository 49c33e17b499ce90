/** Test data with sensible defaults; each test states only what matters to it. */
import type { Database } from "~/db/client";
import { competitors, heatEntries, heats, raceRegistrations, raceResults, races } from "~/db/schema";

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

/** One heat of a race's draw with these boats in this order (as a seeded draw would store it). */
export async function createHeat(
  db: Database,
  values: { raceId: number; boatClass: string; heatNumber: number; competitorIds: number[] },
) {
  const [heat] = await db
    .insert(heats)
    .values({ raceId: values.raceId, boatClass: values.boatClass, heatNumber: values.heatNumber, method: "random", seed: 1 })
    .returning();
  if (values.competitorIds.length > 0) {
    await db.insert(heatEntries).values(
      values.competitorIds.map((competitorId, i) => ({
        heatId: heat!.id,
        raceId: values.raceId,
        boatClass: values.boatClass,
        competitorId,
        slot: i + 1,
      })),
    );
  }
  return heat!;
}

/**
 * Every competitor list orders names the way a person expects (ICU root collation), not by bytes:
 * "de Silva" between "Dawson" and "Evans", "Ávila" with the A's. The database's order and the
 * JavaScript one (standings ties) are the same.
 */
import { describe, expect, it } from "vitest";
import { competitorOptions } from "~/domain/race-day/results.server";
import { listCompetitors } from "~/domain/racer/competitors.server";
import { entriesByRace, raceEntries } from "~/domain/races/races.server";
import { listDrivers } from "~/domain/registration/race-entries.server";
import { opponents } from "~/domain/racer-profile/profile.server";
import { compareNames } from "~/lib/racer/names";
import { rankStandings } from "~/lib/championship/standings";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration } from "../support/factories";
import { standings } from "~/domain/championship/all-time-standings.server";

const { db } = await useTestDatabase();

const EXPECTED = ["Abbott", "Ávila", "Dawson", "de Silva", "Evans", "O'Neill", "Ochoa", "Zuill"];
// Inserted out of order, so an insertion-order or id-order answer cannot pass.
const INSERTED = ["Zuill", "de Silva", "Ochoa", "Evans", "Ávila", "O'Neill", "Dawson", "Abbott"];

const people: Awaited<ReturnType<typeof createCompetitor>>[] = [];
for (const lastName of INSERTED) people.push(await createCompetitor(db, { firstName: "Sam", lastName }));
const ids = new Set(people.map((p) => p.id));
const race = await createRace(db, { status: "upcoming" });
for (const p of people) await createRegistration(db, { raceId: race.id, competitorId: p.id, boatClass: "Open" });

const lastNameOf = new Map(people.map((p) => [p.id, p.lastName]));
const ours = <T extends { id: number }>(rows: T[]) => rows.filter((r) => ids.has(r.id)).map((r) => lastNameOf.get(r.id));

describe("competitor lists order names as a person expects", () => {
  it("the C collation, for contrast, puts 'de Silva' after 'Zuill'", () => {
    const bytes = [...INSERTED].sort();
    expect(bytes.indexOf("de Silva")).toBeGreaterThan(bytes.indexOf("Zuill"));
  });

  it("the admin's competitor list", async () => {
    expect(ours(await listCompetitors(db, standings(db)))).toEqual(EXPECTED);
  });

  it("the results editor's competitor picker", async () => {
    expect(ours(await competitorOptions(db))).toEqual(EXPECTED);
  });

  it("the race registration's driver picker", async () => {
    expect(ours(await listDrivers(db))).toEqual(EXPECTED);
  });

  it("the racer profile's head-to-head picker", async () => {
    const someoneElse = await createCompetitor(db, { firstName: "Pat", lastName: "Outsider" });
    expect(ours(await opponents(db, someoneElse.id))).toEqual(EXPECTED);
  });

  it("a race's entries, on its page and on the races page", async () => {
    const byId = (rows: { competitorId: number }[]) => ours(rows.map((r) => ({ id: r.competitorId })));
    expect(byId(await raceEntries(db, race.id))).toEqual(EXPECTED);
    expect(byId((await entriesByRace(db))[race.id] ?? [])).toEqual(EXPECTED);
  });

  it("JavaScript's order (standings ties by name) is the database's", () => {
    expect([...people].sort(compareNames).map((p) => p.lastName)).toEqual(EXPECTED);
    const tied = rankStandings(people.map((p) => ({ ...p, competitorId: p.id, points: 10, finishes: [1] })));
    expect(tied.map((r) => r.lastName)).toEqual(EXPECTED);
  });
});

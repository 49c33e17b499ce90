import { beforeAll, describe, expect, it } from "vitest";
import {
  completedRaceYears,
  completedRacesPage,
  getRace,
  latestRaceWithResults,
  leadersOfRaces,
  listRaces,
  nextEvent,
  resultsForRaces,
} from "~/domain/races/public-queries.server";
import { getCompetitor } from "~/domain/racer/public-racer.server";
import { standings, standingsClasses } from "~/domain/championship/all-time-standings.server";
import { careerResults } from "~/domain/racer-profile/profile.server";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult } from "../support/factories";

const { db } = await useTestDatabase();

describe("on an empty database", () => {
  it("every public query answers empty", async () => {
    expect(await listRaces(db)).toEqual([]);
    expect(await completedRacesPage(db, { limit: 10, offset: 0 })).toEqual({ races: [], total: 0 });
    expect(await completedRaceYears(db)).toEqual([]);
    expect(await latestRaceWithResults(db)).toBeNull();
    expect(await nextEvent(db, "2026-01-01")).toBeNull();
    expect(await standings(db)).toEqual([]);
    expect(await standingsClasses(db)).toEqual(["Open", "Superboat"]);
    expect(await getRace(db, 1)).toBeNull();
    expect(await getCompetitor(db, 1)).toBeNull();
    expect(await careerResults(db, 1)).toEqual([]);
    expect(await resultsForRaces(db, [])).toEqual([]);
    expect(await leadersOfRaces(db, [], 3)).toEqual({ results: [], totals: new Map() });
  });
});

describe("with a season of races", () => {
  let alice: Awaited<ReturnType<typeof createCompetitor>>;
  let bob: Awaited<ReturnType<typeof createCompetitor>>;
  let cara: Awaited<ReturnType<typeof createCompetitor>>;
  let oldRace: Awaited<ReturnType<typeof createRace>>;
  let recentRace: Awaited<ReturnType<typeof createRace>>;
  let noResultsRace: Awaited<ReturnType<typeof createRace>>;
  let todayRace: Awaited<ReturnType<typeof createRace>>;
  let laterRace: Awaited<ReturnType<typeof createRace>>;

  beforeAll(async () => {
    alice = await createCompetitor(db, {
      firstName: "Alice",
      lastName: "Astwood",
      boatName: "Arrow",
      boatNumber: "1",
      email: "alice@example.com",
      telephone: "441-555-0001",
    });
    bob = await createCompetitor(db, {
      firstName: "Bob",
      lastName: "Burrows",
      boatName: "Bolt",
      boatNumber: "2",
      boatClasses: ["Open", "Superboat"],
    });
    cara = await createCompetitor(db, {
      firstName: "Cara",
      lastName: "Cann",
      boatName: "Comet",
      boatNumber: "3",
      boatClasses: ["Superboat"],
    });
    oldRace = await createRace(db, { title: "Old Cup", date: "2025-05-10", status: "completed" });
    recentRace = await createRace(db, { title: "Recent Cup", date: "2026-10-03", status: "completed" });
    noResultsRace = await createRace(db, { title: "Rained Off", date: "2026-11-01", status: "completed" });
    todayRace = await createRace(db, { title: "Today Race", date: "2026-11-21", status: "upcoming" });
    laterRace = await createRace(db, { title: "Later Race", date: "2026-12-12", status: "upcoming" });

    // Old Cup, Open, one heat: Alice 1st, Bob 2nd.
    await createResult(db, { raceId: oldRace.id, competitorId: alice.id, position: 1, bestLap: "0:41.10" });
    await createResult(db, { raceId: oldRace.id, competitorId: bob.id, position: 2 });
    // Recent Cup, Open in two heats and Superboat in one.
    await createResult(db, { raceId: recentRace.id, competitorId: bob.id, position: 1, heatNumber: 1 });
    await createResult(db, { raceId: recentRace.id, competitorId: alice.id, position: 2, heatNumber: 1 });
    await createResult(db, { raceId: recentRace.id, competitorId: alice.id, position: 1, heatNumber: 2 });
    await createResult(db, { raceId: recentRace.id, competitorId: bob.id, position: 2, heatNumber: 2, points: 30 });
    await createResult(db, { raceId: recentRace.id, competitorId: cara.id, position: 1, boatClass: "Superboat" });
    await createResult(db, { raceId: recentRace.id, competitorId: bob.id, position: 2, boatClass: "Superboat" });
  });

  it("lists races by date ascending", async () => {
    const races = await listRaces(db);
    expect(races.map((r) => r.title)).toEqual(["Old Cup", "Recent Cup", "Rained Off", "Today Race", "Later Race"]);
    expect(races[0]!.date).toBe("2025-05-10");
  });

  it("lists completed races newest first, filtered by year, with the distinct years", async () => {
    const all = { limit: 10, offset: 0 };
    expect((await completedRacesPage(db, all)).races.map((r) => r.title)).toEqual(["Rained Off", "Recent Cup", "Old Cup"]);
    expect((await completedRacesPage(db, { ...all, year: 2025 })).races.map((r) => r.title)).toEqual(["Old Cup"]);
    expect(await completedRacesPage(db, { ...all, year: 1999 })).toEqual({ races: [], total: 0 });
    // Pages of the archive: a slice, and the count of everything the filter matches.
    const second = await completedRacesPage(db, { limit: 2, offset: 2 });
    expect(second.races.map((r) => r.title)).toEqual(["Old Cup"]);
    expect(second.total).toBe(3);
    expect((await completedRacesPage(db, { limit: 1, offset: 0, year: 2026 })).total).toBe(2);
    // A page past the end (an old link) has no rows but still knows the count, to show the last page.
    expect(await completedRacesPage(db, { limit: 2, offset: 10 })).toEqual({ races: [], total: 3 });
    expect(await completedRacesPage(db, { limit: 2, offset: 10, year: 2025 })).toEqual({ races: [], total: 1 });
    expect(await completedRaceYears(db)).toEqual([2026, 2025]);
  });

  it("finds the latest completed race that has results", async () => {
    expect((await latestRaceWithResults(db))?.title).toBe("Recent Cup");
  });

  it("finds the next event: the earliest upcoming race not in the past", async () => {
    expect((await nextEvent(db, "2026-11-21"))?.id).toBe(todayRace.id);
    expect((await nextEvent(db, "2026-11-22"))?.id).toBe(laterRace.id);
    expect(await nextEvent(db, "2026-12-13")).toBeNull();
  });

  it("reads a race's results with points from the table unless stored", async () => {
    const results = await resultsForRaces(db, [recentRace.id]);
    expect(results).toHaveLength(6);
    const bobHeat2 = results.find((r) => r.competitorId === bob.id && r.heatNumber === 2 && r.boatClass === "Open");
    expect(bobHeat2?.points).toBe(30); // stored value wins
    const aliceHeat2 = results.find((r) => r.competitorId === alice.id && r.heatNumber === 2);
    expect(aliceHeat2?.points).toBe(25);
    expect(aliceHeat2?.racerName).toBe("Alice Astwood");
    expect(aliceHeat2?.boat).toBe("Arrow #1");
    expect(await resultsForRaces(db, [noResultsRace.id])).toEqual([]);
  });

  it("computes standings over all classes with count-back", async () => {
    const rows = await standings(db);
    // Alice: 25 + 20 + 25 = 70. Bob: 20 + 25 + 30 + 20 = 95. Cara: 25.
    expect(rows.map((r) => [r.name, r.points, r.wins, r.position])).toEqual([
      ["Bob Burrows", 95, 1, 1],
      ["Alice Astwood", 70, 2, 2],
      ["Cara Cann", 25, 1, 3],
    ]);
    expect(rows[0]!.boatClass).toBe("Open, Superboat");
  });

  it("computes standings for one class", async () => {
    const superboat = await standings(db, "Superboat");
    expect(superboat.map((r) => [r.name, r.points, r.boatClass])).toEqual([
      ["Cara Cann", 25, "Superboat"],
      ["Bob Burrows", 20, "Superboat"],
    ]);
    const open = await standings(db, "Open");
    expect(open.map((r) => [r.name, r.points])).toEqual([
      ["Bob Burrows", 75],
      ["Alice Astwood", 70],
    ]);
  });

  it("breaks a points tie by count-back in the database's totals", async () => {
    const race = await createRace(db, { title: "Tie Race", date: "2024-01-01" });
    const dan = await createCompetitor(db, { firstName: "Dan", lastName: "Dill", boatClasses: ["Scale"] });
    const eve = await createCompetitor(db, { firstName: "Eve", lastName: "Ebbin", boatClasses: ["Scale"] });
    // Dan: 20 + 15 = 35 points; Eve: 25 + 10 = 35 points with a win: Eve first.
    await createResult(db, { raceId: race.id, competitorId: dan.id, position: 2, boatClass: "Scale" });
    await createResult(db, { raceId: race.id, competitorId: dan.id, position: 3, boatClass: "Scale", heatNumber: 2 });
    await createResult(db, { raceId: race.id, competitorId: eve.id, position: 1, boatClass: "Scale" });
    await createResult(db, { raceId: race.id, competitorId: eve.id, position: 6, boatClass: "Scale", heatNumber: 2 });
    const rows = await standings(db, "Scale");
    expect(rows.map((r) => [r.name, r.points])).toEqual([
      ["Eve Ebbin", 35],
      ["Dan Dill", 35],
    ]);
    expect(await standingsClasses(db)).toEqual(["Open", "Superboat", "Scale"]);
  });

  it("reads a racer without e-mail or telephone", async () => {
    const racer = await getCompetitor(db, alice.id);
    expect(racer).toMatchObject({ name: "Alice Astwood", boatName: "Arrow", boatNumber: "1", boatClasses: ["Open"] });
    expect(JSON.stringify(racer)).not.toContain("alice@example.com");
    expect(JSON.stringify(racer)).not.toContain("441-555-0001");
  });

  it("reads a racer's results, newest race first", async () => {
    const results = await careerResults(db, alice.id);
    expect(results.map((r) => [r.raceTitle, r.heatNumber, r.position, r.points])).toEqual([
      ["Recent Cup", 1, 2, 20],
      ["Recent Cup", 2, 1, 25],
      ["Old Cup", 1, 1, 25],
    ]);
  });
});

describe("the leaders of races (archive and home page)", () => {
  it("keeps the first N of every class and heat, in order, and counts every result of each race", async () => {
    const field = await Promise.all(
      Array.from({ length: 5 }, () => createCompetitor(db, { boatClasses: ["Open", "Superboat"] })),
    );
    const big = await createRace(db, { date: "2025-03-01" });
    const small = await createRace(db, { date: "2025-03-08" });
    // Big: Open heats 1 and 2 with 5 boats each, Superboat heat 1 with 2 boats (12 results),
    // entered out of order. Small: one heat of 2.
    for (const [boatClass, heatNumber, boats] of [
      ["Open", 2, 5],
      ["Open", 1, 5],
      ["Superboat", 1, 2],
    ] as const)
      for (let position = boats; position >= 1; position--)
        await createResult(db, { raceId: big.id, competitorId: field[position - 1]!.id, position, boatClass, heatNumber });
    for (const position of [1, 2]) await createResult(db, { raceId: small.id, competitorId: field[position - 1]!.id, position });

    const { results, totals } = await leadersOfRaces(db, [big.id, small.id], 3);
    const shown = (raceId: number) =>
      results.filter((r) => r.raceId === raceId).map((r) => `${r.boatClass} ${r.heatNumber}: ${r.position}`);
    expect(shown(big.id)).toEqual([
      "Open 1: 1",
      "Open 1: 2",
      "Open 1: 3",
      "Open 2: 1",
      "Open 2: 2",
      "Open 2: 3",
      "Superboat 1: 1",
      "Superboat 1: 2",
    ]);
    expect(shown(small.id)).toEqual(["Open 1: 1", "Open 1: 2"]);
    expect(totals).toEqual(
      new Map([
        [big.id, 12],
        [small.id, 2],
      ]),
    );
    // The same rows, names and points as the race page's full list.
    const full = await resultsForRaces(db, [big.id]);
    for (const leader of results.filter((r) => r.raceId === big.id)) expect(full).toContainEqual(leader);
  });

  it("counts the front of a heat by finishing order when positions have gaps or ties", async () => {
    const field = await Promise.all(Array.from({ length: 4 }, () => createCompetitor(db)));
    const race = await createRace(db, { date: "2025-04-05" });
    // A deleted winner and a dead heat for 4th: the first three are 2nd, 4th and 4th.
    for (const [i, position] of [7, 4, 2, 4].entries())
      await createResult(db, { raceId: race.id, competitorId: field[i]!.id, position });
    const { results, totals } = await leadersOfRaces(db, [race.id], 3);
    expect(results.map((r) => r.position)).toEqual([2, 4, 4]);
    expect(totals.get(race.id)).toBe(4);
  });
});

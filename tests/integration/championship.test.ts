import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { seasonChoices, seasonStandings, standingsView, type Season } from "~/domain/championship/championship.server";
import { standings } from "~/domain/championship/all-time-standings.server";
import { DEFAULT_RULES } from "~/lib/championship/championship";
import { calendarYearSeason } from "~/lib/championship/seasons";
import { loader as csvLoader } from "~/routes/standings-csv";
import { raceResults, races, seasons } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createResult } from "../support/factories";
import { call, routeContext } from "../support/routes";

const { db } = await useTestDatabase();

const TODAY = "2026-06-15";
const season2025: Season = { ...calendarYearSeason(2025), ...DEFAULT_RULES, id: null };

type Racer = Awaited<ReturnType<typeof createCompetitor>>;
let ann: Racer, ben: Racer, cal: Racer, dee: Racer;
let raceIds: number[];

beforeAll(async () => {
  ann = await createCompetitor(db, { firstName: "Ann", lastName: "Able" });
  ben = await createCompetitor(db, { firstName: "Ben", lastName: "Baker" });
  cal = await createCompetitor(db, { firstName: "Cal", lastName: "Cole" });
  dee = await createCompetitor(db, { firstName: "Dee", lastName: "Dunn" });
  // 2025: four Open rounds. Round 4 has only two boats. A race on 31 Dec 2025 and one on 1 Jan 2026.
  const dates = ["2025-03-01", "2025-05-01", "2025-07-01", "2025-12-31"];
  raceIds = [];
  for (const date of dates) raceIds.push((await createRace(db, { date, title: `Round ${date}` })).id);
  const finishes: [number, Racer, number][] = [
    [0, ann, 1],
    [0, ben, 2],
    [0, cal, 3],
    [1, ben, 1],
    [1, ann, 2],
    [1, cal, 3],
    [2, ann, 1],
    [2, cal, 2],
    [2, ben, 3],
    [3, cal, 1],
    [3, dee, 2],
  ];
  for (const [round, racer, position] of finishes)
    await createResult(db, { raceId: raceIds[round]!, competitorId: racer.id, position });
  // A second heat in round 1 for Ann: one round, two results.
  await createResult(db, { raceId: raceIds[0]!, competitorId: ann.id, position: 2, heatNumber: 2 });
  // A Superboat result in round 2.
  await createResult(db, { raceId: raceIds[1]!, competitorId: dee.id, position: 1, boatClass: "Superboat" });
  const newYear = await createRace(db, { date: "2026-01-01", title: "New Year Dash" });
  await createResult(db, { raceId: newYear.id, competitorId: ben.id, position: 1 });
});

describe("seasons offered", () => {
  it("are the calendar years with results, newest first, and the default is SPEC's all-time standings", async () => {
    const choices = await seasonChoices(db, TODAY);
    expect(choices.offered.map((s) => s.key)).toEqual(["2026", "2025"]);
    expect(choices.defaultKey).toBe("all");
  });
});

describe("a season's championship", () => {
  it("with no rules: totals are SPEC's sum of every result of the season, heats included", async () => {
    const [open] = await seasonStandings(db, season2025, "Open");
    expect(open!.rounds.map((r) => r.date)).toEqual(["2025-03-01", "2025-05-01", "2025-07-01", "2025-12-31"]);
    const totals = Object.fromEntries(open!.classified.map((r) => [r.firstName, r.points]));
    expect(totals).toEqual({ Ann: 25 + 20 + 20 + 25, Ben: 20 + 25 + 15, Cal: 15 + 15 + 20 + 25, Dee: 20 });
    expect(open!.classified.map((r) => r.firstName)).toEqual(["Ann", "Cal", "Ben", "Dee"]);
    expect(open!.classified[0]!.cells[0]).toEqual({ points: 45, dropped: false, positions: [1, 2] });
  });

  it("marks the rounds whose results are not official yet", async () => {
    await db.update(races).set({ resultsOfficialAt: new Date() }).where(eq(races.id, raceIds[0]!));
    const [open] = await seasonStandings(db, season2025, "Open");
    expect(open!.rounds.map((r) => r.provisional)).toEqual([false, true, true, true]);
    await db.update(races).set({ resultsOfficialAt: null }).where(eq(races.id, raceIds[0]!));
  });

  it("matches SPEC's standings query when every result is in the season", async () => {
    const view = await seasonStandings(db, { ...season2025, startsOn: "2025-01-01", endsOn: "2026-12-31" }, "Open");
    const spec = await standings(db, "Open");
    expect(view[0]!.classified.map((r) => [r.competitorId, r.points, r.wins])).toEqual(
      spec.map((r) => [r.competitorId, r.points, r.wins]),
    );
  });

  it("per class when no class is chosen: Open, then Superboat", async () => {
    const tables = await seasonStandings(db, season2025);
    expect(tables.map((t) => t.boatClass)).toEqual(["Open", "Superboat"]);
    expect(tables[1]!.classified.map((r) => [r.firstName, r.points])).toEqual([["Dee", 25]]);
  });

  it("applies the season's rules: points table, best N, minimum entrants and rounds", async () => {
    const rules: Season = { ...season2025, pointsTable: [10, 6, 4], pointsBelow: 1, bestRounds: 2, minEntrants: 3, minRounds: 2 };
    const [open] = await seasonStandings(db, rules, "Open");
    // Round 4 (two boats) does not count; Dee only ran it, so she is not in the table.
    expect(open!.rounds).toHaveLength(3);
    expect(
      open!.classified.map((r) => [r.firstName, r.points, r.cells.map((c) => (c?.dropped ? `(${c.points})` : c?.points))]),
    ).toEqual([
      ["Ann", 16 + 10, [16, "(6)", 10]],
      ["Ben", 10 + 6, [6, 10, "(4)"]],
      // Two equal 4s: the earlier one is kept.
      ["Cal", 6 + 4, [4, "(4)", 6]],
    ]);
  });

  it("under SPEC's table a stored points value wins; a season's own table scores the position", async () => {
    const stored = await createResult(db, {
      raceId: raceIds[2]!,
      competitorId: dee.id,
      position: 4,
      points: 3,
      boatClass: "Superboat",
    });
    try {
      const cells = async (season: Season) =>
        (await seasonStandings(db, season, "Superboat"))[0]!.classified.map((r) => [r.firstName, r.cells.map((c) => c?.points)]);
      expect(await cells(season2025)).toEqual([["Dee", [25, 3]]]);
      expect(await cells({ ...season2025, pointsTable: [10, 6, 4, 2], pointsBelow: 1 })).toEqual([["Dee", [10, 2]]]);
    } finally {
      await db.delete(raceResults).where(eq(raceResults.id, stored.id));
    }
  });

  it("a race flagged as not counting leaves the season's columns", async () => {
    await db.update(races).set({ countsForChampionship: false }).where(eq(races.id, raceIds[2]!));
    try {
      const [open] = await seasonStandings(db, season2025, "Open");
      expect(open!.rounds.map((r) => r.id)).not.toContain(raceIds[2]);
      expect(open!.classified.find((r) => r.firstName === "Ann")!.points).toBe(25 + 20 + 20);
    } finally {
      await db.update(races).set({ countsForChampionship: true }).where(eq(races.id, raceIds[2]!));
    }
  });
});

describe("defined seasons", () => {
  it("replace calendar years, become the default, and unknown seasons are not found", async () => {
    const [row] = await db
      .insert(seasons)
      .values({
        key: "2025-26",
        name: "Winter Series",
        startsOn: "2025-10-01",
        endsOn: "2026-03-31",
        pointsTable: [25, 20, 15],
        pointsBelow: 5,
      })
      .returning();
    try {
      const choices = await seasonChoices(db, TODAY);
      expect(choices.offered.map((s) => s.key)).toEqual(["2025-26"]);
      expect(choices.defaultKey).toBe("2025-26");
      const view = await standingsView(db, TODAY, new URLSearchParams());
      expect(view.kind).toBe("season");
      if (view.kind !== "season") return;
      expect(view.tables[0]!.classified.map((r) => [r.firstName, r.points])).toEqual([
        ["Ben", 25],
        ["Cal", 25],
        ["Dee", 20],
      ]);
      expect(view.tables[0]!.classified[0]!.countBack).toBeNull();
      expect((await standingsView(db, TODAY, new URLSearchParams("season=2024"))).kind).toBe("not-found");
      expect((await standingsView(db, TODAY, new URLSearchParams("season=all"))).kind).toBe("all");
    } finally {
      await db.delete(seasons).where(eq(seasons.id, row!.id));
    }
  });

  it("cannot overlap another season", async () => {
    await db
      .insert(seasons)
      .values({ key: "a", name: "A", startsOn: "2030-01-01", endsOn: "2030-06-30", pointsTable: [1], pointsBelow: 0 });
    await expect(
      db
        .insert(seasons)
        .values({ key: "b", name: "B", startsOn: "2030-06-30", endsOn: "2030-12-31", pointsTable: [1], pointsBelow: 0 }),
    ).rejects.toThrow();
    await db.delete(seasons);
  });
});

describe("/standings.csv", () => {
  it("has the page's rows, dropped rounds in brackets", async () => {
    const response = await call(csvLoader, {
      request: new Request("http://localhost/standings.csv?season=2025&class=Open"),
      context: routeContext(db),
    });
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Content-Disposition")).toContain("standings-2025-open.csv");
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Season,Class,Pos,Racer,Boat,2025-03-01 Round 2025-03-01,2025-05-01 Round 2025-05-01,2025-07-01 Round 2025-07-01,2025-12-31 Round 2025-12-31,Points,Wins,Podiums,Note",
    );
    expect(lines[1]).toBe(`2025 Season,Open,1,Ann Able,${ann.boatName} #${ann.boatNumber},45,20,25,,90,2,4,`);
    expect(lines).toHaveLength(5);
  });

  it("without a season: SPEC's columns", async () => {
    const response = await call(csvLoader, { request: new Request("http://localhost/standings.csv"), context: routeContext(db) });
    const lines = (await response.text()).trim().split("\r\n");
    expect(lines[0]).toBe("Pos,Racer,Boat,Class,Wins,Points");
    expect(lines).toHaveLength(5);
  });
});

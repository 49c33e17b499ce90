/**
 * The public API's pure parts: the response shapes (fields picked one by one, results grouped and
 * labelled as the race page shows them), the query parsers, problem details, the ETag comparison
 * and the in-memory rate limiter.
 */
import { describe, expect, it } from "vitest";
import { FixedWindowLimiter } from "~/domain/api/rate-limit.server";
import { matchesEtag } from "~/domain/api/http.server";
import { ApiProblem, problem } from "~/lib/api/problem";
import {
  allResultsRow,
  apiRacer,
  apiSeason,
  championshipRow,
  parseRaceStatus,
  parseYear,
  raceDetail,
  raceSummary,
} from "~/lib/api/shape";
import type { PublicResult } from "~/lib/races/results";

const race = {
  id: 7,
  title: "Summer Sprint",
  date: "2026-06-15",
  location: "Ferry Reach",
  description: "Round 4",
  imageUrl: null,
  status: "upcoming" as const,
};

const result = (over: Partial<PublicResult>): PublicResult => ({
  id: 1,
  raceId: 7,
  competitorId: 3,
  position: 1,
  points: 20,
  lapTime: null,
  bestLap: "0:30.10",
  totalTime: "5:01.00",
  laps: 10,
  heatNumber: 1,
  boatClass: "Open",
  racerName: "Ann Lee",
  erased: false,
  boat: "#3 Gull",
  ...over,
});

describe("race shapes", () => {
  it("a summary: the race's timing against today and its links", () => {
    expect(raceSummary(race, "2026-06-14")).toEqual({
      id: 7,
      title: "Summer Sprint",
      date: "2026-06-15",
      location: "Ferry Reach",
      status: "upcoming",
      timing: "upcoming",
      links: { self: "/api/v1/races/7", page: "/results/7" },
    });
    expect(raceSummary(race, "2026-06-15").timing).toBe("today");
    expect(raceSummary(race, "2026-06-16").timing).toBe("past");
  });

  it("a race: results grouped by class then heat, labelled as the page, positions in order", () => {
    const detail = raceDetail(
      race,
      [
        result({ id: 2, position: 2, competitorId: 4, heatNumber: 2 }),
        result({ id: 1, heatNumber: 2 }),
        result({ id: 3, heatNumber: 1 }),
        result({ id: 4, boatClass: "Superboat" }),
      ],
      { officialAt: "2026-06-15T18:00:00.000Z", updatedAt: null },
      "2026-06-20",
    );
    expect(detail.results.official).toBe(true);
    expect(detail.results.groups.map((g) => [g.label, g.results.map((r) => r.position)])).toEqual([
      ["Open, Heat 1", [1]],
      ["Open, Heat 2", [1, 2]],
      ["Superboat", [1]],
    ]);
    expect(Object.keys(detail.results.groups[0]!.results[0]!).sort()).toEqual(
      ["boat", "bestLap", "competitorId", "lapTime", "laps", "links", "points", "position", "racerName", "totalTime"].sort(),
    );
  });

  it("a race's imageUrl is the picture its page shows: the uploaded one, else its own path, else the bundled one", () => {
    const official = { officialAt: null, updatedAt: null };
    const uploaded = { hash: "0123456789abcdef0123456789abcdef", width: 1152, height: 648, widths: [384, 768, 1152] };
    expect(raceDetail({ ...race, imageUrl: "/images/own.jpg" }, [], official, "2026-06-20", uploaded).imageUrl).toBe(
      "/images/u/0123456789abcdef0123456789abcdef-1152.webp",
    );
    expect(raceDetail({ ...race, imageUrl: "/images/own.jpg" }, [], official, "2026-06-20", null).imageUrl).toBe(
      "/images/own.jpg",
    );
    expect(raceDetail(race, [], official, "2026-06-20").imageUrl).toBe("/images/race-default.svg");
  });

  it("a race run as one class in one heat gives one unlabelled group", () => {
    expect(raceDetail(race, [result({})], { officialAt: null, updatedAt: null }, "2026-06-20").results.groups[0]!.label).toBe("");
  });
});

describe("racer shape", () => {
  it("picks the public fields only, whatever else the rows carry", () => {
    const row = {
      id: 3,
      firstName: "Ann",
      lastName: "Lee",
      boatName: "Gull",
      boatNumber: "3",
      boatClasses: ["Open"],
      email: "ann@example.com",
      telephone: "441-555-0100",
    };
    const stats = { races: 1, points: 20, wins: 1, podiums: 1, secret: "x" };
    const racer = apiRacer(row, {
      stats,
      seasons: [],
      results: [
        {
          raceId: 7,
          raceTitle: "Summer Sprint",
          raceDate: "2026-06-15",
          boatClass: "Open",
          heatNumber: 1,
          position: 1,
          points: 20,
          bestLap: null,
          ...{ email: "x@example.com" },
        },
      ],
    });
    const text = JSON.stringify(racer);
    expect(text).not.toContain("@");
    expect(text).not.toContain("555");
    expect(text).not.toContain("secret");
    expect(racer.name).toBe("Ann Lee");
    expect(racer.results[0]!.links.race).toBe("/api/v1/races/7");
  });
});

describe("standings shapes", () => {
  it("a row of every result: podiums from its finishes, no rounds", () => {
    const row = allResultsRow({
      competitorId: 3,
      firstName: "Ann",
      lastName: "Lee",
      name: "Ann Lee",
      boat: "#3",
      points: 50,
      finishes: [1, 0, 2, 4],
      position: 1,
      wins: 1,
      erased: false,
    });
    expect(row).toMatchObject({
      podiums: 3,
      roundsRun: null,
      rounds: [],
      classified: true,
      links: { racer: "/api/v1/racers/3" },
    });
  });

  it("a championship row keeps its cells, count-back and classification; an erased racer's links nowhere", () => {
    const row = championshipRow({
      competitorId: 3,
      firstName: "Ann",
      lastName: "Lee",
      name: "Ann Lee",
      boat: "#3",
      points: 16,
      cells: [{ points: 10, dropped: false, positions: [1] }, null],
      cumulative: [10, 10],
      roundsRun: 1,
      finishes: [1],
      wins: 1,
      podiums: 1,
      classified: false,
      position: null,
      countBack: null,
      erased: true,
    });
    expect(row).toMatchObject({
      position: null,
      classified: false,
      rounds: [{ points: 10, dropped: false, positions: [1] }, null],
      // Erased at their request: the row stays, the link to their 410 goes.
      links: { racer: null },
    });
    expect(row).not.toHaveProperty("cumulative");
  });

  it("a season with its rules in words", () => {
    const season = apiSeason({
      key: "2026",
      name: "2026",
      startsOn: "2026-01-01",
      endsOn: "2026-12-31",
      pointsTable: [10, 6],
      pointsBelow: 1,
      bestRounds: 5,
      dropRounds: null,
      dropAfter: null,
      minRounds: 0,
      minEntrants: 0,
    });
    expect(season.rules.join(" ")).toContain("best 5");
    expect(season).not.toHaveProperty("bestRounds");
  });
});

describe("query parameters", () => {
  it("year: four digits or unusable", () => {
    expect(parseYear(null)).toBeUndefined();
    expect(parseYear("2026")).toBe(2026);
    for (const bad of ["", "26", "2026.0", "１２３４", "99999", "0000", "-202", " 2026"]) expect(parseYear(bad), bad).toBeNull();
  });

  it("status: a race status or unusable", () => {
    expect(parseRaceStatus(null)).toBeUndefined();
    expect(parseRaceStatus("completed")).toBe("completed");
    expect(parseRaceStatus("draft")).toBeNull();
  });
});

describe("problems and validators", () => {
  it("problem details name their type, title and status", () => {
    expect(problem(404, "No race has the id 9.")).toEqual({
      type: "about:blank",
      title: "Not Found",
      status: 404,
      detail: "No race has the id 9.",
    });
    expect(new ApiProblem(400, "bad").status).toBe(400);
  });

  it("If-None-Match: a list, weak forms and the wildcard match", () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag("*", '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(null, '"b"')).toBe(false);
  });
});

describe("the rate limiter", () => {
  it("allows `limit` per window and address, then refuses until the window restarts", () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(3, 60_000, () => now);
    expect([1, 2, 3].map(() => limiter.hit("a").allowed)).toEqual([true, true, true]);
    const refused = limiter.hit("a");
    expect(refused).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 60 });
    expect(limiter.hit("b").allowed).toBe(true);
    now = 59_500;
    expect(limiter.hit("a")).toMatchObject({ allowed: false, resetSeconds: 1 });
    now = 60_000;
    expect(limiter.hit("a")).toMatchObject({ allowed: true, remaining: 2 });
  });

  it("sweeps ended windows instead of growing without bound", () => {
    let now = 0;
    const limiter = new FixedWindowLimiter(1, 1_000, () => now);
    for (let i = 0; i < 10_000; i++) limiter.hit(`old-${i}`);
    now = 5_000;
    limiter.hit("new");
    expect(limiter.size).toBe(1);
  });
});

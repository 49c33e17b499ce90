import { describe, expect, it } from "vitest";
import { isPodium, racerStatistics, rankStandings, type StandingTotals } from "~/lib/championship/standings";
import { boatLabel } from "~/lib/racer/names";

const racer = (id: number, points: number, finishes: number[], lastName = `Racer${id}`): StandingTotals => ({
  competitorId: id,
  firstName: "A",
  lastName,
  points,
  finishes,
});

describe("standings order", () => {
  it("sorts by total points, highest first, and numbers positions 1..n", () => {
    const ranked = rankStandings([racer(1, 40, [0, 2]), racer(2, 75, [3]), racer(3, 50, [1, 0, 1])]);
    expect(ranked.map((r) => [r.competitorId, r.position])).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
    ]);
  });

  it("breaks a points tie by more wins", () => {
    // Both on 45 points: racer 1 won once (25 + 20), racer 2 never won (3 x 15).
    const ranked = rankStandings([racer(2, 45, [0, 0, 3]), racer(1, 45, [1, 1])]);
    expect(ranked.map((r) => [r.competitorId, r.wins])).toEqual([
      [1, 1],
      [2, 0],
    ]);
  });

  it("then by more 2nd places, then 3rd places (count-back)", () => {
    const ranked = rankStandings([racer(1, 60, [1, 0, 2]), racer(2, 60, [1, 1, 0, 1]), racer(3, 60, [1, 0, 3])]);
    expect(ranked.map((r) => r.competitorId)).toEqual([2, 3, 1]);
  });

  it("orders by name when points and every finish are equal", () => {
    const ranked = rankStandings([racer(1, 20, [0, 1], "Zuill"), racer(2, 20, [0, 1], "Astwood")]);
    expect(ranked.map((r) => r.lastName)).toEqual(["Astwood", "Zuill"]);
  });

  it("gives distinct positions even to tied racers", () => {
    const ranked = rankStandings([racer(1, 10, [], "B"), racer(2, 10, [], "A")]);
    expect(ranked.map((r) => r.position)).toEqual([1, 2]);
  });
});

describe("racer statistics", () => {
  it("counts races, points, wins (1st) and podiums (1st to 3rd)", () => {
    const stats = racerStatistics([
      { raceId: 1, position: 1, points: 25 },
      { raceId: 1, position: 3, points: 15 }, // second heat of the same race
      { raceId: 2, position: 4, points: 13 },
      { raceId: 3, position: 2, points: 20 },
    ]);
    expect(stats).toEqual({ races: 3, points: 73, wins: 1, podiums: 3 });
  });

  it("is all zeros without results", () => {
    expect(racerStatistics([])).toEqual({ races: 0, points: 0, wins: 0, podiums: 0 });
  });

  it("knows a podium", () => {
    expect([0, 1, 2, 3, 4].map(isPodium)).toEqual([false, true, true, true, false]);
  });
});

describe("boat label", () => {
  it("shows 'boat name #number'", () => {
    expect(boatLabel("Sea Hornet", "7")).toBe("Sea Hornet #7");
    expect(boatLabel(null, "7")).toBe("#7");
    expect(boatLabel("Sea Hornet", "")).toBe("Sea Hornet");
  });
});

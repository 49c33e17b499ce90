import { describe, expect, it } from "vitest";
import { positionTrendChart } from "~/lib/championship/points-chart";
import { ordinal } from "~/lib/util/ordinal";
import {
  headToHead,
  newestRaceFirst,
  personalBests,
  raceDaysAndClasses,
  raceFinishes,
  recentFinishes,
  type HistoryResult,
} from "~/lib/racer-profile/racer-history";

function result(values: Partial<HistoryResult> & { raceId: number; position: number }): HistoryResult {
  return {
    raceTitle: `Race ${values.raceId}`,
    raceDate: `2025-01-${String(values.raceId).padStart(2, "0")}`,
    boatClass: "Open",
    points: 0,
    bestLap: null,
    ...values,
  };
}

describe("ordinal", () => {
  it("says 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd, 111th", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "111th",
    ]);
  });
});

describe("raceFinishes", () => {
  it("folds heats into one finish per race and class: best position, summed points", () => {
    const finishes = raceFinishes([
      result({ raceId: 2, position: 4, points: 13 }),
      result({ raceId: 2, position: 2, points: 20 }),
      result({ raceId: 2, position: 1, points: 25, boatClass: "SuperBoat" }),
      result({ raceId: 1, position: 3, points: 15 }),
    ]);
    expect(finishes.map((f) => [f.raceId, f.boatClass, f.position, f.points, f.positions])).toEqual([
      [1, "Open", 3, 15, [3]],
      [2, "Open", 2, 33, [2, 4]],
      [2, "Superboat", 1, 25, [1]],
    ]);
  });
});

describe("personalBests", () => {
  const results = [
    result({ raceId: 3, position: 2, bestLap: "0:40.10" }),
    result({ raceId: 1, position: 4, bestLap: "0:41.00" }),
    result({ raceId: 2, position: 2, bestLap: "40.1" }),
    result({ raceId: 4, position: 5, bestLap: "DNF" }),
    result({ raceId: 4, position: 1, boatClass: "Superboat", bestLap: null }),
  ];

  it("gives each class its fastest lap and best finish with the race, first set wins ties", () => {
    const bests = personalBests(results);
    expect(bests.map((b) => b.boatClass)).toEqual(["Open", "Superboat"]);
    const open = bests[0]!;
    // 40.1 s was first set in race 2 ("40.1"); race 3's equal "0:40.10" does not move it.
    expect(open.bestLap).toMatchObject({ raceId: 2, lap: "40.1", ms: 40_100 });
    expect(open.bestFinish).toMatchObject({ raceId: 2, position: 2, times: 2, raceTitle: "Race 2" });
    const superboat = bests[1]!;
    expect(superboat.bestLap).toBeNull();
    expect(superboat.bestFinish).toMatchObject({ raceId: 4, position: 1, times: 1 });
  });

  it("a better lap later replaces the earlier one; unreadable laps never count", () => {
    const bests = personalBests([...results, result({ raceId: 5, position: 6, bestLap: "39.99" })]);
    expect(bests[0]!.bestLap).toMatchObject({ raceId: 5, ms: 39_990 });
    expect(personalBests([result({ raceId: 1, position: 3, bestLap: "fast" })])[0]!.bestLap).toBeNull();
  });

  it("is empty without results", () => {
    expect(personalBests([])).toEqual([]);
  });
});

describe("recentFinishes", () => {
  it("keeps the last N races (every class in them), oldest first", () => {
    const many = Array.from({ length: 25 }, (_, i) => result({ raceId: i + 1, position: (i % 5) + 1 }));
    many.push(result({ raceId: 25, position: 1, boatClass: "Superboat" }));
    const recent = recentFinishes(many);
    expect(new Set(recent.map((f) => f.raceId)).size).toBe(20);
    expect(recent[0]!.raceId).toBe(6);
    expect(recent.at(-1)).toMatchObject({ raceId: 25, boatClass: "Superboat" });
    expect(recentFinishes(many, 3).map((f) => f.raceId)).toEqual([23, 24, 25, 25]);
  });

  it("takes the last races by date, then race id, whatever order the results come in", () => {
    const twins = [
      result({ raceId: 9, position: 2, raceDate: "2025-03-01" }),
      result({ raceId: 4, position: 5, raceDate: "2025-03-01" }),
      result({ raceId: 7, position: 1, raceDate: "2025-02-01" }),
      result({ raceId: 9, position: 3, raceDate: "2025-03-01", boatClass: "Superboat" }),
      result({ raceId: 9, position: 1, raceDate: "2025-03-01" }),
    ];
    expect(recentFinishes(twins, 2).map((f) => [f.raceId, f.boatClass, f.positions])).toEqual([
      [4, "Open", [5]],
      [9, "Open", [1, 2]],
      [9, "Superboat", [3]],
    ]);
    expect(recentFinishes([])).toEqual([]);
  });
});

describe("newestRaceFirst", () => {
  it("orders results newest race first (date, then race id), then class and heat", () => {
    const row = (raceId: number, raceDate: string, boatClass: string, heatNumber: number) => ({
      ...result({ raceId, position: 1, raceDate, boatClass }),
      heatNumber,
    });
    const rows = [
      row(1, "2024-05-01", "Open", 1),
      row(3, "2025-01-10", "Superboat", 1),
      row(2, "2025-01-10", "Open", 2),
      row(3, "2025-01-10", "Open", 2),
      row(3, "2025-01-10", "Open", 1),
      row(3, "2025-01-10", "open", 1),
      row(4, "2024-12-31", "Open", 3),
    ];
    expect(rows.sort(newestRaceFirst).map((r) => `${r.raceId} ${r.boatClass} ${r.heatNumber}`)).toEqual([
      "3 Open 1",
      "3 Open 2",
      "3 Superboat 1",
      "3 open 1",
      "2 Open 2",
      "4 Open 3",
      "1 Open 1",
    ]);
  });
});

describe("raceDaysAndClasses", () => {
  it("lists each race day and class once, classes as stored", () => {
    const days = raceDaysAndClasses([
      result({ raceId: 1, position: 1, raceDate: "2025-05-01" }),
      result({ raceId: 1, position: 2, raceDate: "2025-05-01" }),
      result({ raceId: 2, position: 2, raceDate: "2025-05-01", boatClass: "open" }),
      result({ raceId: 3, position: 4, raceDate: "2025-06-01", boatClass: "Superboat" }),
    ]);
    expect(days).toEqual([
      { raceDate: "2025-05-01", boatClass: "Open" },
      { raceDate: "2025-05-01", boatClass: "open" },
      { raceDate: "2025-06-01", boatClass: "Superboat" },
    ]);
    expect(raceDaysAndClasses([])).toEqual([]);
  });
});

describe("headToHead", () => {
  const ann = [
    result({ raceId: 1, position: 1, points: 25 }),
    result({ raceId: 2, position: 3, points: 15 }),
    result({ raceId: 2, position: 1, points: 25, boatClass: "Superboat" }),
    result({ raceId: 3, position: 2, points: 20 }),
    result({ raceId: 4, position: 12, points: 5 }),
    result({ raceId: 5, position: 1, points: 25 }),
  ];
  const ben = [
    result({ raceId: 1, position: 2, points: 20 }),
    result({ raceId: 2, position: 2, points: 20 }),
    // Ben in Superboat only in race 3, where Ann ran Open: not a meeting.
    result({ raceId: 3, position: 1, points: 25, boatClass: "Superboat" }),
    // Two heats: best 11th, points summed.
    result({ raceId: 4, position: 11, points: 5 }),
    result({ raceId: 4, position: 14, points: 5 }),
    result({ raceId: 6, position: 1, points: 25 }),
  ];

  it("counts the races both ran in the same class, who was ahead, and the points", () => {
    const h2h = headToHead(ann, ben);
    expect(h2h.meetings.map((m) => [m.raceId, m.boatClass, m.ahead])).toEqual([
      [4, "Open", "b"],
      [2, "Open", "b"],
      [1, "Open", "a"],
    ]);
    expect(h2h).toMatchObject({ aheadA: 1, aheadB: 2, level: 0, pointsA: 45, pointsB: 50, difference: -5 });
    expect(h2h.meetings[0]!.b).toEqual({ position: 11, points: 10 });
  });

  it("is symmetric, and equal finishes (different heats) are level", () => {
    const reverse = headToHead(ben, ann);
    expect(reverse).toMatchObject({ aheadA: 2, aheadB: 1, difference: 5 });
    const level = headToHead([result({ raceId: 1, position: 1, points: 25 })], [result({ raceId: 1, position: 1, points: 25 })]);
    expect(level).toMatchObject({ aheadA: 0, aheadB: 0, level: 1, difference: 0 });
  });

  it("with no race in common: no meetings, nothing ahead", () => {
    expect(headToHead(ann, [result({ raceId: 9, position: 1 })])).toEqual({
      meetings: [],
      aheadA: 0,
      aheadB: 0,
      level: 0,
      pointsA: 0,
      pointsB: 0,
      difference: 0,
    });
  });
});

describe("positionTrendChart", () => {
  it("puts 1st at the top, the oldest race on the left, one line per class", () => {
    const chart = positionTrendChart(
      recentFinishes([
        result({ raceId: 1, position: 5 }),
        result({ raceId: 2, position: 1 }),
        result({ raceId: 2, position: 3, boatClass: "Superboat" }),
        result({ raceId: 3, position: 8 }),
      ]),
    )!;
    expect(chart.races).toBe(3);
    expect(chart.series.map((s) => [s.boatClass, s.marker, s.points.length])).toEqual([
      ["Open", "circle", 3],
      ["Superboat", "square", 1],
    ]);
    const [first, win, last] = chart.series[0]!.points;
    expect(first!.x).toBeLessThan(win!.x);
    expect(win!.y).toBeLessThan(first!.y);
    expect(last!.y).toBeGreaterThan(first!.y);
    expect(chart.series[0]!.path).toMatch(/^M[\d.]+,[\d.]+L/);
    expect(chart.yTicks[0]).toMatchObject({ label: "1" });
    expect(chart.xTicks.map((t) => t.label)).toEqual(["1", "2", "3"]);
  });

  it("is null without finishes", () => {
    expect(positionTrendChart([])).toBeNull();
  });
});

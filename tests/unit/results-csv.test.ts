import { describe, expect, it } from "vitest";
import { careerCsv, careerCsvName, pickResults, raceResultsCsv, raceResultsCsvName } from "~/lib/races/results-csv";
import type { PublicResult } from "~/lib/races/results";

const result = (over: Partial<PublicResult>): PublicResult => ({
  id: 1,
  raceId: 1,
  competitorId: 1,
  position: 1,
  points: 10,
  lapTime: null,
  bestLap: "0:31.20",
  totalTime: "5:01.00",
  laps: 9,
  heatNumber: 1,
  boatClass: "Open",
  racerName: "Ann Bell",
  erased: false,
  boat: "Wave",
  ...over,
});

const results = [
  result({ id: 1, boatClass: "Mini", position: 1, racerName: "Cal" }),
  result({ id: 2, heatNumber: 2, position: 1, racerName: "Dee" }),
  result({ id: 3, position: 2, racerName: "Bo" }),
  result({ id: 4, position: 1, racerName: "Ann" }),
];

describe("raceResultsCsv", () => {
  it("writes every result per class and heat in the page's order, finishing order within each", () => {
    const rows = raceResultsCsv({ title: "Spring Regatta", date: "2026-04-10" }, results);
    expect(rows[0]).toEqual([
      "Race",
      "Date",
      "Class",
      "Heat",
      "Pos",
      "Racer",
      "Boat",
      "Laps",
      "Total Time",
      "Best Lap",
      "Points",
    ]);
    expect(rows.slice(1).map((r) => `${r[2]} ${r[3]} ${r[4]} ${r[5]}`)).toEqual([
      "Open 1 1 Ann",
      "Open 1 2 Bo",
      "Open 2 1 Dee",
      "Mini 1 1 Cal",
    ]);
  });

  it("picks a class and a heat; nothing there is null (a 404)", () => {
    expect(pickResults(results, { boatClass: "Open", heat: 1 })!.map((r) => r.id)).toEqual([3, 4]);
    expect(pickResults(results, { boatClass: null, heat: 2 })!.map((r) => r.id)).toEqual([2]);
    expect(pickResults(results, { boatClass: "Open", heat: 9 })).toBeNull();
    expect(pickResults(results, { boatClass: "Nope", heat: null })).toBeNull();
    expect(pickResults([], { boatClass: null, heat: null })).toEqual([]);
  });
});

describe("careerCsv", () => {
  it("writes one row per heat result, with the racer's name", () => {
    expect(
      careerCsv("Ann Bell", [
        { raceTitle: "Cup", raceDate: "2026-05-01", position: 2, points: 8, bestLap: null, boatClass: "Open", heatNumber: 1 },
      ]),
    ).toEqual([
      ["Racer", "Date", "Race", "Class", "Heat", "Pos", "Points", "Best Lap"],
      ["Ann Bell", "2026-05-01", "Cup", "Open", 1, 2, 8, null],
    ]);
  });
});

describe("file names", () => {
  it("are plain ASCII, safe in a header", () => {
    expect(raceResultsCsvName({ title: 'Ångström "Cup" =1+1', date: "2026-04-10" }, { boatClass: "Open", heat: 2 })).toBe(
      "results-2026-04-10-angstrom-cup-1-1-open-heat-2.csv",
    );
    expect(raceResultsCsvName({ title: "Cup", date: "2026-04-10" }, { boatClass: null, heat: null })).toBe(
      "results-2026-04-10-cup.csv",
    );
    expect(careerCsvName(12)).toBe("racer-12-results.csv");
  });
});

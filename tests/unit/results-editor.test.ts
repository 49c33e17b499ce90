import { describe, expect, it } from "vitest";
import { DEFAULT_BOAT_CLASS } from "~/lib/platform/boat-classes";
import type { PublicResult } from "~/lib/races/results";
import { emptyRow, resizeRows, resultsEditorUrl, rowsFor, selectHeat } from "~/lib/race-day/results-editor";

let nextId = 1;
function result(boatClass: string, heatNumber: number, position: number, extra: Partial<PublicResult> = {}): PublicResult {
  const id = nextId++;
  return {
    id,
    raceId: 7,
    competitorId: 100 + id,
    position,
    points: 0,
    lapTime: null,
    bestLap: null,
    totalTime: null,
    laps: null,
    heatNumber,
    boatClass,
    racerName: `Racer ${id}`,
    erased: false,
    boat: "",
    ...extra,
  };
}

describe("which class and heat the results editor shows", () => {
  const results = [result("Superboat", 2, 1), result("Superboat", 1, 1), result("Open", 3, 1), result("Open", 1, 1)];

  it("a race without results: the default class, heat 1, no tabs", () => {
    expect(selectHeat([], {})).toEqual({ classes: [], boatClass: DEFAULT_BOAT_CLASS, heats: [], heatNumber: 1 });
  });

  it("a race without results but with a heat draw starts at the first drawn class and heat", () => {
    const drawn = [
      { boatClass: "Superboat", heatNumber: 2 },
      { boatClass: "Superboat", heatNumber: 1 },
    ];
    expect(selectHeat([], {}, drawn)).toEqual({ classes: [], boatClass: "Superboat", heats: [], heatNumber: 1 });
    expect(selectHeat([], {}, [...drawn, { boatClass: "Open", heatNumber: 3 }])).toMatchObject({
      boatClass: "Open",
      heatNumber: 3,
    });
    // Once results are in, they decide, as SPEC says.
    expect(selectHeat(results, {}, drawn)).toMatchObject({ boatClass: "Open", heatNumber: 1 });
  });

  it("without a request: the first class in the club's order and its first heat", () => {
    const first = selectHeat(results, {});
    expect(first.classes).toEqual(["Open", "Superboat"]);
    expect(first).toMatchObject({ boatClass: "Open", heats: [1, 3], heatNumber: 1 });
  });

  it("the requested class and heat when the race has results there (class names in any case)", () => {
    expect(selectHeat(results, { boatClass: "superboat", heat: "2" })).toMatchObject({
      boatClass: "Superboat",
      heats: [1, 2],
      heatNumber: 2,
    });
  });

  it("a class or heat without results falls back to the first one", () => {
    expect(selectHeat(results, { boatClass: "Nitro", heat: "2" })).toMatchObject({ boatClass: "Open", heatNumber: 1 });
    expect(selectHeat(results, { boatClass: "Open", heat: "2" })).toMatchObject({ boatClass: "Open", heatNumber: 1 });
    expect(selectHeat(results, { boatClass: "Open", heat: "x" })).toMatchObject({ heatNumber: 1 });
  });
});

describe("the editor's rows", () => {
  it("a new heat starts with 5 empty rows numbered 1 to 5", () => {
    const rows = rowsFor([], "Open", 1);
    expect(rows.map((r) => r.position)).toEqual(["1", "2", "3", "4", "5"]);
    expect(rows.every((r) => r.competitorId === "" && r.laps === "" && r.lapTime === "")).toBe(true);
  });

  it("a saved heat gives its results in position order, with only that class and heat", () => {
    const saved = [
      result("Open", 1, 2, { competitorId: 12, laps: 9, lapTime: "1:02.3", bestLap: "0:58.1", totalTime: "9:20.0" }),
      result("Open", 1, 1, { competitorId: 11 }),
      result("Open", 2, 1, { competitorId: 13 }),
      result("Superboat", 1, 1, { competitorId: 14 }),
    ];
    expect(rowsFor(saved, "Open", 1)).toEqual([
      { position: "1", competitorId: "11", laps: "", lapTime: "", bestLap: "", totalTime: "" },
      { position: "2", competitorId: "12", laps: "9", lapTime: "1:02.3", bestLap: "0:58.1", totalTime: "9:20.0" },
    ]);
  });

  it("growing appends empty rows with the next positions and keeps what was typed", () => {
    const typed = [{ ...emptyRow(1), competitorId: "5" }, emptyRow(2)];
    const grown = resizeRows(typed, 4);
    expect(grown.map((r) => r.position)).toEqual(["1", "2", "3", "4"]);
    expect(grown[0]?.competitorId).toBe("5");
  });

  it("shrinking drops rows from the end; the same count changes nothing", () => {
    const rows = rowsFor([], "Open", 1);
    expect(resizeRows(rows, 2).map((r) => r.position)).toEqual(["1", "2"]);
    expect(resizeRows(rows, 5)).toEqual(rows);
  });
});

it("the editor's address names race, class and heat", () => {
  expect(resultsEditorUrl(7, "Sport & Scale", 2)).toBe("/admin/results?race=7&class=Sport%20%26%20Scale&heat=2");
});

import { describe, expect, it } from "vitest";
import { drawFor, padBoats, placesOf, tapBoat, undoLastTap } from "~/lib/race-day/finish-order";
import { emptyRow, rowsFor, type ResultRow } from "~/lib/race-day/results-editor";

const boat = (competitorId: number, boatNumber: string, boatName: string | null = null) => ({
  competitorId,
  boatNumber,
  boatName,
  driver: `Driver ${competitorId}`,
});
const boats = [boat(11, "11", "Moongate"), boat(5, "5", "Tidal Flash"), boat(7, "7A"), boat(3, "3", "Reef Runner")];
/** The editor's rows for a new heat: five empty ones. */
const fresh = () => rowsFor([], "Open", 1);
const order = (rows: ResultRow[]) => rows.map((r) => [r.position, r.competitorId]);

describe("tapping boats in finishing order", () => {
  it("the first tap fills the first row as 1st, and the untouched empty rows go", () => {
    expect(order(tapBoat(fresh(), 5))).toEqual([["1", "5"]]);
  });

  it("taps append the next finishers: 1st, 2nd, 3rd", () => {
    const rows = [5, 11, 3].reduce(tapBoat, fresh());
    expect(order(rows)).toEqual([
      ["1", "5"],
      ["2", "11"],
      ["3", "3"],
    ]);
  });

  it("tapping a placed boat again takes it out, and the boats after it move up one place", () => {
    const rows = tapBoat([5, 11, 3].reduce(tapBoat, fresh()), 11);
    expect(order(rows)).toEqual([
      ["1", "5"],
      ["2", "3"],
    ]);
  });

  it("taking the only boat out leaves one empty row (the editor always has a row)", () => {
    expect(tapBoat(tapBoat(fresh(), 5), 5)).toEqual([emptyRow(1)]);
  });

  it("laps and times typed in a row stay with its boat when the order changes", () => {
    let rows = [5, 11, 3].reduce(tapBoat, fresh());
    rows = rows.map((r) => (r.competitorId === "3" ? { ...r, laps: "12", lapTime: "1:45.23" } : r));
    rows = tapBoat(rows, 5);
    expect(rows.find((r) => r.competitorId === "3")).toMatchObject({ position: "2", laps: "12", lapTime: "1:45.23" });
  });

  it("a row typed by hand keeps its boat; a tapped boat fills the first row without a competitor", () => {
    const typed: ResultRow[] = [{ ...emptyRow(1), competitorId: "99" }, { ...emptyRow(2), laps: "9" }, emptyRow(3)];
    expect(order(tapBoat(typed, 5))).toEqual([
      ["1", "99"],
      ["2", "5"],
    ]);
    expect(tapBoat(typed, 5)[1]!.laps).toBe("9");
  });

  it("saved results: a tap numbers the rows again in row order and adds the boat at the end", () => {
    const saved: ResultRow[] = [
      { ...emptyRow(1), competitorId: "5", laps: "14" },
      { ...emptyRow(2), competitorId: "11", laps: "13" },
    ];
    expect(order(tapBoat(saved, 3))).toEqual([
      ["1", "5"],
      ["2", "11"],
      ["3", "3"],
    ]);
  });

  it("undo takes out the last placed boat of the draw, not a boat typed by hand", () => {
    const rows = [5, 11].reduce(tapBoat, [{ ...emptyRow(1), competitorId: "99" }]);
    expect(order(undoLastTap(rows, boats))).toEqual([
      ["1", "99"],
      ["2", "5"],
    ]);
    expect(undoLastTap([{ ...emptyRow(1), competitorId: "99" }], boats)).toEqual([{ ...emptyRow(1), competitorId: "99" }]);
  });
});

describe("the tap pad", () => {
  it("shows each placed boat's position as its row says it", () => {
    const rows = [{ ...emptyRow(2), competitorId: "11" }, { ...emptyRow(1), competitorId: "5" }, { ...emptyRow(3) }];
    expect(placesOf(rows, boats)).toEqual(
      new Map([
        [11, 2],
        [5, 1],
      ]),
    );
    // A position that is not a number yet: the row's place in the list.
    expect(placesOf([{ ...emptyRow(1), position: "x", competitorId: "3" }], boats)).toEqual(new Map([[3, 1]]));
  });

  it("lists the boats in boat-number order", () => {
    expect(padBoats(boats).map((b) => b.boatNumber)).toEqual(["3", "5", "7A", "11"]);
  });

  it("is shown only for a class and heat the race has drawn with boats in it", () => {
    const draws = [
      { boatClass: "Open", heatNumber: 1, boats },
      { boatClass: "Open", heatNumber: 2, boats: [] },
    ];
    expect(drawFor(draws, "Open", 1)?.boats).toBe(boats);
    expect(drawFor(draws, "Open", 2)).toBeNull();
    expect(drawFor(draws, "Superboat", 1)).toBeNull();
  });
});

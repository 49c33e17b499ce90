import { describe, expect, it } from "vitest";
import {
  boatClassListSchema,
  canonicalBoatClass,
  classTabs,
  formatBoatClasses,
  isBoatClass,
  parseBoatClassList,
} from "~/lib/platform/boat-classes";
import { parseId } from "~/lib/util/params";
import { groupResults, type PublicResult } from "~/lib/races/results";

describe("the boat-class list of every form", () => {
  const schema = boatClassListSchema("Pick one.");
  const messages = (value: unknown) => schema.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]);

  it("takes one value or several, in any spelling, and gives canonical classes once each, in the club's order", () => {
    expect(schema.parse("Open")).toEqual(["Open"]);
    expect(schema.parse(["SuperBoat", "open", "Open", " superboat "])).toEqual(["Open", "Superboat"]);
  });

  it("refuses nothing, an empty value and an unknown class with the one message, on the list itself", () => {
    for (const value of [undefined, null, "", [], ["Scale"], ["Open", "Scale"], [""]]) {
      expect(messages(value)).toEqual([["", "Pick one."]]);
    }
  });

  it("knows the club's classes", () => {
    expect(isBoatClass("Superboat")).toBe(true);
    expect(isBoatClass("SuperBoat")).toBe(false);
  });
});

describe("boat classes", () => {
  it("accepts either spelling of Superboat and stores one", () => {
    expect(canonicalBoatClass("SuperBoat")).toBe("Superboat");
    expect(canonicalBoatClass(" open ")).toBe("Open");
    expect(canonicalBoatClass("Scale")).toBe("Scale");
  });

  it("reads the old site's comma string", () => {
    expect(parseBoatClassList("Open,SuperBoat")).toEqual(["Open", "Superboat"]);
    expect(parseBoatClassList("Superboat, superboat")).toEqual(["Superboat"]);
    expect(parseBoatClassList(null)).toEqual([]);
  });

  it("lists Open and Superboat first, then other classes found", () => {
    expect(classTabs([])).toEqual(["Open", "Superboat"]);
    expect(classTabs(["Scale", "SuperBoat", "Open"])).toEqual(["Open", "Superboat", "Scale"]);
  });

  it("shows a racer's classes, Open by default", () => {
    expect(formatBoatClasses(["Open", "Superboat"])).toBe("Open, Superboat");
    expect(formatBoatClasses([])).toBe("Open");
  });
});

describe("result groups", () => {
  const result = (id: number, boatClass: string, heatNumber: number, position: number): PublicResult => ({
    id,
    raceId: 1,
    competitorId: id,
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
  });

  it("keeps a single class and heat as one unlabelled group", () => {
    const groups = groupResults([result(2, "Open", 1, 2), result(1, "Open", 1, 1)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.label).toBe("");
    expect(groups[0]!.results.map((r) => r.position)).toEqual([1, 2]);
  });

  it("groups by class, then heat, in the club's class order", () => {
    const groups = groupResults([result(1, "Superboat", 1, 1), result(2, "Open", 2, 1), result(3, "Open", 1, 1)]);
    expect(groups.map((g) => g.label)).toEqual(["Open, Heat 1", "Open, Heat 2", "Superboat"]);
  });
});

describe("ids in URLs", () => {
  it("accepts positive integers only", () => {
    expect(parseId("12")).toBe(12);
    for (const bad of ["0", "-1", "1.5", "abc", "12abc", "99999999999", undefined]) expect(parseId(bad)).toBeNull();
  });
});

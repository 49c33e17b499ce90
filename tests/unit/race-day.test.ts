import { describe, expect, it } from "vitest";
import { nextHeat } from "~/lib/race-day/race-day";

describe("the heat that runs next", () => {
  const heats = [
    { boatClass: "Open", heatNumber: 1 },
    { boatClass: "Open", heatNumber: 2 },
    { boatClass: "Superboat", heatNumber: 1 },
  ];

  it("is the first heat in the race page's order without results", () => {
    expect(nextHeat(heats, [])).toBe(heats[0]);
    expect(nextHeat(heats, [{ boatClass: "Open", heatNumber: 1 }])).toBe(heats[1]);
    expect(
      nextHeat(heats, [
        { boatClass: "Open", heatNumber: 1 },
        { boatClass: "Open", heatNumber: 2 },
      ]),
    ).toBe(heats[2]);
  });

  it("skips a heat entered out of order, and is none once every heat has results", () => {
    expect(nextHeat(heats, [{ boatClass: "Open", heatNumber: 2 }])).toBe(heats[0]);
    expect(nextHeat(heats, [{ boatClass: "Superboat", heatNumber: 1 }, ...heats])).toBeNull();
    expect(nextHeat([], [])).toBeNull();
  });

  it("tells classes apart: Superboat heat 1 is not Open heat 1", () => {
    expect(nextHeat(heats, [{ boatClass: "Superboat", heatNumber: 1 }])).toBe(heats[0]);
  });
});

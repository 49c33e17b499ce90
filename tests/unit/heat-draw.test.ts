import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawHeats, heatSizes, seedHeats } from "~/lib/race-day/heat-draw";

const entrants = fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { maxLength: 60 });
const size = fc.integer({ min: 2, max: 12 });
const seed = fc.integer({ min: 1, max: 2_147_483_647 });

describe("the random heat draw", () => {
  it("puts every entrant in exactly one heat, no heat over H, heats as even as possible", () => {
    fc.assert(
      fc.property(entrants, size, seed, (boats, h, s) => {
        const heats = drawHeats(boats, h, s);
        expect(heats.flat().sort((a, b) => a - b)).toEqual([...boats].sort((a, b) => a - b));
        for (const heat of heats) expect(heat.length).toBeLessThanOrEqual(h);
        expect(heats.length).toBe(Math.ceil(boats.length / h));
        const lengths = heats.map((x) => x.length);
        if (lengths.length > 0) expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("gives the same draw for the same seed, whatever order the entrants come in", () => {
    fc.assert(
      fc.property(entrants, size, seed, (boats, h, s) => {
        expect(drawHeats([...boats].reverse(), h, s)).toEqual(drawHeats(boats, h, s));
      }),
    );
  });

  it("gives different draws for different seeds", () => {
    const boats = Array.from({ length: 20 }, (_, i) => i + 1);
    const draws = new Set([1, 2, 3, 4, 5].map((s) => JSON.stringify(drawHeats(boats, 6, s))));
    expect(draws.size).toBe(5);
  });

  it("splits 13 boats with H 6 into 5, 4, 4", () => {
    expect(heatSizes(13, 6)).toEqual([5, 4, 4]);
    expect(heatSizes(12, 6)).toEqual([6, 6]);
    expect(heatSizes(0, 6)).toEqual([]);
  });
});

describe("the draw seeded by standings", () => {
  it("spreads the leaders over the heats in a serpentine", () => {
    expect(seedHeats([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 4)).toEqual([
      [1, 6, 7, 12],
      [2, 5, 8, 11],
      [3, 4, 9, 10],
    ]);
  });

  it("puts every entrant in exactly one heat, no heat over H", () => {
    fc.assert(
      fc.property(entrants, size, (boats, h) => {
        const heats = seedHeats(boats, h);
        expect(heats.flat().sort((a, b) => a - b)).toEqual([...boats].sort((a, b) => a - b));
        for (const heat of heats) expect(heat.length).toBeLessThanOrEqual(h);
        expect(heats.length).toBe(Math.ceil(boats.length / h));
      }),
    );
  });
});

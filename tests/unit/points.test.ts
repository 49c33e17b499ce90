import { describe, expect, it } from "vitest";
import { pointsForPosition, resultPoints } from "~/lib/championship/points";

describe("points table", () => {
  it.each([
    [1, 25],
    [2, 20],
    [3, 15],
    [4, 13],
    [5, 11],
    [6, 10],
    [7, 9],
    [8, 8],
    [9, 7],
    [10, 6],
    [11, 5],
    [50, 5],
  ])("position %i scores %i", (position, points) => {
    expect(pointsForPosition(position)).toBe(points);
  });

  it("gives no points for a position that is not a finish", () => {
    expect(pointsForPosition(0)).toBe(0);
    expect(pointsForPosition(-1)).toBe(0);
    expect(pointsForPosition(1.5)).toBe(0);
  });

  it("uses a stored points value when there is one", () => {
    expect(resultPoints(1, 30)).toBe(30);
    expect(resultPoints(1, 0)).toBe(0);
    expect(resultPoints(2, null)).toBe(20);
    expect(resultPoints(12, undefined)).toBe(5);
  });
});

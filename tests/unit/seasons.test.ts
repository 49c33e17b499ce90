import { describe, expect, it } from "vitest";
import {
  ALL_SEASONS,
  calendarYearSeason,
  currentYear,
  defaultSeasonKey,
  isSeasonKey,
  offeredSeasons,
  seasonOf,
} from "~/lib/seasons";

const winter = { key: "2025-26", name: "Winter Series", startsOn: "2025-09-01", endsOn: "2026-03-31" };

describe("seasons", () => {
  it("a default season is a calendar year", () => {
    expect(calendarYearSeason(2025)).toEqual({ key: "2025", name: "2025 Season", startsOn: "2025-01-01", endsOn: "2025-12-31" });
  });

  it("the current year is the club's, not UTC's, across a year end", () => {
    // 03:30 UTC on 1 January 2027 is still 23:30 on 31 December 2026 in Bermuda (UTC-4).
    const now = new Date("2027-01-01T03:30:00Z");
    expect(currentYear("Atlantic/Bermuda", now)).toBe(2026);
    expect(currentYear("UTC", now)).toBe(2027);
    // And 1 January in Bermuda starts at 04:00 UTC.
    expect(currentYear("Atlantic/Bermuda", new Date("2027-01-01T04:00:00Z"))).toBe(2027);
  });

  it("a race on 31 December and one on 1 January are in different calendar-year seasons", () => {
    const seasons = offeredSeasons([], ["2025-12-31", "2026-01-01"]);
    expect(seasonOf(seasons, "2025-12-31")?.key).toBe("2025");
    expect(seasonOf(seasons, "2026-01-01")?.key).toBe("2026");
  });

  it("offers every season with results, newest first", () => {
    const seasons = offeredSeasons([], ["2023-05-01", "2025-07-01", "2024-02-01", "2025-08-01"]);
    expect(seasons.map((s) => s.key)).toEqual(["2025", "2024", "2023"]);
  });

  it("a defined season replaces the calendar years it overlaps", () => {
    const seasons = offeredSeasons([winter], ["2024-06-01", "2025-10-01", "2026-02-01"]);
    expect(seasons.map((s) => s.key)).toEqual(["2025-26", "2024"]);
    expect(seasonOf(seasons, "2026-02-01")?.name).toBe("Winter Series");
  });

  it("a defined season is offered even before it has results", () => {
    expect(offeredSeasons([winter], []).map((s) => s.key)).toEqual(["2025-26"]);
  });

  it("without defined seasons the default is SPEC's standings of every result", () => {
    expect(defaultSeasonKey([], "2025-06-01")).toBe(ALL_SEASONS);
  });

  it("the default is the defined season under way, else the latest started, never a future one", () => {
    const spring = { key: "2026-spring", name: "Spring", startsOn: "2026-04-01", endsOn: "2026-06-30" };
    expect(defaultSeasonKey([winter, spring], "2025-12-01")).toBe("2025-26");
    expect(defaultSeasonKey([winter, spring], "2026-07-15")).toBe("2026-spring");
    expect(defaultSeasonKey([winter, spring], "2025-08-01")).toBe(ALL_SEASONS);
  });

  it("season keys are short slugs, never 'all'", () => {
    expect(["2025", "2025-26", "winter"].every(isSeasonKey)).toBe(true);
    expect(["all", "", "-x", "2025/26", "A"].some(isSeasonKey)).toBe(false);
  });
});

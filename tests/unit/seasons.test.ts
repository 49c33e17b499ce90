import { describe, expect, it } from "vitest";
import {
  ALL_SEASONS,
  calendarYearSeason,
  defaultSeason,
  endedSeasonNote,
  isSeasonKey,
  offeredSeasons,
  seasonOf,
} from "~/lib/championship/seasons";

const winter = { key: "2025-26", name: "Winter Series", startsOn: "2025-09-01", endsOn: "2026-03-31" };

describe("seasons", () => {
  it("a default season is a calendar year", () => {
    expect(calendarYearSeason(2025)).toEqual({ key: "2025", name: "2025 Season", startsOn: "2025-01-01", endsOn: "2025-12-31" });
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
    const years = offeredSeasons([], ["2025-03-01"]);
    expect(defaultSeason(years, [], "2025-06-01")).toEqual({ key: ALL_SEASONS, ended: false });
  });

  it("the default is the season under way, else the most recent that has ended, never a future one", () => {
    const spring = { key: "2026-spring", name: "Spring", startsOn: "2026-04-01", endsOn: "2026-06-30" };
    const offered = offeredSeasons([winter, spring], []);
    expect(defaultSeason(offered, offered, "2025-12-01")).toEqual({ key: "2025-26", ended: false });
    expect(defaultSeason(offered, offered, "2026-07-15")).toEqual({ key: "2026-spring", ended: true });
    expect(defaultSeason(offered, offered, "2026-04-10")).toEqual({ key: "2026-spring", ended: false });
    expect(defaultSeason(offered, offered, "2025-08-01")).toEqual({ key: ALL_SEASONS, ended: false });
  });

  it("the default never depends on the order the seasons were made in (issue 21)", () => {
    const y2019 = { key: "2019", name: "2019", startsOn: "2019-01-01", endsOn: "2019-12-31" };
    const y2026 = { key: "2026", name: "2026", startsOn: "2026-01-01", endsOn: "2026-12-31" };
    for (const defined of [
      [y2019, y2026],
      [y2026, y2019],
    ]) {
      expect(defaultSeason(defined, defined, "2026-06-15").key).toBe("2026");
      expect(defaultSeason(defined, defined, "2027-02-01")).toEqual({ key: "2026", ended: true });
    }
  });

  it("a calendar year with results is a season the default can be, beside defined ones", () => {
    const y2019 = { key: "2019", name: "2019 Championship", startsOn: "2019-01-01", endsOn: "2019-12-31" };
    const offered = offeredSeasons([y2019], ["2019-05-01", "2024-07-01", "2026-05-02"]);
    expect(defaultSeason(offered, [y2019], "2026-06-15")).toEqual({ key: "2026", ended: false });
    expect(defaultSeason(offeredSeasons([y2019], ["2024-07-01"]), [y2019], "2026-06-15")).toEqual({ key: "2024", ended: true });
  });

  it("until a defined season has started, SPEC's standings of every result, even with this year's results", () => {
    const future = { key: "2098", name: "Far Future Cup", startsOn: "2098-01-01", endsOn: "2098-12-31" };
    const offered = offeredSeasons([future], ["2026-05-02"]);
    expect(defaultSeason(offered, [future], "2026-06-15")).toEqual({ key: ALL_SEASONS, ended: false });
  });

  it("says which season it shows when none is running", () => {
    expect(endedSeasonNote("2025 Season")).toBe("No season is running today: showing 2025 Season, the most recent.");
  });

  it("season keys are short slugs, never 'all'", () => {
    expect(["2025", "2025-26", "winter"].every(isSeasonKey)).toBe(true);
    expect(["all", "", "-x", "2025/26", "A"].some(isSeasonKey)).toBe(false);
  });
});

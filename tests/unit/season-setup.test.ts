/**
 * Issue 32 item 8: a new season's form starts at the season being set up, and a race says which
 * season it counts in, by the standings' own rule, before its results are in.
 */
import { describe, expect, it } from "vitest";
import { countsInText, nextSeasonToDefine, offeredSeasons, seasonCountingOn, seasonOf } from "~/lib/championship/seasons";

const winter = { key: "2025-26", name: "Winter Series", startsOn: "2025-09-01", endsOn: "2026-03-31" };
const summer = { key: "summer-26", name: "Summer 2026", startsOn: "2026-05-01", endsOn: "2026-08-31" };

describe("a new season's starting point", () => {
  it("is next year once this year has results (its calendar-year season is running), not this year", () => {
    const offered = offeredSeasons([], ["2026-04-12"]);
    expect(nextSeasonToDefine(offered, "2026-06-15")).toMatchObject({ key: "2027", name: "2027 Season" });
  });

  it("is this year while nothing covers it yet (a new club in January)", () => {
    expect(nextSeasonToDefine(offeredSeasons([], ["2025-06-01"]), "2026-01-10")).toMatchObject({
      key: "2026",
      startsOn: "2026-01-01",
      endsOn: "2026-12-31",
    });
  });

  it("skips every year a defined season touches, and one already named for the year", () => {
    expect(nextSeasonToDefine(offeredSeasons([winter], []), "2025-10-01").key).toBe("2027");
    const named2027 = { key: "2027", name: "Next", startsOn: "2027-03-01", endsOn: "2027-10-31" };
    expect(nextSeasonToDefine(offeredSeasons([named2027], ["2026-02-01"]), "2026-06-15").key).toBe("2028");
  });
});

describe("the season a race counts in", () => {
  it("is the one the standings put it in once it has results", () => {
    for (const [date, results] of [
      ["2026-02-01", ["2026-02-01"]],
      ["2026-06-20", ["2026-06-20"]],
      ["2027-05-01", ["2027-05-01"]],
      ["2026-04-15", ["2026-04-15"]],
    ] as const) {
      expect(seasonCountingOn([winter, summer], date)?.key).toBe(seasonOf(offeredSeasons([winter, summer], results), date)?.key);
    }
  });

  it("a defined season first, else the calendar year, else none", () => {
    expect(seasonCountingOn([winter], "2026-02-01")?.name).toBe("Winter Series");
    expect(seasonCountingOn([winter], "2027-05-01")?.name).toBe("2027 Season");
    // Summer 2026 takes the year 2026: a race in April is in no season's standings.
    expect(seasonCountingOn([summer], "2026-04-15")).toBeUndefined();
  });

  it("is said under the race's date", () => {
    expect(countsInText(seasonCountingOn([], "2027-05-01"), true)).toBe("Counts in: 2027 Season");
    expect(countsInText(undefined, true)).toBe("Counts in: no season covers this day");
    expect(countsInText(seasonCountingOn([], "2027-05-01"), false)).toBe("Counts in: no season (not in the championship)");
  });
});

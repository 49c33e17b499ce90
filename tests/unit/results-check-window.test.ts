/** The results check window's one rule (decision 0056): minutes after the race day's last save. */
import { describe, expect, it } from "vitest";
import { isResultsCheckOpen, resultsCheckClosesAt } from "~/lib/race-day/results-check-window";
import { officialBlockedMessage } from "~/lib/race-day/results-check";

const TZ = "Atlantic/Bermuda";
// 15:10 in Bermuda (UTC-4 in summer).
const saved = new Date("2026-07-04T19:10:00Z");

describe("resultsCheckClosesAt", () => {
  it("closes the setting's minutes after a save made on the race's own day (club time)", () => {
    const closes = resultsCheckClosesAt({ raceDate: "2026-07-04", lastSavedAt: saved, minutes: 30, timeZone: TZ });
    expect(closes?.toISOString()).toBe("2026-07-04T19:40:00.000Z");
    expect(isResultsCheckOpen(closes, new Date("2026-07-04T19:39:59Z"))).toBe(true);
    expect(isResultsCheckOpen(closes, new Date("2026-07-04T19:40:00Z"))).toBe(false);
  });

  it("opens no window without a save, with the setting at 0, or for a save on another day in the club's zone", () => {
    expect(resultsCheckClosesAt({ raceDate: "2026-07-04", lastSavedAt: null, minutes: 30, timeZone: TZ })).toBeNull();
    expect(resultsCheckClosesAt({ raceDate: "2026-07-04", lastSavedAt: saved, minutes: 0, timeZone: TZ })).toBeNull();
    expect(resultsCheckClosesAt({ raceDate: "2026-07-03", lastSavedAt: saved, minutes: 30, timeZone: TZ })).toBeNull();
    // 02:30 UTC on the 5th is still the 4th at the lake.
    const late = new Date("2026-07-05T02:30:00Z");
    expect(resultsCheckClosesAt({ raceDate: "2026-07-04", lastSavedAt: late, minutes: 30, timeZone: TZ })).not.toBeNull();
  });
});

describe("officialBlockedMessage", () => {
  it("says until when requests are open, else how many wait, else nothing", () => {
    expect(officialBlockedMessage({ openUntil: "15:40", undecided: 2 })).toBe(
      "Requests for a results check are open until 15:40; the results can be made official after that.",
    );
    expect(officialBlockedMessage({ openUntil: null, undecided: 2 })).toBe(
      "2 requests for a results check are waiting for a decision; decide them on the Heats page first.",
    );
    expect(officialBlockedMessage({ openUntil: null, undecided: 0 })).toBeNull();
  });
});

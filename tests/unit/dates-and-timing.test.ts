import { describe, expect, it } from "vitest";
import { clubToday, formatDayMonthYear, formatLongDate, formatShortDate, todayInZone } from "~/lib/util/dates";
import { raceDetailStatus, raceTiming } from "~/lib/races/race-timing";

describe("date display", () => {
  it("prints the calendar style 'Tuesday, March 5, 2024'", () => {
    expect(formatLongDate("2024-03-05")).toBe("Tuesday, March 5, 2024");
  });

  it("prints the race registration style dd MMMM yyyy", () => {
    expect(formatDayMonthYear("2024-03-05")).toBe("05 March 2024");
  });

  it("shows the raw string when a date cannot be formatted", () => {
    expect(formatDayMonthYear("sometime soon")).toBe("sometime soon");
    expect(formatLongDate("2024-13-45")).toBe("2024-13-45");
  });

  it("prints a short date", () => {
    expect(formatShortDate("2025-12-31")).toBe("Dec 31, 2025");
  });

  it("prints every day right however many it has printed before (its memory is bounded)", () => {
    const start = Date.UTC(1985, 0, 1);
    const days = Array.from({ length: 12_000 }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
    for (const day of days) formatShortDate(day);
    expect(formatShortDate("1985-01-01")).toBe("Jan 1, 1985");
    expect(formatShortDate(days.at(-1)!)).toBe("Nov 8, 2017");
    expect(formatShortDate("2024-03-05")).toBe("Mar 5, 2024");
    expect(formatLongDate("2024-03-05")).toBe("Tuesday, March 5, 2024");
  });
});

describe("today in the club's time zone", () => {
  it("is still yesterday in Bermuda when UTC has passed midnight", () => {
    // 02:30 UTC on 22 November is 22:30 on 21 November in Bermuda (UTC-4).
    const now = new Date("2026-11-22T02:30:00Z");
    expect(todayInZone("Atlantic/Bermuda", now)).toBe("2026-11-21");
    expect(todayInZone("UTC", now)).toBe("2026-11-22");
  });

  it("is the pinned day (TEST_TODAY) whatever the clock says, either side of midnight", () => {
    const pinned = { timeZone: "Atlantic/Bermuda", pinnedToday: "2026-06-15" };
    expect(clubToday(pinned, new Date("2026-11-22T03:59:59Z"))).toBe("2026-06-15");
    expect(clubToday(pinned, new Date("2026-11-22T04:00:01Z"))).toBe("2026-06-15");
    expect(clubToday({ timeZone: "Atlantic/Bermuda" }, new Date("2026-11-22T03:59:59Z"))).toBe("2026-11-21");
    expect(clubToday({ timeZone: "Atlantic/Bermuda" }, new Date("2026-11-22T04:00:01Z"))).toBe("2026-11-22");
  });

  it("is still last year in Bermuda when UTC has reached 1 January (a new season's default year)", () => {
    // 03:30 UTC on 1 January 2027 is still 23:30 on 31 December 2026 in Bermuda (UTC-4).
    expect(todayInZone("Atlantic/Bermuda", new Date("2027-01-01T03:30:00Z"))).toBe("2026-12-31");
    expect(todayInZone("UTC", new Date("2027-01-01T03:30:00Z"))).toBe("2027-01-01");
    // And 1 January in Bermuda starts at 04:00 UTC.
    expect(todayInZone("Atlantic/Bermuda", new Date("2027-01-01T04:00:00Z"))).toBe("2027-01-01");
  });

  it("follows daylight saving time", () => {
    // Bermuda is UTC-3 in summer: 03:30 UTC on 1 July is 00:30 local, already the 1st.
    expect(todayInZone("Atlantic/Bermuda", new Date("2026-07-01T03:30:00Z"))).toBe("2026-07-01");
  });
});

describe("race timing", () => {
  const today = "2026-11-21";
  it("is Today on the race day, Upcoming after, Past before", () => {
    expect(raceTiming("2026-11-21", today)).toBe("today");
    expect(raceTiming("2026-11-22", today)).toBe("upcoming");
    expect(raceTiming("2026-11-20", today)).toBe("past");
    expect(raceTiming("2027-01-01", today)).toBe("upcoming");
  });

  it("shows Upcoming on the race page only for a future date, else Completed", () => {
    expect(raceDetailStatus("2026-11-22", today)).toBe("Upcoming");
    expect(raceDetailStatus("2026-11-21", today)).toBe("Completed");
    expect(raceDetailStatus("2026-01-01", today)).toBe("Completed");
  });
});

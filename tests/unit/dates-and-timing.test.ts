import { format, isValid, parseISO } from "date-fns";
import { describe, expect, it } from "vitest";
import { clubToday, formatDayMonthYear, formatLongDate, formatShortDate, todayInZone } from "~/lib/dates";
import { raceDetailStatus, raceTiming } from "~/lib/race-timing";

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
    expect(formatShortDate("2024-02-29")).toBe("Feb 29, 2024");
  });

  it("prints every short date as date-fns does, days the calendar lacks and odd input included", () => {
    const viaDateFns = (date: string) => {
      const parsed = parseISO(date);
      return isValid(parsed) ? format(parsed, "MMM d, yyyy") : date;
    };
    const dates: string[] = [];
    for (let year = 1984; year <= 2100; year++) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          dates.push(`${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`);
        }
      }
    }
    dates.push("0999-05-05", "1000-01-01", "9999-12-31", "2025-1-5", "2025-01-05T10:00", "20250105", "", "soon", " 2025-01-05");
    const differ = dates.filter((date) => formatShortDate(date) !== viaDateFns(date));
    expect(differ).toEqual([]);
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

import { describe, expect, it } from "vitest";
import { calendarPageHref, CALENDAR_PAGE_SIZE, defaultCalendarPage, parseCalendarPage } from "~/lib/calendar/calendar-pages";

describe("defaultCalendarPage", () => {
  it("All Events opens at the page holding the first event dated today or later", () => {
    expect(CALENDAR_PAGE_SIZE).toBe(24);
    expect(defaultCalendarPage("all", 22, 0)).toBe(1);
    expect(defaultCalendarPage("all", 22, 23)).toBe(1);
    expect(defaultCalendarPage("all", 22, 24)).toBe(2);
    expect(defaultCalendarPage("all", 22, 490)).toBe(21);
  });

  it("All Events opens at the last page when every event is past, and at page 1 with none", () => {
    expect(defaultCalendarPage("all", 3, 72)).toBe(3);
    expect(defaultCalendarPage("all", 1, 0)).toBe(1);
  });

  it("Past opens at its last page (the most recent), Upcoming and Today at their first", () => {
    expect(defaultCalendarPage("past", 20, 480)).toBe(20);
    expect(defaultCalendarPage("upcoming", 2, 0)).toBe(1);
    expect(defaultCalendarPage("today", 1, 0)).toBe(1);
  });
});

describe("parseCalendarPage", () => {
  it("reads a whole number", () => {
    expect(parseCalendarPage("3")).toBe(3);
    expect(parseCalendarPage(" 12 ")).toBe(12);
    expect(parseCalendarPage("0")).toBe(0);
  });

  it("anything else means no page asked for", () => {
    for (const value of [null, "", "abc", "-1", "2.5", "1e3", "9999999999", "3;drop"]) {
      expect(parseCalendarPage(value)).toBeUndefined();
    }
  });
});

describe("calendarPageHref", () => {
  it("keeps the filter, none for All Events", () => {
    expect(calendarPageHref("all", 3)).toBe("/calendar?page=3");
    expect(calendarPageHref("past", 2)).toBe("/calendar?filter=past&page=2");
  });
});

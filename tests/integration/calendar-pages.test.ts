import { beforeAll, describe, expect, it } from "vitest";
import { calendarPage } from "~/domain/calendar/calendar.server";
import { useTestDatabase } from "../support/database";
import { createRace } from "../support/factories";

const { db } = await useTestDatabase();
const TODAY = "2026-06-15";

describe("calendarPage on an empty database", () => {
  it("every tab is one empty page, whatever page is asked for", async () => {
    for (const filter of ["all", "upcoming", "today", "past"] as const) {
      expect(await calendarPage(db, { filter, today: TODAY })).toEqual({ races: [], page: 1, pages: 1, total: 0 });
      expect(await calendarPage(db, { filter, today: TODAY, page: 7 })).toMatchObject({ page: 1, pages: 1 });
    }
  });
});

describe("calendarPage with 60 past races, 2 today and 10 upcoming", () => {
  /** Day `n` days from TODAY. */
  const day = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const titles: string[] = [];

  beforeAll(async () => {
    // Inserted out of date order: the page order comes from the query, not from the ids.
    const rows: { title: string; date: string }[] = [];
    for (let i = 0; i < 60; i++) rows.push({ title: `Past ${String(i).padStart(2, "0")}`, date: day(i - 60) });
    rows.push({ title: "Today A", date: TODAY }, { title: "Today B", date: TODAY });
    for (let i = 0; i < 10; i++) rows.push({ title: `Upcoming ${i}`, date: day(i + 1) });
    for (const row of [...rows].reverse()) await createRace(db, row);
    // Same-day races keep the id order (Today B was inserted first).
    titles.push(...rows.map((r) => r.title));
    titles.splice(60, 2, "Today B", "Today A");
  });

  it("All Events: pages of 24 in date order, opening at the page with today's first event", async () => {
    const first = await calendarPage(db, { filter: "all", today: TODAY });
    // 60 events before today: the first event of today is the 61st, on page 3.
    expect(first).toMatchObject({ page: 3, pages: 3, total: 72 });
    expect(first.races.map((r) => r.title)).toEqual(titles.slice(48, 72));
    const pages = await Promise.all([1, 2, 3].map((page) => calendarPage(db, { filter: "all", today: TODAY, page })));
    expect(pages.flatMap((p) => p.races.map((r) => r.title))).toEqual(titles);
    expect(pages.map((p) => p.races.length)).toEqual([24, 24, 24]);
  });

  it("All Events opens at the page holding the first event dated today or later when that is a middle page", async () => {
    const page = await calendarPage(db, { filter: "all", today: day(-40) });
    // 20 events before that day: page 1 holds the 21st.
    expect(page.page).toBe(1);
    const later = await calendarPage(db, { filter: "all", today: day(-30) });
    // 30 events before: the 31st is on page 2.
    expect(later.page).toBe(2);
    expect(later.races[30 - 24]!.date).toBe(day(-30));
  });

  it("All Events opens at the last page when every event is past", async () => {
    expect(await calendarPage(db, { filter: "all", today: day(100) })).toMatchObject({ page: 3, pages: 3 });
  });

  it("Past opens at its last page, the most recent races", async () => {
    const past = await calendarPage(db, { filter: "past", today: TODAY });
    expect(past).toMatchObject({ page: 3, pages: 3, total: 60 });
    expect(past.races.map((r) => r.title)).toEqual(titles.slice(48, 60));
    expect((await calendarPage(db, { filter: "past", today: TODAY, page: 1 })).races.map((r) => r.title)).toEqual(
      titles.slice(0, 24),
    );
  });

  it("Upcoming and Today open at their first page", async () => {
    const upcoming = await calendarPage(db, { filter: "upcoming", today: TODAY });
    expect(upcoming).toMatchObject({ page: 1, pages: 1, total: 10 });
    expect(upcoming.races.map((r) => r.title)).toEqual(titles.slice(62));
    const today = await calendarPage(db, { filter: "today", today: TODAY });
    expect(today.races.map((r) => r.title)).toEqual(["Today B", "Today A"]);
  });

  it("a page out of range is clamped to the first or last", async () => {
    expect(await calendarPage(db, { filter: "all", today: TODAY, page: 0 })).toMatchObject({ page: 1 });
    expect(await calendarPage(db, { filter: "all", today: TODAY, page: -5 })).toMatchObject({ page: 1 });
    const last = await calendarPage(db, { filter: "all", today: TODAY, page: 999_999_999 });
    expect(last).toMatchObject({ page: 3, pages: 3 });
    expect(last.races).toHaveLength(24);
    expect(await calendarPage(db, { filter: "upcoming", today: TODAY, page: 2 })).toMatchObject({ page: 1, pages: 1 });
  });

  it("a smaller page size pages the same order", async () => {
    const page = await calendarPage(db, { filter: "today", today: TODAY, pageSize: 1, page: 2 });
    expect(page).toMatchObject({ page: 2, pages: 2, total: 2 });
    expect(page.races.map((r) => r.title)).toEqual(["Today A"]);
  });
});

/**
 * The pages of /admin/races on a club with twenty seasons (issue 34 item 6): which races each page
 * lists at the edges of a year and at the turn of the year, and that the first page an admin opens
 * stays the same size however long the club's history grows (the screen hydrates every row it
 * lists: all 505 races of the site benchmark's 20 seasons cost it its Lighthouse score).
 * admin-races-pages.test.ts has the tabs and the save toasts on a small club.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { listAdminRaces, pastRaceYears } from "~/domain/races/races.server";
import { adminRaceDays, adminRaceView } from "~/lib/races/admin-race-view";
import { useTestDatabase } from "../support/database";
import { createAdmin, createRace } from "../support/factories";
import { startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
const TODAY = "2026-06-15";

// Twenty past seasons (2006-2025) of 25 races each, as the site benchmark has them...
await db.execute(sql`
  INSERT INTO races (title, date, location, description, status)
  SELECT 'Round ' || r || ' of ' || y, make_date(y, 1, 10) + (r * 13), 'Ferry Reach', 'Club race', 'completed'
  FROM generate_series(2006, 2025) AS y, generate_series(1, 25) AS r`);
// ...and races on the days where one page ends and the next begins.
const EDGES = [
  ["New Year's Eve Sprint", "2025-12-31", "completed"],
  ["New Year's Day Dash", "2026-01-01", "completed"],
  ["Yesterday's Cup", "2026-06-14", "completed"],
  ["Today's Regatta", "2026-06-15", "upcoming"],
  ["Tomorrow's Trophy", "2026-06-16", "upcoming"],
  ["Far Future Classic", "2031-03-01", "upcoming"],
] as const;
for (const [title, date, status] of EDGES) await createRace(db, { title, date, status });

const listed = async (year: string | null, thisYear = 2026) =>
  (await listAdminRaces(db, adminRaceDays(adminRaceView(year, thisYear)))).map((race) => race.title);

describe("the races each page lists", () => {
  it("the first page: this year from its first day, then every upcoming race however far ahead, by date", async () => {
    expect(await listed(null)).toEqual([
      "New Year's Day Dash",
      "Yesterday's Cup",
      "Today's Regatta",
      "Tomorrow's Trophy",
      "Far Future Classic",
    ]);
  });

  it("a past year's page: its races from the first day to the last, by date", async () => {
    const lastYear = await listed("2025");
    expect(lastYear).toHaveLength(26);
    expect(lastYear[0]).toBe("Round 1 of 2025");
    expect(lastYear.at(-1)).toBe("New Year's Eve Sprint");
    expect(await listed("2006")).toEqual(Array.from({ length: 25 }, (_, i) => `Round ${i + 1} of 2006`));
  });

  it("the other pages are the past years with races, newest first; this year and later ones are not among them", async () => {
    const years = await pastRaceYears(db, 2026);
    expect(years.map((y) => y.year)).toEqual(Array.from({ length: 20 }, (_, i) => 2025 - i));
    expect(years[0]).toEqual({ year: 2025, races: 26 });
    expect(years.at(-1)).toEqual({ year: 2006, races: 25 });
  });

  it("at the turn of the year, last year's races move to a page of their own", async () => {
    expect(await listed(null, 2027)).toEqual(["Far Future Classic"]);
    expect(await listed("2026", 2027)).toEqual(EDGES.slice(1, 5).map(([title]) => title));
    expect((await pastRaceYears(db, 2027))[0]).toEqual({ year: 2026, races: 4 });
  });
});

describe("the first page with twenty seasons behind it", () => {
  let site: TestSite;
  let cookie: string;
  beforeAll(async () => {
    const { admin } = await createAdmin(db, "races-paging-owner", "correct horse battery");
    cookie = `admin_session=${await createSession(db, admin.id)}`;
    site = await startTestSite(db, { pinnedToday: TODAY });
  }, 60_000);
  afterAll(() => site?.close());

  const page = async (query = "") => {
    const response = await site.request(`/admin/races${query}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("lists this year's and the upcoming races only, with a link to each of the 20 past years", async () => {
    const html = await page();
    expect(html).not.toMatch(/Round \d+ of \d{4}/);
    for (const [title, date] of EDGES) expect(html.includes(title.replace("'", "&#x27;")), title).toBe(date >= "2026-01-01");
    for (let year = 2006; year <= 2025; year++) expect(html).toContain(`href="/admin/races?year=${year}"`);
  });

  it("hydrates as many rows as it lists and weighs about one season's page, not the club's history", async () => {
    const first = await page();
    const lastYear = await page("?year=2025");
    // A header row and one row a race.
    expect(first.match(/<tr[ >]/g)).toHaveLength(1 + 5);
    expect(lastYear.match(/<tr[ >]/g)).toHaveLength(1 + 26);
    // A listed race is about 6 KB of HTML (its card, its seven actions, its data for hydration):
    // all 506 would be about 3 MB. 5 races and 20 year tabs weigh 62 KB, a season of 26 200 KB.
    expect(first.length).toBeLessThan(100_000);
    expect(lastYear.length).toBeLessThan(300_000);
  });
});

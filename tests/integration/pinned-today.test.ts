/**
 * TEST_TODAY pins the club's "today" for the browser tests: the demo data and every page then
 * agree on one day, even when the run crosses midnight in CLUB_TIMEZONE (the "midnight in
 * Bermuda" flake: data dated at start-up on one day, pages rendered on the next).
 */
import { afterAll, expect, it } from "vitest";
import { seedDemoData } from "~/db/demo-data";
import { listRaces } from "~/domain/races/public-queries.server";
import { clubToday } from "~/lib/util/dates";
import { raceTiming } from "~/lib/races/race-timing";
import { useTestDatabase, createTestDatabase } from "../support/database";
import { startServer, type ServerProcess } from "../support/server-process";

const { db } = await useTestDatabase();
const timeZone = "Atlantic/Bermuda";
// 23:59:30 on 14 January 2030 in Bermuda (UTC-4), and one minute later: the next day.
const beforeMidnight = new Date("2030-01-15T03:59:30Z");
const afterMidnight = new Date("2030-01-15T04:00:30Z");

it("demo data seeded just before midnight keeps its race 'today' after midnight when today is pinned", async () => {
  const pinned = { timeZone, pinnedToday: clubToday({ timeZone }, beforeMidnight) };
  expect(pinned.pinnedToday).toBe("2030-01-14");
  expect(await seedDemoData(db, { today: clubToday(pinned, beforeMidnight) })).toBe(true);
  const dates = (await listRaces(db)).map((race) => race.date);

  const timings = (today: string) => dates.map((date) => raceTiming(date, today));
  // Unpinned, the clock has moved on: the demo's race of the day is now in the past.
  expect(clubToday({ timeZone }, afterMidnight)).toBe("2030-01-15");
  expect(timings(clubToday({ timeZone }, afterMidnight))).not.toContain("today");
  // Pinned, the pages still see the day the data was dated from.
  expect(clubToday(pinned, afterMidnight)).toBe("2030-01-14");
  expect(timings(clubToday(pinned, afterMidnight))).toContain("today");
});

const other = await createTestDatabase();
let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await other.drop();
});

it("a server started with TEST_TODAY dates its demo data and its pages from that day", { timeout: 90_000 }, async () => {
  server = await startServer({ DATABASE_URL: other.url, DEMO_DATA: "1", TEST_TODAY: "2030-01-15", LOG_LEVEL: "warn" });
  const today = await (await fetch(`${server.url}/calendar?filter=today`)).text();
  expect(today).toContain("Tuesday, January 15, 2030");
  const upcoming = await (await fetch(`${server.url}/calendar?filter=upcoming`)).text();
  expect(upcoming).not.toContain("No upcoming events found.");
  expect(upcoming).not.toContain("January 15, 2030");
  // The race entry form offers races from that day on only.
  const form = await (await fetch(`${server.url}/race-registration`)).text();
  const offered = [...form.matchAll(/<option value="\d+">[^<]*?, (\d{2} [A-Z][a-z]+ \d{4}) at /g)].map((m) => m[1]);
  expect(offered.length).toBeGreaterThan(0);
  for (const day of offered) expect(new Date(`${day} 12:00 UTC`).getTime()).toBeGreaterThan(Date.parse("2030-01-15T00:00:00Z"));
});

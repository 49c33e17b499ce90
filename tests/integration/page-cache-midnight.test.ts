/**
 * "Today", "upcoming" and "past" roll over at midnight in CLUB_TIMEZONE without a write: a page
 * cached at 23:59 is not served after midnight. The server runs on a clock the test sets
 * (tests/support/fake-clock.mjs), in a zone whose midnight falls in the middle of the UTC day,
 * so a cache keyed on the UTC date (or on nothing) would serve yesterday's page.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { TZDate } from "@date-fns/tz";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { createRace } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";

const ZONE = "Pacific/Auckland";
const database = await createTestDatabase();
const dir = await mkdtemp(path.join(os.tmpdir(), "club-clock-"));
const clockFile = path.join(dir, "clock");
let server: ServerProcess;

/** Sets the server's clock to this wall-clock time in the club's zone. */
async function setClock(year: number, month: number, day: number, hour: number, minute: number, second = 0) {
  const instant = new Date(new TZDate(year, month - 1, day, hour, minute, second, ZONE).getTime());
  await writeFile(clockFile, `${instant.toISOString()} ${Date.now()}`);
  return instant;
}

beforeAll(async () => {
  await setClock(2030, 3, 10, 23, 59);
  await createRace(database.db, { title: "Midnight Regatta", date: "2030-03-11", status: "upcoming" });
  server = await startServer({
    DATABASE_URL: database.url,
    DEMO_DATA: "0",
    CLUB_TIMEZONE: ZONE,
    LOG_LEVEL: "warn",
    FAKE_CLOCK_FILE: clockFile,
    NODE_OPTIONS: `--import ${path.resolve("tests/support/fake-clock.mjs")}`,
  });
}, 120_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await database.drop();
  await rm(dir, { recursive: true, force: true });
});

async function get(page: string, headers: Record<string, string> = {}) {
  const response = await fetch(server.url + page, { headers });
  return { response, cache: response.headers.get("x-page-cache"), text: await response.text() };
}

/** The race's badge on the calendar page ("Upcoming", "Today" or "Past"; the filter tabs are links). */
const badge = (html: string) => /<span class="[^"]*rounded-full[^"]*">(Upcoming|Today|Past)<\/span>/.exec(html)?.[1];

describe("the page cache at the club's midnight", () => {
  it("serves the day's page from the cache until midnight, then renders the new day's", async () => {
    // 23:59 in Auckland is 10:59 UTC: the UTC date is the same on both sides of this midnight.
    const before = await setClock(2030, 3, 10, 23, 59, 0);
    const after = new Date(new TZDate(2030, 2, 11, 0, 0, 30, ZONE).getTime());
    expect(before.toISOString().slice(0, 10)).toBe(after.toISOString().slice(0, 10));

    const first = await get("/calendar");
    expect(first.text).toContain("Midnight Regatta");
    expect(badge(first.text)).toBe("Upcoming");
    const todayBefore = await get("/calendar?filter=today");
    expect(todayBefore.text).toContain("No events scheduled for today.");
    const again = await get("/calendar");
    expect(again.cache).toBe("hit");
    expect((await get("/calendar?filter=today")).cache).toBe("hit");
    expect(again.text).toBe(first.text);

    await setClock(2030, 3, 11, 0, 0, 30);
    const next = await get("/calendar", { "If-None-Match": first.response.headers.get("etag")! });
    expect(next.response.status).toBe(200);
    expect(next.cache).toBe("miss");
    expect(badge(next.text)).toBe("Today");
    const todayAfter = await get("/calendar?filter=today");
    expect(todayAfter.cache).toBe("miss");
    expect(todayAfter.text).toContain("Midnight Regatta");
    // The new day's page is cached in its turn.
    expect((await get("/calendar")).cache).toBe("hit");
  });
});

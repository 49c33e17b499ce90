/**
 * Byte budget of the admin screens (issue 26): at most 120 KB of JavaScript on a first visit, as
 * the server sends it to a browser that accepts brotli, signed in as an owner (who sees every
 * screen). The framework (React, React DOM, React Router) is about 91 KB of it; the rest is what
 * the screen itself uses. Deterministic: sizes, not timings; production build, demo data.
 */
import { desc, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raceResults, races } from "~/db/schema";
import { createSession } from "~/domain/admin/auth.server";
import { createTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { firstLoad } from "../support/first-load";
import { startServer, type ServerProcess } from "../support/server-process";

/** Issue 26's ceiling, the same for every screen (decision 0035): a new feature pays for its own bytes. */
const ADMIN_JS_BUDGET = 120 * 1024;

const database = await createTestDatabase();
let server: ServerProcess;
let cookie: string;
let raceWithResults: number;
let upcomingRace: number;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: "1", LOG_LEVEL: "warn" });
  const { admin } = await createAdmin(database.db, "weight-owner", "tally-ho-lakeside-9731");
  cookie = `admin_session=${await createSession(database.db, admin.id)}`;
  const [withResults] = await database.db.select({ id: raceResults.raceId }).from(raceResults).limit(1);
  const [latest] = await database.db
    .select({ id: races.id })
    .from(races)
    .where(isNotNull(races.id))
    .orderBy(desc(races.date))
    .limit(1);
  raceWithResults = withResults!.id;
  upcomingRace = latest!.id;
}, 120_000);
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await database.drop();
});

/** Each screen and a text only that screen shows, so a redirect to the login page cannot pass. */
const SIGNED_IN_SCREENS: [string, string][] = [
  ["/admin/overview", "Overview"],
  ["/admin/competitors", "Competitor Management"],
  ["/admin/competitors/duplicates", "uplicate"],
  ["/admin/races", "Race Management"],
  ["/admin/races/:upcoming/heats", "eats"],
  ["/admin/races/:upcoming/check-in", "Check-in:"],
  ["/admin/races/:results/import", "mport"],
  ["/admin/results", "Results Management"],
  ["/admin/results?race=:results", "Results Management"],
  ["/admin/seasons", "Season"],
  ["/admin/news", "News"],
  ["/admin/audit", "udit"],
  ["/admin/admins", "Admin"],
  ["/admin/settings", "Settings"],
  ["/admin/backups", "Kept on the server"],
  ["/admin/sessions", "My Sessions"],
  ["/admin/account", "ccount"],
  ["/admin/account/two-factor", "uthenticator"],
];
const SIGNED_OUT_SCREENS = [
  "/admin/login",
  "/admin/forgot-password",
  "/admin/reset-password/not-a-token",
  "/admin/invitation/not-a-token",
];

const address = (path: string) => path.replace(":upcoming", String(upcomingRace)).replace(":results", String(raceWithResults));

describe("byte budget of the admin screens", () => {
  for (const [path, text] of SIGNED_IN_SCREENS) {
    it(`${path}: JS within its budget as sent`, async () => {
      const html = await (await fetch(new URL(address(path), server.url), { headers: { Cookie: cookie } })).text();
      expect(html, `${path} is the screen, not the login page`).toContain(text);
      const { js } = await firstLoad(server.url, address(path), { cookie, asSent: true });
      expect(js, `${path} JavaScript`).toBeLessThanOrEqual(ADMIN_JS_BUDGET);
      // Not vacuous: the framework was measured.
      expect(js).toBeGreaterThan(60 * 1024);
    });
  }

  for (const path of SIGNED_OUT_SCREENS) {
    it(`${path}: JS within its budget as sent`, async () => {
      const { js } = await firstLoad(server.url, path, { asSent: true });
      expect(js, `${path} JavaScript`).toBeLessThanOrEqual(ADMIN_JS_BUDGET);
      expect(js).toBeGreaterThan(60 * 1024);
    });
  }
});

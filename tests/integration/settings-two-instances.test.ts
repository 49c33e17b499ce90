/**
 * A change to the club's settings on one instance shows on another instance's pages at once: the
 * write to club_settings is a data change (db/data-changes.ts), so every instance drops its cached
 * pages and the settings it kept, and reads them again.
 */
import { afterAll, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { site as words } from "~/lib/platform/site";
import { siteAt } from "../support/admin-http";
import { createTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers) {
    s.child.kill("SIGTERM");
    await s.exited;
  }
  await database.drop();
});

const env = { DATABASE_URL: database.url, DEMO_DATA: "0", CLUB_NAME: "Two Instance Club", LOG_LEVEL: "warn" };

it("a settings change on instance A shows on instance B's cached home page at once", { timeout: 120_000 }, async () => {
  const [a, b] = await Promise.all([startServer(env), startServer(env)]);
  servers.push(a, b);

  // B keeps its home page: the second visit is a hit.
  await fetch(`${b.url}/`);
  const cached = await fetch(`${b.url}/`);
  expect(cached.headers.get("x-page-cache")).toBe("hit");
  const before = await cached.text();
  expect(before).toContain(words.heroHeading);
  expect(before).toContain("Two Instance Club");

  const { admin } = await createAdmin(database.db, "two-instance-owner", "two-instance-password");
  const cookie = `admin_session=${await createSession(database.db, admin.id)}`;
  const body = new URLSearchParams({
    name: "Renamed Boat Club",
    shortName: "RBC",
    founded: "1999",
    heroHeading: "Racing on both instances",
    heroInvitation: words.heroInvitation,
    welcome: words.welcome,
    vision: words.vision,
    missionQuote: words.missionQuote,
    blurb: words.blurb,
    email: "info@example.org",
    timeZone: "Atlantic/Bermuda",
    "social[0].label": "Club channel",
    "social[0].href": "https://video.example.org/renamed",
  });
  const saved = await siteAt(a.url).request("/admin/settings", { method: "POST", cookie, body });
  expect(saved.status).toBe(302);

  // NOTIFY reaches B within moments; a page it still served from before would be stale.
  let after = "";
  for (let i = 0; i < 50; i++) {
    after = await (await fetch(`${b.url}/`)).text();
    if (after.includes("Racing on both instances")) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(after).toContain("Racing on both instances");
  expect(after).toContain("Renamed Boat Club");
  expect(after).toContain('href="https://video.example.org/renamed"');
  expect(after).not.toContain("Two Instance Club");
  expect(after).not.toContain(words.heroHeading);
  // Another of B's pages, and its manifest, name the club anew too.
  expect(await (await fetch(`${b.url}/standings`)).text()).toContain("Renamed Boat Club");
  expect(((await (await fetch(`${b.url}/manifest.webmanifest`)).json()) as { short_name: string }).short_name).toBe("RBC");
});

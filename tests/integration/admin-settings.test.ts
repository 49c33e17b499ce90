/**
 * The club's settings over real HTTP (issue 24 item 1): an owner changes the club's name, words,
 * contact address, social links and time zone at /admin/settings, and every page shows them at
 * once; bad input gets the field's message and stores nothing; a results officer gets a 403; each
 * save is one settings.update audit entry with the changed fields; the settings travel in backups.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { readClub } from "~/domain/admin/club-settings.server";
import { clubTables, createBackup, decodeBackup, encodeBackup, restoreBackup } from "~/domain/admin/backup.server";
import { site as words } from "~/lib/platform/site";
import { createTestDatabase, useTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { startTestSite, type TestSite } from "../support/admin-http";

const { db, pool } = await useTestDatabase();
let site: TestSite;

const PASSWORD = "correct horse battery";
const { admin: owner } = await createAdmin(db, "settings-owner", PASSWORD);
const { admin: officer } = await createAdmin(db, "settings-officer", PASSWORD, { role: "results_officer", twoFactor: false });
const ownerCookie = `admin_session=${await createSession(db, owner.id)}`;
const officerCookie = `admin_session=${await createSession(db, officer.id)}`;
const ENV = { clubName: "Test Club", clubEmail: "info@example.org", timeZone: "Atlantic/Bermuda" };

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

/** The whole form as the screen posts it: the club's current values, with `changes` over them. */
function settingsForm(changes: Record<string, string> = {}, social: { label: string; href: string }[] = []): URLSearchParams {
  const body = new URLSearchParams({
    name: "Test Club",
    shortName: words.shortName,
    founded: String(words.founded),
    heroHeading: words.heroHeading,
    heroInvitation: words.heroInvitation,
    welcome: words.welcome,
    vision: words.vision,
    missionQuote: words.missionQuote,
    blurb: words.blurb,
    email: "info@example.org",
    timeZone: "Atlantic/Bermuda",
  });
  social.forEach((link, i) => {
    body.set(`social[${i}].label`, link.label);
    body.set(`social[${i}].href`, link.href);
  });
  // The spare blank row the screen always shows.
  body.set(`social[${social.length}].label`, "");
  body.set(`social[${social.length}].href`, "");
  for (const [name, value] of Object.entries(changes)) body.set(name, value);
  return body;
}

const save = (body: URLSearchParams, cookie = ownerCookie) => site.request("/admin/settings", { method: "POST", cookie, body });

async function stored(): Promise<string> {
  const { rows } = await pool.query<{ t: string | null }>(
    "SELECT (SELECT json_agg(c ORDER BY key)::text FROM club_settings c) || (SELECT count(*) FROM audit_log)::text AS t",
  );
  return rows[0]!.t ?? "";
}

describe("as a results officer", () => {
  it("the page and the form are a 403 that changes nothing", async () => {
    const before = await stored();
    expect((await site.request("/admin/settings", { cookie: officerCookie })).status).toBe(403);
    expect((await site.request("/admin/settings.data", { cookie: officerCookie })).status).toBe(403);
    const response = await save(settingsForm({ name: "Officer's Club" }), officerCookie);
    expect(response.status).toBe(403);
    expect(await stored()).toBe(before);
    // The navigation does not offer it either.
    const races = await (await site.request("/admin/races", { cookie: officerCookie })).text();
    expect(races).not.toContain('href="/admin/settings"');
  });
});

describe("as an owner", () => {
  it("shows today's words as the defaults of a fresh install, CLUB_NAME and CLUB_EMAIL among them", async () => {
    const page = await site.request("/admin/settings", { cookie: ownerCookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="Test Club"');
    expect(html).toContain('value="info@example.org"');
    expect(html).toContain('value="Atlantic/Bermuda"');
    expect(html).toContain("https://www.facebook.com/");
    expect(html).toContain('href="/admin/settings"');
    expect(await readClub(db, ENV)).toMatchObject({ name: "Test Club", heroHeading: words.heroHeading, founded: 1985 });
  });

  it.each([
    [{ name: "" }, "Club name is required."],
    [{ name: "x".repeat(101) }, "Club name: at most 100 characters."],
    [{ name: "Club <b>bold</b>" }, "Club name must not contain &lt; or &gt;."],
    [{ shortName: "BR\u202eCBC" }, "Short name must not contain control or text-direction characters."],
    [{ heroHeading: "Line\nbreak" }, "Home page heading must not contain control or text-direction characters."],
    [{ welcome: "Hi\u0007" }, "Welcome must not contain control or text-direction characters."],
    [{ vision: "x".repeat(601) }, "Vision: at most 600 characters."],
    [{ founded: "nineteen" }, "Year founded must be a year, such as 1985."],
    [{ founded: "1700" }, "Year founded must be 1800 or later."],
    [{ email: "not-an-address" }, "Contact e-mail must be an e-mail address"],
    [{ timeZone: "Mars/Olympus" }, "Time zone must be an IANA name this server knows"],
    [{ timeZone: "../../etc/passwd" }, "Time zone must be an IANA name this server knows"],
    [
      { "social[0].label": "Facebook", "social[0].href": "http://facebook.com/club" },
      "Link address must be a full https:// address",
    ],
    [{ "social[0].label": "Evil", "social[0].href": "javascript:alert(1)" }, "Link address must be a full https:// address"],
    [{ "social[0].label": "", "social[0].href": "https://example.org/club" }, "Link label is required."],
    [{ "social[0].label": "Club site", "social[0].href": "" }, "Link address is required."],
  ])("refuses %j with a message and stores nothing", async (changes, message) => {
    const before = await stored();
    const response = await save(settingsForm(changes));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Nothing was changed");
    expect(html).toContain(message);
    expect(await stored()).toBe(before);
  });

  it("saves the club's words and links, audits the changed fields, and every page shows them at once", async () => {
    // The home page and another page, rendered (and cached) before the change.
    expect(await (await site.request("/")).text()).toContain(words.heroHeading);
    const social = [
      { label: "Club Facebook", href: "https://www.facebook.com/our-boat-club" },
      { label: "Race videos", href: "https://video.example.org/club" },
    ];
    const response = await save(
      settingsForm(
        {
          name: "Somers Isles Boat Club",
          heroHeading: "Fast boats on Harrington Sound",
          missionQuote: "Race fair, race often.",
          blurb: "Boat racing at the Sound since 1990.",
          founded: "1990",
          email: "hello@somers.example.org",
          timeZone: "Europe/London",
        },
        social,
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/settings");

    const home = await (await site.request("/")).text();
    expect(home).toContain("Fast boats on Harrington Sound");
    expect(home).not.toContain(words.heroHeading);
    expect(home).toContain("Somers Isles Boat Club");
    expect(home).toContain("Race fair, race often.");
    expect(home).toContain("Boat racing at the Sound since 1990.");
    expect(home).toContain("founded 1990");
    expect(home).toContain('href="mailto:hello@somers.example.org"');
    expect(home).toContain('href="https://www.facebook.com/our-boat-club"');
    expect(home).toContain(">Race videos<");
    expect(home).not.toContain('href="https://www.instagram.com/"');
    const results = await (await site.request("/results")).text();
    expect(results).toContain("Somers Isles Boat Club");
    const manifest = (await (await site.request("/manifest.webmanifest")).json()) as { name: string; description: string };
    expect(manifest).toMatchObject({ name: "Somers Isles Boat Club", description: "Boat racing at the Sound since 1990." });
    const feed = await (await site.request("/calendar.ics")).text();
    expect(feed).toContain("Somers Isles Boat Club");

    const { rows } = await pool.query<{ changes: Record<string, { before: unknown; after: unknown }>; admin_username: string }>(
      "SELECT changes, admin_username FROM audit_log WHERE kind = 'settings.update' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]!.admin_username).toBe("settings-owner");
    expect(Object.keys(rows[0]!.changes).sort()).toEqual(
      ["blurb", "email", "founded", "heroHeading", "missionQuote", "name", "social", "timeZone"].sort(),
    );
    expect(rows[0]!.changes.name).toEqual({ before: "Test Club", after: "Somers Isles Boat Club" });

    // Saving the same values again writes nothing and audits nothing.
    const count = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log");
    const again = await save(
      settingsForm(
        {
          name: "Somers Isles Boat Club",
          heroHeading: "Fast boats on Harrington Sound",
          missionQuote: "Race fair, race often.",
          blurb: "Boat racing at the Sound since 1990.",
          founded: "1990",
          email: "hello@somers.example.org",
          timeZone: "Europe/London",
        },
        social,
      ),
    );
    expect(again.status).toBe(302);
    expect((await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log")).rows[0]!.n).toBe(count.rows[0]!.n);
  });

  it("without JavaScript, Add a link and Remove post the form back with the rows changed, saving nothing", async () => {
    const before = await stored();
    const body = settingsForm({}, [{ label: "Keep", href: "https://keep.example.org/" }]);
    body.set(
      "__intent__",
      JSON.stringify({ type: "insert", payload: { name: "social", defaultValue: { label: "", href: "" } } }),
    );
    const added = await save(body);
    expect(added.status).toBe(200);
    const html = await added.text();
    expect(html).toContain('name="social[2].label"');
    const removeBody = settingsForm({}, [{ label: "Keep", href: "https://keep.example.org/" }]);
    removeBody.set("__intent__", JSON.stringify({ type: "remove", payload: { name: "social", index: 0 } }));
    const removed = await (await save(removeBody)).text();
    expect(removed).not.toContain("https://keep.example.org/");
    expect(await stored()).toBe(before);
  });

  it.each([
    "not json",
    JSON.stringify({ type: "reset" }),
    JSON.stringify({ type: "remove", payload: { name: "name", index: 0 } }),
  ])("refuses a list button that is not the form's (%s) with a 400", async (intent) => {
    const before = await stored();
    const body = settingsForm();
    body.set("__intent__", intent);
    expect((await save(body)).status).toBe(400);
    expect(await stored()).toBe(before);
  });

  it("refuses a form field the form does not have", async () => {
    const before = await stored();
    const body = settingsForm();
    body.set("isAdmin", "true");
    expect((await save(body)).status).toBe(400);
    expect(await stored()).toBe(before);
  });
});

it("keeps the settings in a backup and brings them back with a restore", async () => {
  const file = encodeBackup(await createBackup(pool));
  const target = await createTestDatabase();
  try {
    await restoreBackup(target.pool, decodeBackup(file));
    const client = await target.pool.connect();
    try {
      expect(await clubTables(client)).toContain("club_settings");
    } finally {
      client.release();
    }
    const restored = await readClub(target.db, ENV);
    expect(restored).toEqual(await readClub(db, ENV));
    expect(restored.name).toBe("Somers Isles Boat Club");
    expect(restored.social.map((l) => l.label)).toEqual(["Club Facebook", "Race videos"]);
  } finally {
    await target.drop();
  }
});

it("a stored value missing fields or holding bad ones keeps the defaults for those", async () => {
  const target = await createTestDatabase();
  try {
    await target.db.execute(
      sql`INSERT INTO club_settings (key, value) VALUES ('club', ${JSON.stringify({ name: "Kept Name", timeZone: "Nowhere/Land", founded: "x" })}::jsonb)`,
    );
    const club = await readClub(target.db, ENV);
    expect(club).toMatchObject({
      name: "Kept Name",
      timeZone: "Atlantic/Bermuda",
      founded: 1985,
      heroHeading: words.heroHeading,
    });
  } finally {
    await target.drop();
  }
});

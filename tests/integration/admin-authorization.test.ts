/**
 * The authorization matrix: every admin page and every admin action, requested without a
 * session, with an expired session and with a forged cookie. Pages redirect to the login and
 * show no data; actions change no row. A valid session is the control that proves the same
 * requests do work when allowed.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { news } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration, createResult, createAdmin } from "../support/factories";
import { form, signInResponse, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;

const { admin } = await createAdmin(db, "matrix-admin", "correct horse battery");
const racer = await createCompetitor(db, { email: "private.racer@example.com", telephone: "441-555-0199" });
const other = await createCompetitor(db);
const race = await createRace(db, { title: "Matrix Cup", status: "completed" });
await createResult(db, { raceId: race.id, competitorId: racer.id, position: 1 });
const [notice] = await db.insert(news).values({ title: "Matrix notice", body: "Kept." }).returning();

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

/** Every row of every table the admin area can change. */
async function snapshot() {
  const { rows } = await db.execute<{ t: string }>(sql`
    SELECT json_build_object(
      'competitors', (SELECT json_agg(c ORDER BY id) FROM competitors c),
      'races', (SELECT json_agg(r ORDER BY id) FROM races r),
      'results', (SELECT json_agg(x ORDER BY id) FROM race_results x),
      'registrations', (SELECT json_agg(g ORDER BY id) FROM race_registrations g),
      'admins', (SELECT json_agg(a ORDER BY id) FROM admins a),
      'seasons', (SELECT json_agg(s ORDER BY id) FROM seasons s),
      'heats', (SELECT json_agg(h ORDER BY id) FROM heats h),
      'heat_entries', (SELECT json_agg(e ORDER BY id) FROM heat_entries e),
      'news', (SELECT json_agg(n ORDER BY id) FROM news n),
      'import_drafts', (SELECT json_agg(d ORDER BY id) FROM import_drafts d),
      'import_mappings', (SELECT json_agg(m ORDER BY header_key) FROM import_mappings m),
      'audit_log', (SELECT json_agg(l ORDER BY id) FROM audit_log l),
      'outbox', (SELECT json_agg(o ORDER BY id) FROM outbox_messages o),
      'club_settings', (SELECT json_agg(k ORDER BY key) FROM club_settings k),
      'check_ins', (SELECT json_agg(x ORDER BY x::text) FROM race_check_ins x),
      'check_in_taps', (SELECT json_agg(x ORDER BY x::text) FROM check_in_taps x),
      'rosters', (SELECT json_agg(x ORDER BY x::text) FROM race_rosters x),
      'duties', (SELECT json_agg(x ORDER BY x::text) FROM race_duties x),
      'duty_places', (SELECT json_agg(x ORDER BY x::text) FROM duty_places x),
      'duty_swaps', (SELECT json_agg(x ORDER BY x::text) FROM duty_swaps x)
    )::text AS t`);
  return rows[0]!.t;
}

async function expiredIdleCookie() {
  const id = await createSession(db, admin.id);
  await db.execute(
    sql`UPDATE admin_sessions SET last_seen_at = now() - interval '3 hours' WHERE admin_id = ${admin.id} AND last_seen_at > now() - interval '1 minute'`,
  );
  return `admin_session=${id}`;
}
async function expiredAbsoluteCookie() {
  const id = await createSession(db, admin.id);
  // Active a minute ago, but logged in 13 hours ago: past the absolute limit.
  await db.execute(
    sql`UPDATE admin_sessions SET created_at = now() - interval '13 hours' WHERE admin_id = ${admin.id} AND created_at > now() - interval '1 minute'`,
  );
  return `admin_session=${id}`;
}

const badSessions: [string, () => Promise<string | undefined>][] = [
  ["no session", async () => undefined],
  ["an idle-expired session", expiredIdleCookie],
  ["an absolutely expired session", expiredAbsoluteCookie],
  ["a forged session id", async () => "admin_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"],
  ["a malformed cookie", async () => "admin_session=' OR 1=1 --"],
  ["the production cookie name over plain http", async () => `__Host-admin_session=${await createSession(db, admin.id)}`],
];

const pages = [
  "/admin",
  "/admin/overview",
  "/admin/overview.data",
  "/admin/backups/club-backup-2026-01-01T00-00-00-000Z.json.gz",
  "/admin/competitors",
  "/admin/races",
  `/admin/results?race=${race.id}`,
  `/admin/races/${race.id}/entries.csv`,
  "/admin/competitors.data",
  "/admin/competitors/duplicates",
  `/admin/competitors/duplicates?keep=${racer.id}&merge=${other.id}`,
  `/admin/results.data?race=${race.id}`,
  "/admin/seasons",
  "/admin/seasons?new",
  "/admin/news",
  "/admin/news?new",
  `/admin/races/${race.id}/heats`,
  `/admin/races/${race.id}/import`,
  `/admin/races/${race.id}/check-in`,
  `/admin/races/${race.id}/duties`,
  "/admin/audit",
  `/admin/audit?record=race:${race.id}`,
  "/admin/audit.data",
  "/admin/privacy",
  `/admin/privacy?erase=${racer.id}`,
  "/admin/sessions",
  "/admin/admins",
  "/admin/admins.data",
  "/admin/settings",
  "/admin/settings.data",
  "/admin/account",
];

const actions: [string, string, Record<string, string | number>][] = [
  [
    "create a competitor",
    "/admin/competitors",
    { intent: "save", firstName: "Eve", lastName: "Intruder", email: "eve@example.com", boatNumber: "66", boatClasses: "Open" },
  ],
  [
    "update a competitor",
    "/admin/competitors",
    {
      intent: "save",
      id: other.id,
      firstName: "Changed",
      lastName: "Name",
      email: "changed@example.com",
      boatNumber: "1",
      boatClasses: "Open",
    },
  ],
  ["delete a competitor", "/admin/competitors", { intent: "delete", id: other.id }],
  ["merge two competitors", "/admin/competitors/duplicates", { keep: racer.id, merge: other.id }],
  ["erase a racer", "/admin/privacy", { intent: "erase", competitorId: other.id }],
  [
    "enter a privacy request made on paper",
    "/admin/privacy",
    { intent: "add", kind: "access", competitorId: other.id, identifiedBy: "In person", confirmedOn: "2026-06-01" },
  ],
  ["answer a privacy request", "/admin/privacy", { intent: "refuse", requestId: 1, note: "No" }],
  [
    "create a race",
    "/admin/races",
    {
      intent: "save",
      title: "Fake Race",
      date: "2026-07-01",
      location: "Nowhere",
      description: "Should never be saved.",
      status: "upcoming",
    },
  ],
  [
    "update a race",
    "/admin/races",
    {
      intent: "save",
      id: race.id,
      title: "Renamed",
      date: "2026-07-01",
      location: "Nowhere",
      description: "Should never be saved.",
      status: "upcoming",
    },
  ],
  ["delete a race", "/admin/races", { intent: "delete", id: race.id }],
  [
    "replace results",
    "/admin/results",
    {
      raceId: race.id,
      heatNumber: 1,
      boatClass: "Open",
      competitorCount: 1,
      "rows[0].position": 1,
      "rows[0].competitorId": other.id,
    },
  ],
  [
    "create a season",
    "/admin/seasons",
    { key: "2031", name: "2031 Season", startsOn: "2031-01-01", endsOn: "2031-12-31", pointsTable: "25, 20", pointsBelow: 5 },
  ],
  ["draw heats", `/admin/races/${race.id}/heats`, { intent: "draw", boatClass: "Open", method: "random", heatSize: 6 }],
  [
    "check in a boat",
    `/admin/races/${race.id}/check-in/tap`,
    { intent: "in", competitorId: racer.id, basis: 0, key: "00000000-0000-4000-8000-000000000001" },
  ],
  ["add a duty to a race", `/admin/races/${race.id}/duties`, { intent: "add", name: "Scorer", places: 1 }],
  ["put a racer on duty", `/admin/races/${race.id}/duties`, { intent: "assign", duty: "Starter", competitorId: other.id }],
  ["change the club's default duties", "/admin/settings/duties", { "name[0]": "Scorer", "places[0]": 1 }],
  ["change the check-in window", "/admin/settings/check-in", { startTime: "07:00", opensMinutesBefore: 30 }],
  ["preview a results import", `/admin/races/${race.id}/import`, { intent: "preview", text: "Pos,Name\n1,Eve Intruder\n" }],
  [
    "confirm a results import",
    `/admin/races/${race.id}/import`,
    { intent: "confirm", draft: "00000000-0000-4000-8000-000000000000", digest: "x" },
  ],
  ["publish a notice", "/admin/news", { intent: "save", title: "Fake notice", body: "Should never be saved.", raceId: race.id }],
  ["delete a notice", "/admin/news", { intent: "delete", id: notice!.id }],
  ["end a session", "/admin/sessions", { id: "a".repeat(64) }],
  // Uploads are multipart (tests/integration/images.test.ts); the remove button is a plain form.
  ["remove the club's logo", "/admin/images?purpose=logo", { intent: "remove" }],
  ["remove a race's image", `/admin/images?purpose=race&race=${race.id}`, { intent: "remove" }],
  ["send a test e-mail", "/admin/overview", { intent: "test-email" }],
  ["invite an admin", "/admin/admins", { intent: "invite", email: "eve.admin@example.com", role: "owner" }],
  [
    "change the club's settings",
    "/admin/settings",
    {
      name: "Eve's Club",
      shortName: "EVE",
      founded: 1985,
      heroHeading: "Taken over",
      heroInvitation: "Invitation",
      welcome: "Welcome",
      vision: "Vision",
      missionQuote: "Quote",
      blurb: "Blurb",
      email: "eve@example.com",
      timeZone: "Atlantic/Bermuda",
      "social[0].label": "Eve",
      "social[0].href": "https://eve.example.com/",
    },
  ],
  ["change my e-mail", "/admin/account", { intent: "email", email: "eve@example.com", currentPassword: "any password at all" }],
  [
    "change my password",
    "/admin/account",
    {
      intent: "password",
      currentPassword: "any password",
      newPassword: "eve's long new password",
      confirmPassword: "eve's long new password",
    },
  ],
  ["log out (harmless)", "/admin/logout", {}],
];

describe.each(badSessions)("with %s", (_label, makeCookie) => {
  it.each(pages)("GET %s redirects to the login and shows no data", async (path) => {
    const response = await site.request(path, { cookie: await makeCookie() });
    const body = await response.text();
    if (path.includes(".data")) {
      // Data requests answer a redirect inside React Router's own encoding.
      expect(body).toContain("/admin/login");
    } else {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/login");
    }
    expect(body).not.toContain("private.racer@example.com");
    expect(body).not.toContain("Matrix Cup");
  });

  it.each(actions)("POST to %s changes nothing", async (_name, path, values) => {
    const before = await snapshot();
    const response = await site.request(path, { method: "POST", body: form(values), cookie: await makeCookie() });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(await snapshot()).toBe(before);
  });
});

describe("with a valid session (control)", () => {
  it("shows the pages and lets the actions change rows", async () => {
    const cookie = `admin_session=${await createSession(db, admin.id)}`;
    const page = await site.request("/admin/competitors", { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Competitor Management");
    expect(html).toContain(`${racer.firstName} ${racer.lastName}`);

    const before = await snapshot();
    const response = await site.request("/admin/competitors", {
      method: "POST",
      cookie,
      body: form({
        intent: "save",
        id: other.id,
        firstName: "Changed",
        lastName: "Name",
        email: "changed@example.com",
        boatNumber: "1",
        boatClasses: "Open",
      }),
    });
    expect(response.status).toBe(200);
    expect(await snapshot()).not.toBe(before);
  });
});

describe("bad input from a signed-in admin", () => {
  it.each([
    ["a JSON body", "/admin/competitors", "application/json", '{"intent":"delete"}'],
    ["garbage form data", "/admin/results", "multipart/form-data; boundary=x", "--x\r\nnot a part"],
    [
      "a huge competitor count",
      "/admin/results",
      "application/x-www-form-urlencoded",
      form({ raceId: race.id, heatNumber: 1, boatClass: "Open", competitorCount: 1e9 }).toString(),
    ],
    ["a non-numeric id", "/admin/races", "application/x-www-form-urlencoded", "intent=delete&id=abc"],
  ])("%s gets a 4xx, never a 500, and changes nothing", async (_label, path, type, body) => {
    const cookie = `admin_session=${await createSession(db, admin.id)}`;
    const before = await snapshot();
    const response = await site.request(path, { method: "POST", cookie, body, headers: { "Content-Type": type } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await snapshot()).toBe(before);
  });
});

// ---- Roles: the same pages and actions under each role ----

const { admin: officer } = await createAdmin(db, "matrix-officer", "correct horse battery", { role: "results_officer" });
const officerRace = await createRace(db, { title: "Officer Cup", status: "upcoming", date: "2099-06-01" });
for (let i = 0; i < 3; i++)
  await createRegistration(db, { raceId: officerRace.id, competitorId: (await createCompetitor(db)).id, boatClass: "Open" });
const throwaway = await createRace(db, { title: "Throwaway Race", status: "upcoming", date: "2099-07-01" });

const ownerOnlyPages = [
  "/admin/competitors",
  "/admin/competitors.data",
  "/admin/competitors/duplicates",
  `/admin/competitors/duplicates?keep=${racer.id}&merge=${other.id}`,
  "/admin/audit",
  "/admin/audit.data",
  "/admin/privacy",
  `/admin/privacy?erase=${racer.id}`,
  "/admin/admins",
  "/admin/admins.data",
  "/admin/settings",
  "/admin/settings.data",
];
// The download route answers a results officer 403 before it looks for the file.
ownerOnlyPages.push("/admin/backups/club-backup-2026-01-01T00-00-00-000Z.json.gz");
// So does the owner's download of a racer's data for a privacy request.
ownerOnlyPages.push("/admin/privacy/requests/1/my-data.json");
const ownerOnlyActions = actions.filter(([, path]) =>
  [
    "/admin/competitors",
    "/admin/competitors/duplicates",
    "/admin/privacy",
    "/admin/admins",
    "/admin/overview",
    "/admin/settings",
    "/admin/settings/duties",
    "/admin/settings/check-in",
    "/admin/images?purpose=logo",
  ].includes(path),
);

describe("as a results officer", () => {
  const cookie = async () => `admin_session=${await createSession(db, officer.id)}`;

  it("the role is stored, and a new admin without a role is an owner", async () => {
    const { rows } = await db.execute<{ username: string; role: string }>(
      sql`SELECT username, role FROM admins WHERE username IN ('matrix-admin', 'matrix-officer') ORDER BY username`,
    );
    expect(rows).toEqual([
      { username: "matrix-admin", role: "owner" },
      { username: "matrix-officer", role: "results_officer" },
    ]);
    await expect(db.execute(sql`UPDATE admins SET role = 'treasurer' WHERE id = ${officer.id}`)).rejects.toThrow();
  });

  it.each(ownerOnlyPages)("GET %s is a 403 that shows no competitor's details", async (path) => {
    const response = await site.request(path, { cookie: await cookie() });
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).not.toContain("private.racer@example.com");
    expect(body).not.toContain("441-555-0199");
    expect(body).not.toContain(racer.lastName);
  });

  it.each(ownerOnlyActions)("POST to %s is a 403 that changes nothing", async (_name, path, values) => {
    const before = await snapshot();
    const response = await site.request(path, { method: "POST", body: form(values), cookie: await cookie() });
    expect(response.status).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it.each([
    "/admin/overview",
    "/admin/races",
    `/admin/results?race=${race.id}`,
    `/admin/races/${race.id}/entries.csv`,
    `/admin/results.data?race=${race.id}`,
    "/admin/seasons",
    "/admin/seasons?new",
    "/admin/news",
    `/admin/news?edit=${notice!.id}`,
    `/admin/races/${race.id}/heats`,
    `/admin/races/${race.id}/import`,
    "/admin/sessions",
    "/admin/account",
  ])("GET %s works", async (path) => {
    const response = await site.request(path, { cookie: await cookie() });
    expect(response.status).toBe(200);
  });

  it("/admin lands on Races, and the navigation shows only Overview, Races, Results, Seasons and News", async () => {
    const landing = await site.request("/admin", { cookie: await cookie() });
    expect(landing.status).toBe(302);
    expect(landing.headers.get("Location")).toBe("/admin/races");
    const html = await (await site.request("/admin/races", { cookie: await cookie() })).text();
    const nav = /<nav aria-label="Admin sections"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect([...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "/admin/overview",
      "/admin/races",
      "/admin/results",
      "/admin/seasons",
      "/admin/news",
    ]);
  });

  it("signing in (password, then the code) lands on Races", async () => {
    const response = await signInResponse(site, db, "matrix-officer", "correct horse battery");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/races");
  });

  it.each<[string, string, Record<string, string | number>]>([
    [
      "create a race",
      "/admin/races",
      {
        intent: "save",
        title: "Officer Race",
        date: "2099-08-01",
        location: "Lake",
        description: "A new race.",
        status: "upcoming",
      },
    ],
    [
      "update a race",
      "/admin/races",
      {
        intent: "save",
        id: officerRace.id,
        title: "Officer Cup Renamed",
        date: "2099-06-01",
        location: "Lake",
        description: "Renamed by the results officer.",
        status: "upcoming",
      },
    ],
    ["draw heats", `/admin/races/${officerRace.id}/heats`, { intent: "draw", boatClass: "Open", method: "random", heatSize: 6 }],
    [
      "replace results",
      "/admin/results",
      {
        raceId: race.id,
        heatNumber: 1,
        boatClass: "Open",
        competitorCount: 1,
        "rows[0].position": 1,
        "rows[0].competitorId": other.id,
      },
    ],
    [
      "create a season",
      "/admin/seasons",
      { key: "2032", name: "2032 Season", startsOn: "2032-01-01", endsOn: "2032-12-31", pointsTable: "25, 20", pointsBelow: 5 },
    ],
    ["delete a race", "/admin/races", { intent: "delete", id: throwaway.id }],
    ["publish a notice", "/admin/news", { intent: "save", title: "Officer notice", body: "Heats are drawn." }],
    [
      "preview a results import",
      `/admin/races/${officerRace.id}/import`,
      { intent: "preview", text: "Pos,Name\n1,Officer Import\n" },
    ],
  ])("may %s", async (_name, path, values) => {
    const before = await snapshot();
    const response = await site.request(path, { method: "POST", body: form(values), cookie: await cookie() });
    expect(response.status).toBeLessThan(400);
    expect(await snapshot()).not.toBe(before);
  });
});

describe("as an owner", () => {
  it.each([...pages, ...ownerOnlyPages])("GET %s works", async (path) => {
    const response = await site.request(path, { cookie: `admin_session=${await createSession(db, admin.id)}` });
    // No backup directory on the test site: the owner may ask, and there is no such file.
    // Nor a privacy request 1: the owner may ask, and gets a 404.
    if (path.startsWith("/admin/backups/") || path.startsWith("/admin/privacy/requests/")) expect(response.status).toBe(404);
    else if (path === "/admin") {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/admin/competitors");
    } else expect(response.status).toBe(200);
  });
});

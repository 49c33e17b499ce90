/** "My sessions" over real HTTP (issue 23 item 6): an admin's own sessions, and ending them. */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, hashSessionId } from "~/domain/admin/auth.server";
import { useTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { form, signInResponse, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;

const { admin: me } = await createAdmin(db, "session-owner", "correct horse battery");
const { admin: other } = await createAdmin(db, "session-officer", "correct horse battery", { role: "results_officer" });
const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

const count = async (idHash: string) =>
  (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM admin_sessions WHERE id_hash = ${idHash}`)).rows[0]!.n;

describe("My sessions", () => {
  it("signing in stores the device and address; the page lists only my live sessions", async () => {
    const login = await signInResponse(site, db, "session-owner", "correct horse battery", {
      headers: { "User-Agent": PHONE_UA },
    });
    expect(login.status).toBe(302);
    const cookie = /admin_session=[^;]+/.exec(login.headers.get("Set-Cookie") ?? "")![0];
    const { rows } = await db.execute<{ user_agent: string; address: string }>(
      sql`SELECT user_agent, address FROM admin_sessions WHERE admin_id = ${me.id}`,
    );
    expect(rows).toEqual([{ user_agent: PHONE_UA, address: expect.stringMatching(/127\.0\.0\.1/) }]);

    const desk = await createSession(db, me.id, {
      userAgent: "Mozilla/5.0 (Windows NT 10.0) Firefox/133.0",
      address: "203.0.113.9",
    });
    const expired = await createSession(db, me.id, { address: "198.51.100.77" });
    await db.execute(
      sql`UPDATE admin_sessions SET last_seen_at = now() - interval '3 hours' WHERE id_hash = ${hashSessionId(expired)}`,
    );
    await createSession(db, other.id, { address: "192.0.2.55" });

    const page = await site.request("/admin/sessions", { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Chrome on Android");
    expect(html).toContain("(this device)");
    expect(html).toContain("Firefox on Windows");
    expect(html).toContain("203.0.113.9");
    expect(html).toContain(hashSessionId(desk));
    expect(html).not.toContain("198.51.100.77");
    expect(html).not.toContain("192.0.2.55");
  });

  it("ends one of my other sessions, whose cookie then no longer works", async () => {
    const cookie = `admin_session=${await createSession(db, me.id)}`;
    const lost = await createSession(db, me.id, { address: "203.0.113.10" });
    const response = await site.request("/admin/sessions", { method: "POST", cookie, body: form({ id: hashSessionId(lost) }) });
    expect(response.status).toBe(200);
    expect(await count(hashSessionId(lost))).toBe(0);
    const refused = await site.request("/admin/races", { cookie: `admin_session=${lost}` });
    expect(refused.headers.get("Location")).toBe("/admin/login");
    expect((await site.request("/admin/races", { cookie })).status).toBe(200);
  });

  it("ending this browser's own session logs out", async () => {
    const id = await createSession(db, me.id);
    const response = await site.request("/admin/sessions", {
      method: "POST",
      cookie: `admin_session=${id}`,
      body: form({ id: hashSessionId(id) }),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
    expect(response.headers.get("Set-Cookie")).toContain("Max-Age=0");
    expect(await count(hashSessionId(id))).toBe(0);
  });

  it("never ends another admin's session (404, nothing changes), and refuses a malformed id (400)", async () => {
    const cookie = `admin_session=${await createSession(db, me.id)}`;
    const theirs = await createSession(db, other.id);
    const response = await site.request("/admin/sessions", { method: "POST", cookie, body: form({ id: hashSessionId(theirs) }) });
    expect(response.status).toBe(404);
    expect(await count(hashSessionId(theirs))).toBe(1);
    const bad = await site.request("/admin/sessions", { method: "POST", cookie, body: form({ id: "' OR 1=1 --" }) });
    expect(bad.status).toBe(400);
    expect(await count(hashSessionId(theirs))).toBe(1);
  });

  it("ending a session and logging out are in the audit log, with the device and address but never the session id", async () => {
    const cookie = `admin_session=${await createSession(db, me.id)}`;
    const lost = await createSession(db, me.id, { userAgent: PHONE_UA, address: "203.0.113.99" });
    await site.request("/admin/sessions", { method: "POST", cookie, body: form({ id: hashSessionId(lost) }) });
    const logout = await site.request("/admin/logout", { method: "POST", cookie });
    expect(logout.status).toBe(302);
    const entries = (
      await db.execute<{ kind: string; admin_id: number; changes: unknown }>(
        sql`SELECT kind, admin_id, changes FROM audit_log WHERE admin_id = ${me.id} AND kind IN ('session.end', 'signout') ORDER BY id`,
      )
    ).rows;
    expect(entries.map((e) => e.kind).slice(-2)).toEqual(["session.end", "signout"]);
    const text = JSON.stringify(entries);
    expect(text).toContain("203.0.113.99");
    for (const id of [lost, hashSessionId(lost), cookie.split("=")[1]!]) expect(text).not.toContain(id);
  });

  it("a results officer has My sessions too", async () => {
    const cookie = `admin_session=${await createSession(db, other.id)}`;
    expect((await site.request("/admin/sessions", { cookie })).status).toBe(200);
  });
});

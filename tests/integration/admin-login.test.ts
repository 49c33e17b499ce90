/** Login, sessions and the login rate limit, through real HTTP and the auth domain module. */
import { parseOptions } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSessions, admins } from "~/db/schema";
import { createSession, demoCredentials, ensureStartupAdmin, sessionAdmin, upsertAdmin } from "~/domain/admin/auth.server";
import { attemptLogin, LOGIN_FAILURE_LIMIT } from "~/domain/admin/login.server";
import { useTestDatabase } from "../support/database";
import { form, startTestSite, type TestSite } from "../support/admin-http";
import { createAdmin } from "../support/factories";

const { db } = await useTestDatabase();
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

const PASSWORD = "a long admin password";

function sessionFrom(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("admin_session="));
  return cookie ? cookie.split(";")[0]!.slice("admin_session=".length) : null;
}

describe("passwords and sessions", () => {
  it("stores argon2id hashes with m=19 MiB, t=2, p=1 and refuses short passwords", async () => {
    await upsertAdmin(db, "hash-check", PASSWORD);
    const [row] = await db.select().from(admins).where(eq(admins.username, "hash-check"));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
    expect(parseOptions(row!.passwordHash)).toMatchObject({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    await expect(upsertAdmin(db, "short", "elevenchars")).rejects.toThrow(/at least 12/);
  });

  it("keeps only a sha-256 of the session id, and a new password ends the sessions", async () => {
    const { admin } = await upsertAdmin(db, "rotating", PASSWORD);
    const id = await createSession(db, admin.id);
    expect(id.length).toBeGreaterThanOrEqual(43); // 32 random bytes
    const stored = await db.select().from(adminSessions).where(eq(adminSessions.adminId, admin.id));
    expect(stored.map((s) => s.idHash)).not.toContain(id);
    expect(await sessionAdmin(db, id)).toMatchObject({ username: "rotating" });
    await upsertAdmin(db, "rotating", "another long password");
    expect(await sessionAdmin(db, id)).toBeNull();
  });
});

describe("the login page", () => {
  it("logs in, rotates the session id, hides the Admin link, and logs out", async () => {
    // Without a second factor the password alone opens a session (an owner's sign-in waits for a
    // code: tests/integration/admin-two-factor.test.ts).
    await createAdmin(db, "alice", PASSWORD, { role: "results_officer", twoFactor: false });
    const first = await site.request("/admin/login", { method: "POST", body: form({ username: "Alice", password: PASSWORD }) });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/admin/races");
    const setCookie = first.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/admin_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const oldId = sessionFrom(first)!;

    const home = await (await site.request("/", { cookie: `admin_session=${oldId}` })).text();
    expect(home).not.toContain('href="/admin/login"');
    expect(await (await site.request("/")).text()).toContain('href="/admin/login"');

    // Logging in again while holding a session replaces it.
    const second = await site.request("/admin/login", {
      method: "POST",
      cookie: `admin_session=${oldId}`,
      body: form({ username: "alice", password: PASSWORD }),
    });
    const newId = sessionFrom(second)!;
    expect(newId).not.toBe(oldId);
    expect(await sessionAdmin(db, oldId)).toBeNull();

    const out = await site.request("/admin/logout", { method: "POST", cookie: `admin_session=${newId}` });
    expect(out.headers.get("Location")).toBe("/admin/login");
    expect(out.headers.getSetCookie().join("\n")).toMatch(/admin_session=; .*Max-Age=0/);
    expect(await sessionAdmin(db, newId)).toBeNull();
    const after = await site.request("/admin/competitors", { cookie: `admin_session=${newId}` });
    expect(after.headers.get("Location")).toBe("/admin/login");
  });

  it("answers wrong credentials with SPEC's message, naming demo credentials only while the demo admin exists", async () => {
    await upsertAdmin(db, "bob", PASSWORD);
    const wrong = await site.request("/admin/login", {
      method: "POST",
      body: form({ username: "bob", password: "wrong password!" }),
    });
    expect(wrong.status).toBe(401);
    const body = await wrong.text();
    expect(body).toContain("Authentication Failed");
    expect(body).toContain("Invalid username or password.");
    expect(body).not.toContain("(Use ");

    await ensureStartupAdmin(db, { demo: true });
    // A real admin exists, so no demo admin is created.
    expect(await demoCredentials(db)).toBeNull();
  });

  it("refuses empty fields with SPEC's messages and no session", async () => {
    const response = await site.request("/admin/login", { method: "POST", body: form({ username: "", password: "" }) });
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Username is required.");
    expect(body).toContain("Password is required.");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("admin_session="))).toBe(false);
  });
});

describe("the login rate limit", () => {
  it(`refuses a username after ${LOGIN_FAILURE_LIMIT} failures, even with the right password, from any address`, async () => {
    await upsertAdmin(db, "carol", PASSWORD);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const outcome = await attemptLogin(db, {
        username: "carol",
        password: "nope",
        address: `10.0.0.${i}`,
        previousSessionId: null,
      });
      expect(outcome).toEqual({ ok: false, reason: "invalid" });
    }
    const refused = await attemptLogin(db, {
      username: "CAROL",
      password: PASSWORD,
      address: "10.0.1.1",
      previousSessionId: null,
    });
    expect(refused).toMatchObject({ ok: false, reason: "limited" });
    expect(
      await db
        .select()
        .from(adminSessions)
        .innerJoin(admins, eq(admins.id, adminSessions.adminId))
        .where(eq(admins.username, "carol")),
    ).toEqual([]);
  });

  it(`refuses an address after ${LOGIN_FAILURE_LIMIT} failures, whatever the username`, async () => {
    await upsertAdmin(db, "dave", PASSWORD);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      await attemptLogin(db, { username: `guess${i}`, password: "nope", address: "192.0.2.7", previousSessionId: null });
    }
    expect(
      await attemptLogin(db, { username: "dave", password: PASSWORD, address: "192.0.2.7", previousSessionId: null }),
    ).toMatchObject({
      ok: false,
      reason: "limited",
    });
    // The same admin from another address is still welcome.
    expect(
      await attemptLogin(db, { username: "dave", password: PASSWORD, address: "192.0.2.8", previousSessionId: null }),
    ).toMatchObject({ ok: true });
  });

  it("tells the browser clearly, with status 429", async () => {
    await db.execute(sql`DELETE FROM rate_limits`);
    await upsertAdmin(db, "erin", PASSWORD);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      const r = await site.request("/admin/login", { method: "POST", body: form({ username: "erin", password: "wrong" }) });
      expect(r.status).toBe(401);
    }
    const refused = await site.request("/admin/login", { method: "POST", body: form({ username: "erin", password: PASSWORD }) });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many failed login attempts. Please try again in 15 minutes.");
    expect(refused.headers.getSetCookie().some((c) => c.startsWith("admin_session="))).toBe(false);
    await db.execute(sql`DELETE FROM rate_limits`);
  });
});

describe("the login rate limit under a burst", () => {
  it("checks at most 5 of 60 parallel guesses, so the right one as the 46th does not log in", async () => {
    await db.execute(sql`DELETE FROM rate_limits`);
    await upsertAdmin(db, "frank", PASSWORD);
    const guesses = Array.from({ length: 60 }, (_, i) => (i === 45 ? PASSWORD : `wrong guess ${i}`));
    const responses = await Promise.all(
      guesses.map((password) => site.request("/admin/login", { method: "POST", body: form({ username: "frank", password }) })),
    );
    const statuses = responses.map((r) => r.status);
    // 401 = the password was checked and was wrong; 429 = refused without checking it.
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOGIN_FAILURE_LIMIT);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(responses[45]!.status).toBe(429);
    expect(responses.some((r) => sessionFrom(r))).toBe(false);
    const frankSessions = await db
      .select()
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(eq(admins.username, "frank"));
    expect(frankSessions).toEqual([]);

    // The right password afterwards, still in the window, is refused too.
    const later = await site.request("/admin/login", { method: "POST", body: form({ username: "frank", password: PASSWORD }) });
    expect(later.status).toBe(429);
    expect(sessionFrom(later)).toBeNull();
    await db.execute(sql`DELETE FROM rate_limits`);
  }, 60_000);

  it("takes back refused attempts and clears the counters on success", async () => {
    await db.execute(sql`DELETE FROM rate_limits`);
    await upsertAdmin(db, "grace", PASSWORD);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT - 1; i++) {
      expect(
        await attemptLogin(db, { username: "grace", password: "nope", address: "198.51.100.1", previousSessionId: null }),
      ).toEqual({
        ok: false,
        reason: "invalid",
      });
    }
    // The address is locked by another username's failures: refused, and grace's count is untouched.
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) {
      await attemptLogin(db, { username: `other${i}`, password: "nope", address: "198.51.100.2", previousSessionId: null });
    }
    expect(
      await attemptLogin(db, { username: "grace", password: "nope", address: "198.51.100.2", previousSessionId: null }),
    ).toMatchObject({
      reason: "limited",
    });
    // So grace still has her fifth check, and the right password clears her counter.
    expect(
      await attemptLogin(db, { username: "grace", password: PASSWORD, address: "198.51.100.1", previousSessionId: null }),
    ).toMatchObject({ ok: true });
    const { rows } = await db.execute<{ count: number }>(sql`SELECT count FROM rate_limits WHERE key = 'login:user:grace'`);
    expect(rows).toEqual([]);
    await db.execute(sql`DELETE FROM rate_limits`);
  });
});

describe("password spraying (issue 31 item 9)", () => {
  it("4 wrong passwords for each of 3 accounts, the attacker's own sign-in between: only 5 are checked", async () => {
    await db.execute(sql`DELETE FROM rate_limits`);
    const address = "203.0.113.99";
    await createAdmin(db, "spray-attacker", PASSWORD, { twoFactor: false });
    for (const name of ["spray-a", "spray-b", "spray-c"]) await upsertAdmin(db, name, PASSWORD);
    const guesses: string[] = [];
    for (const name of ["spray-a", "spray-b", "spray-c"]) {
      for (let i = 0; i < 4; i++) {
        const outcome = await attemptLogin(db, { username: name, password: `spring${i}`, address, previousSessionId: null });
        guesses.push(outcome.ok ? "signed in" : outcome.reason);
      }
      // The attacker's own account, signed in between the rounds, must not forgive the address its failures.
      await attemptLogin(db, { username: "spray-attacker", password: PASSWORD, address, previousSessionId: null });
    }
    // "invalid": the password was checked and was wrong; "limited": refused without checking it.
    expect(guesses.filter((g) => g === "invalid")).toHaveLength(LOGIN_FAILURE_LIMIT);
    expect(guesses.filter((g) => g === "limited")).toHaveLength(12 - LOGIN_FAILURE_LIMIT);
    await db.execute(sql`DELETE FROM rate_limits`);
  });

  it("successes are not failures: six admins signing in from one address (the lake's Wi-Fi) all get in", async () => {
    await db.execute(sql`DELETE FROM rate_limits`);
    for (let i = 0; i < LOGIN_FAILURE_LIMIT + 1; i++) {
      await createAdmin(db, `wifi-${i}`, PASSWORD, { twoFactor: false });
      expect(
        await attemptLogin(db, { username: `wifi-${i}`, password: PASSWORD, address: "192.0.2.200", previousSessionId: null }),
      ).toMatchObject({ ok: true });
    }
    await db.execute(sql`DELETE FROM rate_limits`);
  });
});

describe("the admin at start-up", () => {
  it("keeps the admin's sessions when another instance starts with the same password; a new password ends them", async () => {
    const config = { demo: false, username: "startup-admin", password: PASSWORD };
    expect((await ensureStartupAdmin(db, config)).message).toMatch(/created/);
    const login = await site.request("/admin/login", {
      method: "POST",
      body: form({ username: "startup-admin", password: PASSWORD }),
    });
    const id = sessionFrom(login)!;
    expect(id).toBeTruthy();
    const [before] = await db
      .select({ passwordHash: admins.passwordHash })
      .from(admins)
      .where(eq(admins.username, "startup-admin"));

    // A second instance starting with the same ADMIN_* (and the username's case differing).
    expect((await ensureStartupAdmin(db, { ...config, username: "Startup-Admin" })).message).toMatch(/unchanged/);
    // Still signed in (their own sessions page; the admin area waits for their e-mail and second factor).
    const page = await site.request("/admin/sessions", { cookie: `admin_session=${id}` });
    expect(page.status).toBe(200);
    const [after] = await db
      .select({ passwordHash: admins.passwordHash })
      .from(admins)
      .where(eq(admins.username, "startup-admin"));
    expect(after!.passwordHash).toBe(before!.passwordHash);

    expect((await ensureStartupAdmin(db, { ...config, password: "a brand new password" })).message).toMatch(/password changed/);
    expect(await sessionAdmin(db, id)).toBeNull();
    const refused = await site.request("/admin/competitors", { cookie: `admin_session=${id}` });
    expect(refused.headers.get("Location")).toBe("/admin/login");
  });

  it("creates a demo admin only with demo data and no real admin, and removes it once ADMIN_* is set", async () => {
    const fresh = await import("../support/database").then((m) => m.createTestDatabase());
    try {
      expect((await ensureStartupAdmin(fresh.db, { demo: false })).level).toBe("warn");
      expect(await demoCredentials(fresh.db)).toBeNull();
      await ensureStartupAdmin(fresh.db, { demo: true });
      expect(await demoCredentials(fresh.db)).toMatch(/^admin \/ /);
      await ensureStartupAdmin(fresh.db, { demo: true, username: "club-admin", password: PASSWORD });
      expect(await demoCredentials(fresh.db)).toBeNull();
      expect((await fresh.db.select().from(admins)).map((a) => a.username)).toEqual(["club-admin"]);
      await expect(ensureStartupAdmin(fresh.db, { demo: true, username: "x", password: "short" })).rejects.toThrow(/12/);
    } finally {
      await fresh.drop();
    }
  });
});

describe("two instances starting at once", () => {
  it("both create-or-update the same start-up admin without failing, leaving one admin", async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => upsertAdmin(db, "simultaneous-start", "a long start-up password")),
    );
    expect(outcomes.filter((o) => o.created).length).toBeGreaterThanOrEqual(1);
    const rows = await db
      .select({ id: admins.id })
      .from(admins)
      .where(sql`lower(${admins.username}) = 'simultaneous-start'`);
    expect(rows).toHaveLength(1);
    expect(new Set(outcomes.map((o) => o.admin.id))).toEqual(new Set([rows[0]!.id]));
  });
});

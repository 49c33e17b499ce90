/**
 * Two-factor sign-in through real HTTP and PostgreSQL: the code step (no session before the code),
 * wrong codes counted and limited, a code accepted once (also by two requests at once), recovery
 * codes single use, the pending state's expiry, turning TOTP on and off from the two-factor page,
 * an owner keeping a second factor, the shell's reset, and an audit log without secrets.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminPending, adminRecoveryCodes, admins, adminSessions, auditLog } from "~/db/schema";
import { sessionAdmin, upsertAdmin } from "~/domain/admin/auth.server";
import { writeSetting } from "~/domain/admin/club-settings.server";
import { attemptCode, SECOND_FACTOR_ATTEMPTS } from "~/domain/admin/second-factor.server";
import { consumeTotpCode, resetTwoFactor } from "~/domain/admin/two-factor.server";
import { SHELL_ACTOR } from "~/domain/platform/audit.server";
import { adminCommand } from "~/server/commands/admin";
import type { CliContext } from "~/server/commands/types";
import { totpCode } from "~/lib/admin/totp";
import { usableTotpStep } from "../support/totp-step";
import { useTestDatabase } from "../support/database";
import { cookieValue, form, reauthOverHttp, signInOverHttp, startTestSite, type TestSite } from "../support/admin-http";
import { createAdmin, TEST_TOTP_SECRET } from "../support/factories";

const { db } = await useTestDatabase();
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());
beforeEach(() => db.execute(sql`DELETE FROM rate_limits`));

const PASSWORD = "a long admin password";
let n = 0;
const uniqueName = (base: string) => `${base}-${++n}`;

async function passwordStep(username: string, password = PASSWORD) {
  const response = await site.request("/admin/login", { method: "POST", body: form({ username, password }) });
  return { response, pending: cookieValue(response, "admin_signin") };
}

function postCode(pending: string | null, code: string, cookie = "") {
  return site.request("/admin/login/code", {
    method: "POST",
    cookie: [pending ? `admin_signin=${pending}` : "", cookie].filter(Boolean).join("; "),
    body: form({ code }),
  });
}

/** A code of a step after this admin's last accepted one. */
async function freshCode(adminId: number, secret = TEST_TOTP_SECRET) {
  const [row] = await db.select({ last: admins.totpLastStep }).from(admins).where(eq(admins.id, adminId));
  const step = await usableTotpStep(row!.last);
  return totpCode(secret, step * 30);
}

async function sessionsOf(adminId: number) {
  return db.select().from(adminSessions).where(eq(adminSessions.adminId, adminId));
}

describe("the code step", () => {
  it("opens no session after the password; the right code does, and lands where the role starts", async () => {
    const username = uniqueName("owner");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const { response, pending } = await passwordStep(username);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login/code");
    expect(cookieValue(response, "admin_session")).toBeNull();
    expect(response.headers.getSetCookie().join("\n")).toMatch(
      /admin_signin=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=300/,
    );
    expect(await sessionsOf(admin.id)).toEqual([]);

    // The pending state is not a session: the admin area stays shut.
    const area = await site.request("/admin/competitors", { cookie: `admin_signin=${pending}` });
    expect(area.headers.get("Location")).toBe("/admin/login");
    const page = await site.request("/admin/login/code", { cookie: `admin_signin=${pending}` });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Enter the 6-digit code from your authenticator app.");

    const done = await postCode(pending, await freshCode(admin.id));
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/competitors");
    const session = cookieValue(done, "admin_session")!;
    expect(await sessionAdmin(db, session)).toMatchObject({ id: admin.id });
    expect(done.headers.getSetCookie().join("\n")).toMatch(/admin_signin=; .*Max-Age=0/);
    const [row] = await db.select({ last: admins.lastSignInAt }).from(admins).where(eq(admins.id, admin.id));
    expect(row!.last).not.toBeNull();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, admin.id), eq(auditLog.kind, "signin.success")));
    expect(entry!.changes).toEqual({ method: { before: null, after: "totp" } });
    // The pending state is gone: the same cookie cannot be used again.
    expect(await db.select().from(adminPending).where(eq(adminPending.adminId, admin.id))).toEqual([]);
  });

  it("rotates the session id at the code step: a session the browser held before is ended", async () => {
    const username = uniqueName("rotate");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const old = await signInOverHttp(site, db, username, PASSWORD);
    const again = await site.request("/admin/login", {
      method: "POST",
      cookie: `admin_session=${old}`,
      body: form({ username, password: PASSWORD }),
    });
    // Already signed in: the login page's action still checks, and the code step follows.
    const pending = cookieValue(again, "admin_signin");
    expect(pending).not.toBeNull();
    const done = await postCode(pending, await freshCode(admin.id), `admin_session=${old}`);
    const fresh = cookieValue(done, "admin_session")!;
    expect(fresh).not.toBe(old);
    expect(await sessionAdmin(db, old)).toBeNull();
    expect(await sessionAdmin(db, fresh)).toMatchObject({ id: admin.id });
  });

  it("without the pending cookie, the code page sends back to the password", async () => {
    const page = await site.request("/admin/login/code");
    expect(page.headers.get("Location")).toBe("/admin/login");
    const post = await postCode(null, "123456");
    expect(post.headers.get("Location")).toBe("/admin/login");
  });

  it("refuses a replay of the same code, also by two requests at once", async () => {
    const username = uniqueName("replay");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const code = await freshCode(admin.id);
    const first = await passwordStep(username);
    expect((await postCode(first.pending, code)).status).toBe(302);
    const second = await passwordStep(username);
    const replay = await postCode(second.pending, code);
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain("That code is not right (or was used already).");

    // Two submissions of one new code at the same moment: exactly one is accepted.
    const code2 = await freshCode(admin.id);
    const results = await Promise.all([consumeTotpCode(db, admin.id, code2), consumeTotpCode(db, admin.id, code2)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("counts wrong codes: after 5 the pending state is deleted and the sign-in starts again", async () => {
    const username = uniqueName("wrong");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const { pending } = await passwordStep(username);
    for (let i = 1; i < SECOND_FACTOR_ATTEMPTS; i++) {
      const r = await postCode(pending, "000000");
      expect(r.status).toBe(401);
      expect(await r.text()).toContain(
        `${SECOND_FACTOR_ATTEMPTS - i} ${SECOND_FACTOR_ATTEMPTS - i === 1 ? "try" : "tries"} left`,
      );
    }
    const last = await postCode(pending, "000000");
    expect(last.status).toBe(302);
    expect(last.headers.get("Location")).toBe("/admin/login");
    // Even the right code is too late now.
    expect((await postCode(pending, await freshCode(admin.id))).headers.get("Location")).toBe("/admin/login");
    expect(await sessionsOf(admin.id)).toEqual([]);
    const wrong = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.adminId, admin.id), eq(auditLog.kind, "signin.wrong-code")));
    expect(wrong).toHaveLength(SECOND_FACTOR_ATTEMPTS);
  });

  it("limits wrong codes per admin across new sign-ins (a right password does not forgive them)", async () => {
    const username = uniqueName("limited");
    const { admin } = await createAdmin(db, username, PASSWORD);
    for (let round = 0; round < 5; round++) {
      const { pending } = await passwordStep(username);
      await postCode(pending, "111111");
    }
    const { pending } = await passwordStep(username);
    const refused = await postCode(pending, await freshCode(admin.id));
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many failed login attempts.");
    expect(await sessionsOf(admin.id)).toEqual([]);
  });

  it("expires the pending state after 5 minutes", async () => {
    const username = uniqueName("slow");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const { pending } = await passwordStep(username);
    await db
      .update(adminPending)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(adminPending.adminId, admin.id));
    const late = await postCode(pending, await freshCode(admin.id));
    expect(late.headers.get("Location")).toBe("/admin/login");
    expect(await sessionsOf(admin.id)).toEqual([]);
  });

  it("a password alone still signs in an account without a second factor, and sends it to set one up", async () => {
    const username = uniqueName("nofactor");
    const { admin } = await createAdmin(db, username, PASSWORD, { twoFactor: false });
    const { response } = await passwordStep(username);
    expect(response.headers.get("Location")).toBe("/admin/account/two-factor");
    const session = cookieValue(response, "admin_session")!;
    const page = await site.request("/admin/account/two-factor", { cookie: `admin_session=${session}` });
    expect(await page.text()).toContain("Owners must sign in with two factors. Set it up to continue.");
    const [row] = await db.select({ last: admins.lastSignInAt }).from(admins).where(eq(admins.id, admin.id));
    expect(row!.last).not.toBeNull();
  });
});

describe("recovery codes and the two-factor page", () => {
  it("turns TOTP on from the page, shows ten codes once, each signs in once, and the log holds no secret", async () => {
    const username = uniqueName("setup");
    const { admin } = await createAdmin(db, username, PASSWORD, { twoFactor: false });
    const session = await signInOverHttp(site, db, username, PASSWORD);
    const cookie = `admin_session=${session}`;
    await reauthOverHttp(site, cookie, PASSWORD);

    const started = await site.request("/admin/account/two-factor", {
      method: "POST",
      cookie,
      body: form({ intent: "totp-start" }),
    });
    const html = await started.text();
    expect(html).toContain("QR code for your authenticator app");
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(html)![1]!.replace(/ /g, "");
    const setupId = /name="setupId" value="([A-Za-z0-9_-]{43})"/.exec(html)![1]!;

    const wrong = await site.request("/admin/account/two-factor", {
      method: "POST",
      cookie,
      body: form({ intent: "totp-confirm", setupId, code: "000000" }),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("QR code for your authenticator app");

    const on = await site.request("/admin/account/two-factor", {
      method: "POST",
      cookie,
      body: form({ intent: "totp-confirm", setupId, code: totpCode(secret) }),
    });
    expect(on.status).toBe(200);
    const codes = [...(await on.text()).matchAll(/<li>([A-Z2-7]{5}-[A-Z2-7]{5})<\/li>/g)].map((m) => m[1]!);
    expect(codes).toHaveLength(10);
    const stored = await db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, admin.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.codeHash).join()).not.toContain(codes[0]!.replace("-", ""));
    // Shown once: the page afterwards only counts them.
    const later = await (await site.request("/admin/account/two-factor", { cookie })).text();
    expect(later).toContain("10 unused recovery codes");
    expect(later).not.toContain(codes[0]!);

    // A recovery code signs in once, and says how many are left.
    const first = await passwordStep(username);
    const used = await postCode(first.pending, codes[3]!.toLowerCase());
    expect(used.status).toBe(302);
    expect(cookieValue(used, "admin_session")).not.toBeNull();
    const again = await passwordStep(username);
    expect((await postCode(again.pending, codes[3]!)).status).toBe(401);
    const kinds = await db.select().from(auditLog).where(eq(auditLog.adminId, admin.id));
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(["two-factor.enable", "signin.recovery-code", "signin.wrong-code"]),
    );
    const [recovery] = kinds.filter((k) => k.kind === "signin.recovery-code");
    expect(recovery!.changes).toEqual({ codesLeft: { before: 10, after: 9 } });

    // Nothing secret reached the log: no TOTP secret, no recovery code, no code typed.
    const everything = JSON.stringify(await db.select().from(auditLog));
    expect(everything).not.toContain(secret);
    for (const code of codes) expect(everything).not.toContain(code.replace("-", ""));
  });

  it("an owner cannot turn off their last second factor; a results officer can", async () => {
    const owner = uniqueName("keeper");
    const { admin } = await createAdmin(db, owner, PASSWORD);
    const cookie = `admin_session=${await signInOverHttp(site, db, owner, PASSWORD)}`;
    await reauthOverHttp(site, cookie, PASSWORD);
    const refused = await site.request("/admin/account/two-factor", {
      method: "POST",
      cookie,
      body: form({ intent: "totp-disable", code: await freshCode(admin.id) }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("add a passkey first");
    const [still] = await db.select({ on: admins.totpEnabledAt }).from(admins).where(eq(admins.id, admin.id));
    expect(still!.on).not.toBeNull();

    const officerName = uniqueName("officer");
    const officer = await createAdmin(db, officerName, PASSWORD, { role: "results_officer" });
    const officerCookie = `admin_session=${await signInOverHttp(site, db, officerName, PASSWORD)}`;
    await reauthOverHttp(site, officerCookie, PASSWORD);
    const off = await site.request("/admin/account/two-factor", {
      method: "POST",
      cookie: officerCookie,
      body: form({ intent: "totp-disable", code: await freshCode(officer.admin.id) }),
    });
    expect(off.status).toBe(200);
    const [gone] = await db.select({ on: admins.totpEnabledAt }).from(admins).where(eq(admins.id, officer.admin.id));
    expect(gone!.on).toBeNull();

    // When the club requires two factors, a results officer is held to it too.
    await writeSetting(db, "security.require_two_factor", true);
    try {
      const page = await site.request("/admin/races", { cookie: officerCookie });
      expect(page.headers.get("Location")).toBe("/admin/account/two-factor");
    } finally {
      await writeSetting(db, "security.require_two_factor", false);
    }
  });

  it("the shell's reset turns everything off and ends the sessions, logged as the shell", async () => {
    const username = uniqueName("lost-phone");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const session = await signInOverHttp(site, db, username, PASSWORD);
    await resetTwoFactor(db, admin.id, SHELL_ACTOR);
    expect(await sessionAdmin(db, session)).toBeNull();
    const [row] = await db.select().from(admins).where(eq(admins.id, admin.id));
    expect(row!.totpEnabledAt).toBeNull();
    expect(row!.totpSecret).toBeNull();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(admin.id)), eq(auditLog.kind, "two-factor.reset")));
    expect(entry!.adminUsername).toBe("(shell)");
    // The password alone now signs in, straight to setting two-factor up again.
    expect((await passwordStep(username)).response.headers.get("Location")).toBe("/admin/account/two-factor");
  });

  it("npm run admin -- <username> --reset-two-factor runs the reset; a wrong flag or name changes nothing", async () => {
    const username = uniqueName("cli-reset");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const lines: string[] = [];
    const run = (args: string[]) =>
      adminCommand({ db, env: {} as CliContext["env"], args, print: (line) => lines.push(line) }, () => {
        throw new Error("no password is asked for a reset");
      });
    expect(await run([username, "--reset-2fa"])).toBe(2);
    expect(await run(["nobody-is-called-this", "--reset-two-factor"])).toBe(1);
    const [before] = await db.select({ on: admins.totpEnabledAt }).from(admins).where(eq(admins.id, admin.id));
    expect(before!.on).not.toBeNull();
    expect(await run([username, "--reset-two-factor"])).toBe(0);
    expect(lines.at(-1)).toContain("was reset");
    const [after] = await db.select({ on: admins.totpEnabledAt }).from(admins).where(eq(admins.id, admin.id));
    expect(after!.on).toBeNull();
  });

  it("the demo admin cannot turn two-factor on", async () => {
    const { admin } = await upsertAdmin(db, uniqueName("demo"), PASSWORD, { isDemo: true });
    const session = await signInOverHttp(site, db, admin.username, PASSWORD);
    const refused = await site.request("/admin/account/two-factor", {
      method: "POST",
      cookie: `admin_session=${session}`,
      body: form({ intent: "totp-start" }),
    });
    expect(refused.status).toBe(403);
  });
});

describe("the domain's code check", () => {
  it("refuses a code for an unknown pending id without counting anything", async () => {
    expect(
      await attemptCode(db, { pendingId: "x".repeat(43), code: "123456", address: "192.0.2.50", previousSessionId: null }),
    ).toEqual({ ok: false, reason: "expired" });
  });
});

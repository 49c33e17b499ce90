/**
 * Issue 31 items 2, 3 and 18 through real HTTP and PostgreSQL: a stolen session cookie alone
 * changes no sign-in factor (set up an app, remove it, new recovery codes, remove a passkey, add
 * one, change the e-mail); a re-authentication (password or code) opens those changes for 10
 * minutes; codes typed on the two-factor page are limited by the sign-in's own code counter, also
 * under a parallel burst; TOTP secrets are sealed in the database and in backups, and plain
 * secrets from before are sealed at start.
 */
import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminPasskeys, adminPending, adminRecoveryCodes, admins, adminSessions, auditLog } from "~/db/schema";
import { createBackup, encodeBackup } from "~/domain/admin/backup.server";
import { consumeTotpCode } from "~/domain/admin/two-factor.server";
import { sealStoredTotpSecrets, useTotpKey } from "~/domain/admin/totp-secret.server";
import { totpCode } from "~/lib/admin/totp";
import { usableTotpStep } from "../support/totp-step";
import { useTestDatabase } from "../support/database";
import { cookieValue, form, reauthOverHttp, signInOverHttp, startTestSite, type TestSite } from "../support/admin-http";
import { createAdmin, TEST_TOTP_SECRET } from "../support/factories";
import { TEST_TOTP_KEY } from "../support/totp-key";

const { db, pool } = await useTestDatabase();
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());
beforeEach(() => db.execute(sql`DELETE FROM rate_limits`));

const PASSWORD = "a long admin password";
let n = 0;
const uniqueName = (base: string) => `${base}-${++n}`;

async function freshCode(adminId: number, secret = TEST_TOTP_SECRET) {
  const [row] = await db.select({ last: admins.totpLastStep }).from(admins).where(eq(admins.id, adminId));
  return totpCode(secret, (await usableTotpStep(row!.last)) * 30);
}

const post = (cookie: string, values: Record<string, string | number>, path = "/admin/account/two-factor") =>
  site.request(path, { method: "POST", cookie, body: form(values) });

async function stateOf(adminId: number) {
  const [row] = await db.select().from(admins).where(eq(admins.id, adminId));
  const codes = await db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  const keys = await db.select().from(adminPasskeys).where(eq(adminPasskeys.adminId, adminId));
  return { secret: row!.totpSecret, on: row!.totpEnabledAt, email: row!.email, codes: codes.map((c) => c.codeHash).sort(), keys };
}

const b64 = (bytes: number) => randomBytes(bytes).toString("base64url");

describe("a stolen session cookie alone", () => {
  it("changes no factor, makes no recovery codes and changes no address; a re-authentication 11 minutes old neither", async () => {
    const username = uniqueName("victim");
    const { admin } = await createAdmin(db, username, PASSWORD, { role: "results_officer", email: `${username}@example.org` });
    await db.insert(adminPasskeys).values({ adminId: admin.id, credentialId: b64(32), publicKey: b64(77), name: "Phone" });
    const cookie = `admin_session=${await signInOverHttp(site, db, username, PASSWORD)}`;
    const before = await stateOf(admin.id);

    const attempts = async () => {
      const start = await post(cookie, { intent: "totp-start" });
      expect(start.status).toBe(403);
      expect(await start.text()).toContain("Confirm it&#x27;s you first");
      expect(await db.select().from(adminPending).where(eq(adminPending.adminId, admin.id))).toEqual([]);
      // Even with a right code (the attacker shoulder-surfed one): the session must prove it is them first.
      expect((await post(cookie, { intent: "recovery-regenerate", code: await freshCode(admin.id) })).status).toBe(403);
      expect((await post(cookie, { intent: "totp-disable", code: await freshCode(admin.id) })).status).toBe(403);
      expect((await post(cookie, { intent: "passkey-remove", id: before.keys[0]!.id })).status).toBe(403);
      expect((await post(cookie, {}, "/admin/account/passkey-options")).status).toBe(400);
      expect((await post(cookie, { purpose: "add" }, "/admin/account/passkey-options")).status).toBe(400);
      const email = await post(cookie, { intent: "email", email: "attacker@example.net", currentPassword: "" }, "/admin/account");
      expect(email.status).toBe(400);
      expect(await stateOf(admin.id)).toEqual(before);
    };
    await attempts();

    // The page asks first, and shows no control that would change a factor.
    const page = await (await site.request("/admin/account/two-factor", { cookie })).text();
    expect(page).toContain("Confirm it&#x27;s you");
    expect(page).not.toContain("Remove the authenticator app");
    expect(page).not.toContain("Make new recovery codes");

    // A re-authentication counts for 10 minutes only.
    await reauthOverHttp(site, cookie, PASSWORD);
    await db.execute(sql`UPDATE admin_sessions SET reauth_at = now() - interval '11 minutes' WHERE admin_id = ${admin.id}`);
    await attempts();
  }, 180_000);

  it("a wrong password or code does not re-authenticate; a right code does, and only this session", async () => {
    const username = uniqueName("reauth");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const cookie = `admin_session=${await signInOverHttp(site, db, username, PASSWORD)}`;
    const other = `admin_session=${await signInOverHttp(site, db, username, PASSWORD)}`;
    expect((await post(cookie, { intent: "reauth-password", currentPassword: "not the password" })).status).toBe(400);
    expect((await post(cookie, { intent: "reauth-code", code: "000000" })).status).toBe(400);
    expect((await post(cookie, { intent: "recovery-regenerate", code: await freshCode(admin.id) })).status).toBe(403);

    expect((await post(cookie, { intent: "reauth-code", code: await freshCode(admin.id) })).status).toBe(200);
    const regenerated = await post(cookie, { intent: "recovery-regenerate", code: await freshCode(admin.id) });
    expect(regenerated.status).toBe(200);
    expect([...(await regenerated.text()).matchAll(/<li>([A-Z2-7]{5}-[A-Z2-7]{5})<\/li>/g)]).toHaveLength(10);
    // The other session of the same admin did not prove anything.
    expect((await post(other, { intent: "totp-start" })).status).toBe(403);
    const kinds = (await db.select().from(auditLog).where(eq(auditLog.adminId, admin.id))).map((e) => e.kind);
    expect(kinds.filter((k) => k === "account.reauth-wrong")).toHaveLength(2);
    expect(kinds).toContain("account.reauth");
    const sessions = await db.select().from(adminSessions).where(eq(adminSessions.adminId, admin.id));
    expect(sessions.filter((s) => s.reauthAt !== null)).toHaveLength(1);
  }, 180_000);
});

describe("codes on the two-factor page", () => {
  it("a parallel burst of wrong codes gets 5 answers, then 429 even for the right code, and the sign-in's code step is limited too", async () => {
    const username = uniqueName("burst");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const cookie = `admin_session=${await signInOverHttp(site, db, username, PASSWORD)}`;
    await reauthOverHttp(site, cookie, PASSWORD);
    const before = await stateOf(admin.id);

    const wrong = Array.from({ length: 60 }, (_, i) => String(100000 + i * 7));
    const answers = await Promise.all(wrong.map((code) => post(cookie, { intent: "recovery-regenerate", code })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(55);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);

    const right = await post(cookie, { intent: "recovery-regenerate", code: await freshCode(admin.id) });
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many wrong codes");
    expect((await post(cookie, { intent: "totp-disable", code: await freshCode(admin.id) })).status).toBe(429);
    expect((await post(cookie, { intent: "reauth-code", code: await freshCode(admin.id) })).status).toBe(429);
    expect(await stateOf(admin.id)).toEqual(before);

    // One counter: the login's code step is refused for this admin now, even with the right code.
    const first = await site.request("/admin/login", { method: "POST", body: form({ username, password: PASSWORD }) });
    const pending = cookieValue(first, "admin_signin");
    const signIn = await site.request("/admin/login/code", {
      method: "POST",
      cookie: `admin_signin=${pending}`,
      body: form({ code: await freshCode(admin.id) }),
    });
    expect(signIn.status).toBe(429);
  }, 180_000);

  it("wrong codes at the sign-in count against the two-factor page's codes", async () => {
    const username = uniqueName("shared");
    const { admin } = await createAdmin(db, username, PASSWORD);
    const cookie = `admin_session=${await signInOverHttp(site, db, username, PASSWORD)}`;
    await reauthOverHttp(site, cookie, PASSWORD);
    await db.execute(sql`DELETE FROM rate_limits`);
    for (let i = 0; i < 5; i++) {
      const first = await site.request("/admin/login", { method: "POST", body: form({ username, password: PASSWORD }) });
      await site.request("/admin/login/code", {
        method: "POST",
        cookie: `admin_signin=${cookieValue(first, "admin_signin")}`,
        body: form({ code: "111111" }),
      });
    }
    expect((await post(cookie, { intent: "recovery-regenerate", code: await freshCode(admin.id) })).status).toBe(429);
  }, 180_000);
});

describe("TOTP secrets at rest", () => {
  it("a secret set up on the page is sealed in its row and absent from a backup file; codes still work", async () => {
    const username = uniqueName("sealed");
    const { admin } = await createAdmin(db, username, PASSWORD, { twoFactor: false });
    // A passkey of another admin whose id equals its admin's id once made every admin look two-factor.
    expect(admin.twoFactor).toBe(false);
    const cookie = `admin_session=${await signInOverHttp(site, db, username, PASSWORD)}`;
    await reauthOverHttp(site, cookie, PASSWORD);
    const html = await (await post(cookie, { intent: "totp-start" })).text();
    const secret = /data-testid="totp-secret">([A-Z2-7 ]+)</.exec(html)![1]!.replace(/ /g, "");
    const setupId = /name="setupId" value="([A-Za-z0-9_-]{43})"/.exec(html)![1]!;
    const [pending] = await db.select().from(adminPending).where(eq(adminPending.adminId, admin.id));
    expect(pending!.secret).toMatch(/^v1:/);
    expect((await post(cookie, { intent: "totp-confirm", setupId, code: totpCode(secret) })).status).toBe(200);

    const [row] = await db.select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, admin.id));
    expect(row!.secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(row!.secret).not.toContain(secret);
    const backup = gunzipSync(encodeBackup(await createBackup(pool))).toString("utf8");
    expect(backup).toContain(row!.secret!);
    expect(backup).not.toContain(secret);
    expect(await consumeTotpCode(db, admin.id, await freshCode(admin.id, secret))).toBe(true);
  }, 180_000);

  it("plain secrets from before are sealed at start and keep working; a wrong key stops the start with a clear message", async () => {
    const username = uniqueName("legacy");
    const { admin } = await createAdmin(db, username, PASSWORD); // the factory writes a plain secret, as rows before 0025 hold
    const [plain] = await db.select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, admin.id));
    expect(plain!.secret).toBe(TEST_TOTP_SECRET);

    expect((await sealStoredTotpSecrets(db)).sealed).toBeGreaterThanOrEqual(1);
    const [sealed] = await db.select({ secret: admins.totpSecret }).from(admins).where(eq(admins.id, admin.id));
    expect(sealed!.secret).toMatch(/^v1:/);
    expect(sealed!.secret).not.toContain(TEST_TOTP_SECRET);
    expect((await sealStoredTotpSecrets(db)).sealed).toBe(0);
    expect(await consumeTotpCode(db, admin.id, await freshCode(admin.id))).toBe(true);

    // A sealed secret copied into another admin's row does not open there.
    const other = await createAdmin(db, uniqueName("copy"), PASSWORD);
    await db.update(admins).set({ totpSecret: sealed!.secret }).where(eq(admins.id, other.admin.id));
    await expect(sealStoredTotpSecrets(db)).rejects.toThrow(/TOTP_ENCRYPTION_KEY/);
    await db.update(admins).set({ totpSecret: TEST_TOTP_SECRET }).where(eq(admins.id, other.admin.id));

    useTotpKey(randomBytes(32));
    try {
      await expect(sealStoredTotpSecrets(db)).rejects.toThrow(/TOTP_ENCRYPTION_KEY is not the key/);
    } finally {
      useTotpKey(TEST_TOTP_KEY);
    }
    // The refused start changed nothing: the right key still opens every secret.
    expect(await consumeTotpCode(db, admin.id, await freshCode(admin.id))).toBe(true);
  });
});

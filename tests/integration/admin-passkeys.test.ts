/**
 * Passkeys in the database: a credential of a real size is stored (migration 0020's CHECKs use
 * length() since PostgreSQL regular expressions allow no repeat count above 255), ids and keys outside base64url are refused, and an owner
 * cannot remove the passkey that is their last second factor. The WebAuthn ceremony itself runs in
 * Chromium's virtual authenticator (tests/e2e/admin-two-factor.spec.ts).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { adminPasskeys, admins, adminSessions, auditLog } from "~/db/schema";
import { adminById } from "~/domain/admin/auth.server";
import { attemptLogin } from "~/domain/admin/login.server";
import { removePasskey, signInWithPasskey } from "~/domain/admin/passkeys.server";
import { pendingSignIn } from "~/domain/admin/second-factor.server";
import { useTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { form, signInOverHttp, startTestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
const PASSWORD = "a long admin password";
const b64 = (n: number) => randomBytes(n).toString("base64url");

describe("stored passkeys", () => {
  it("stores a credential of a real size and refuses one that is not base64url", async () => {
    const { admin } = await createAdmin(db, "pk-store", PASSWORD);
    const [row] = await db
      .insert(adminPasskeys)
      .values({ adminId: admin.id, credentialId: b64(64), publicKey: b64(77), name: "Phone" })
      .returning();
    expect(row!.name).toBe("Phone");
    await expect(
      db.insert(adminPasskeys).values({ adminId: admin.id, credentialId: "not base64url!!!!!", publicKey: b64(77) }),
    ).rejects.toThrow();
    await expect(
      db.insert(adminPasskeys).values({ adminId: admin.id, credentialId: b64(8), publicKey: b64(77) }),
    ).rejects.toThrow();
  });

  it("an owner cannot remove the passkey that is their last second factor", async () => {
    const { admin } = await createAdmin(db, "pk-last", PASSWORD, { twoFactor: false });
    const [key] = await db
      .insert(adminPasskeys)
      .values({ adminId: admin.id, credentialId: b64(32), publicKey: b64(77), name: "Only key" })
      .returning();
    const actor = { adminId: admin.id, username: admin.username, address: "192.0.2.1" };
    expect(await removePasskey(db, actor, "owner", key!.id)).toEqual({ ok: false, reason: "required" });
    // With TOTP on as well, the passkey may go.
    await db
      .update(admins)
      .set({ totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", totpEnabledAt: new Date() })
      .where(eq(admins.id, admin.id));
    expect(await removePasskey(db, actor, "owner", key!.id)).toEqual({ ok: true, name: "Only key" });
    expect(await removePasskey(db, actor, "owner", key!.id)).toEqual({ ok: false, reason: "gone" });
    const kinds = (await db.select().from(auditLog).where(eq(auditLog.adminId, admin.id))).map((e) => e.kind);
    expect(kinds).toContain("passkey.remove");
  });

  it("a made-up passkey answer signs nobody in and is logged as a wrong passkey", async () => {
    const outcome = await signInWithPasskey(
      db,
      { siteUrl: "http://localhost", clubName: "Test Club" },
      JSON.stringify({ id: b64(32) }),
      {
        address: "192.0.2.9",
        userAgent: "",
        previousSessionId: null,
      },
    );
    expect(outcome).toEqual({ ok: false, reason: "invalid" });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.kind, "signin.wrong-passkey"));
    expect(entry).toMatchObject({ adminId: null, address: "192.0.2.9" });
  });

  it("a passkey counts as a second factor whatever its row's id: the password step then asks for it (issue 31 item 15)", async () => {
    // Another admin's passkeys first, so no passkey's id happens to equal its admin's id.
    const { admin: other } = await createAdmin(db, "pk-other", PASSWORD);
    for (let i = 0; i < 3; i++) {
      await db.insert(adminPasskeys).values({ adminId: other.id, credentialId: b64(32), publicKey: b64(77), name: `Key ${i}` });
    }
    const { admin } = await createAdmin(db, "pk-count", PASSWORD, { role: "results_officer", twoFactor: false });
    const login = () =>
      attemptLogin(db, { username: "pk-count", password: PASSWORD, address: "192.0.2.40", previousSessionId: null });
    // No second factor yet: the password alone signs in.
    expect(await login()).toMatchObject({ ok: true, sessionId: expect.any(String) });
    await db.insert(adminPasskeys).values({ adminId: admin.id, credentialId: b64(32), publicKey: b64(77), name: "Phone" });
    const second = await login();
    expect(second).toMatchObject({ ok: true, secondFactor: { pendingId: expect.any(String) } });
    expect(second).not.toHaveProperty("sessionId", expect.any(String));
    const pending = await pendingSignIn(db, (second as { secondFactor: { pendingId: string } }).secondFactor.pendingId);
    expect(pending).toMatchObject({ totpOn: false, hasPasskeys: true });
    expect((await adminById(db, admin.id))!.twoFactor).toBe(true);
    // And an admin with the app only is not offered a passkey they do not have.
    const { admin: appOnly } = await createAdmin(db, "pk-app-only", PASSWORD);
    const appStep = await attemptLogin(db, {
      username: "pk-app-only",
      password: PASSWORD,
      address: "192.0.2.42",
      previousSessionId: null,
    });
    expect(await pendingSignIn(db, (appStep as { secondFactor: { pendingId: string } }).secondFactor.pendingId)).toMatchObject({
      admin: { id: appOnly.id },
      totpOn: true,
      hasPasskeys: false,
    });
  });

  it("a password alone does not sign in an admin whose only second factor is a passkey: the next step asks for it", async () => {
    const { admin } = await createAdmin(db, "pk-officer", PASSWORD, { role: "results_officer", twoFactor: false });
    await db.insert(adminPasskeys).values({ adminId: admin.id, credentialId: b64(32), publicKey: b64(77), name: "Phone" });
    const site = await startTestSite(db);
    try {
      const password = await site.request("/admin/login", {
        method: "POST",
        body: form({ username: "pk-officer", password: PASSWORD }),
      });
      expect(password.status).toBe(302);
      expect(password.headers.get("Location")).toBe("/admin/login/code");
      const cookies = password.headers.getSetCookie();
      expect(cookies.some((c) => c.startsWith("admin_session="))).toBe(false);
      const pending = cookies.find((c) => c.startsWith("admin_signin="))!.split(";")[0]!;
      const step = await site.request("/admin/login/code", { cookie: pending });
      expect(step.status).toBe(200);
      const html = await step.text();
      expect(html).toContain("Your account signs in with a passkey");
      // The passkey button itself is drawn once the page runs its script (WebAuthn is a browser API).
      expect(html).toContain("Signing in with a passkey needs JavaScript.");
      expect(await db.select().from(adminSessions).where(eq(adminSessions.adminId, admin.id))).toEqual([]);
    } finally {
      await site.close();
    }
  }, 60_000);

  it("adding or removing a passkey needs the current password: wrong or none changes nothing", async () => {
    const { admin } = await createAdmin(db, "pk-reauth", PASSWORD);
    const site = await startTestSite(db);
    try {
      const cookie = `admin_session=${await signInOverHttp(site, db, "pk-reauth", PASSWORD)}`;
      for (const body of [form({}), form({ currentPassword: "not the password" })]) {
        const options = await site.request("/admin/account/passkey-options", { method: "POST", cookie, body });
        expect(options.status).toBe(400);
        expect(await options.json()).toHaveProperty("error");
      }
      const ok = await site.request("/admin/account/passkey-options", {
        method: "POST",
        cookie,
        body: form({ currentPassword: PASSWORD }),
      });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toHaveProperty("challenge");

      const [key] = await db
        .insert(adminPasskeys)
        .values({ adminId: admin.id, credentialId: b64(32), publicKey: b64(77), name: "Spare key" })
        .returning();
      const remove = (currentPassword: string) =>
        site.request("/admin/account/two-factor", {
          method: "POST",
          cookie,
          body: form({ intent: "passkey-remove", id: key!.id, currentPassword }),
        });
      expect((await remove("not the password")).status).toBe(400);
      expect(await db.select().from(adminPasskeys).where(eq(adminPasskeys.id, key!.id))).toHaveLength(1);
      expect((await remove(PASSWORD)).status).toBe(200);
      expect(await db.select().from(adminPasskeys).where(eq(adminPasskeys.id, key!.id))).toHaveLength(0);
    } finally {
      await site.close();
    }
    // Seven password checks (argon2id, deliberately slow): on a loaded CI machine they took 30 s.
  }, 60_000);
});

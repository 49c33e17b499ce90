/**
 * "My account" over real HTTP (issue 23 item 3): the page, the e-mail address (valid, unique
 * case-insensitively, asked for when missing), the password change (current password required,
 * the password rule, other sessions ended, this one kept), the audit log without secrets.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { admins } from "~/db/schema";
import { checkCredentials, createSession, hashSessionId, upsertAdmin } from "~/domain/admin/auth.server";
import { CURRENT_PASSWORD_LIMIT } from "~/domain/admin/account.server";
import { ACCOUNT_MESSAGES } from "~/lib/admin/account-schemas";
import { PASSWORD_MESSAGES } from "~/lib/admin/password-rules";
import { useTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;

const PASSWORD = "correct horse battery";
const NEW = "a brand new lake password";

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());
beforeEach(async () => {
  await db.execute(sql`DELETE FROM rate_limits`);
});

let n = 0;
async function signedIn(options: { role?: "owner" | "results_officer"; email?: string } = {}) {
  n++;
  const { admin } = await createAdmin(db, `account-${n}`, PASSWORD, { email: `account.${n}@example.org`, ...options });
  const id = await createSession(db, admin.id);
  return { admin, id, cookie: `admin_session=${id}` };
}

const post = (cookie: string, fields: Record<string, string>) =>
  site.request("/admin/account", { method: "POST", cookie, body: form(fields) });

const emailOf = async (id: number) => (await db.select({ email: admins.email }).from(admins).where(eq(admins.id, id)))[0]!.email;
const live = async (id: string) =>
  (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM admin_sessions WHERE id_hash = ${hashSessionId(id)}`))
    .rows[0]!.n === 1;

describe("the page", () => {
  it("shows the username, role, address and links to two-factor sign-in and My sessions; the header links here", async () => {
    const { admin, cookie } = await signedIn({ role: "results_officer" });
    const response = await site.request("/admin/account", { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(admin.username);
    expect(html).toContain("Results officer");
    expect(html).toContain(admin.email!);
    expect(html).toContain('href="/admin/account/two-factor"');
    expect(html).toContain('href="/admin/sessions"');
    expect(await (await site.request("/admin/races", { cookie })).text()).toContain('href="/admin/account"');
  });

  it("is where an account without an e-mail lands, and says why the address matters", async () => {
    const { admin } = await upsertAdmin(db, "no-address-yet", PASSWORD, { role: "results_officer" });
    const cookie = `admin_session=${await createSession(db, admin.id)}`;
    const races = await site.request("/admin/races", { cookie });
    expect(races.status).toBe(302);
    expect(races.headers.get("Location")).toBe("/admin/account");
    const html = await (await site.request("/admin/account", { cookie })).text();
    expect(html).toContain(ACCOUNT_MESSAGES.addEmail);

    const saved = await post(cookie, { intent: "email", email: "first.address@example.org", currentPassword: PASSWORD });
    expect(saved.status).toBe(200);
    expect(await emailOf(admin.id)).toBe("first.address@example.org");
    expect((await site.request("/admin/races", { cookie })).status).toBe(200);
  });

  it("needs a session", async () => {
    const response = await site.request("/admin/account");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
  });
});

describe("the e-mail address", () => {
  it("changes it with the current password, audits before and after, and tells the old address", async () => {
    const { admin, cookie } = await signedIn();
    const before = admin.email!;
    const response = await post(cookie, { intent: "email", email: "new.home@example.org", currentPassword: PASSWORD });
    expect(response.status).toBe(200);
    expect(await emailOf(admin.id)).toBe("new.home@example.org");
    const { rows } = await db.execute<{ changes: unknown; admin_id: number; row: string }>(
      sql`SELECT changes, admin_id, a::text AS row FROM audit_log a WHERE kind = 'account.email' AND record_id = ${String(admin.id)}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.changes).toEqual({ email: { before, after: "new.home@example.org" } });
    expect(rows[0]!.admin_id).toBe(admin.id);
    expect(rows[0]!.row).not.toContain(PASSWORD);
    const notices = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = ${before} AND kind = 'admin-account-notice'`,
    );
    expect(notices.rows[0]!.n).toBe(1);
  });

  it("refuses an address another admin uses, in any capitals (409, nothing changed)", async () => {
    const { admin, cookie } = await signedIn();
    await signedIn({ email: "Taken.Address@Example.org" });
    const response = await post(cookie, { intent: "email", email: "taken.address@example.ORG", currentPassword: PASSWORD });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(ACCOUNT_MESSAGES.emailTaken);
    expect(await emailOf(admin.id)).toBe(admin.email);
  });

  it("refuses a malformed address, and the wrong current password, changing nothing", async () => {
    const { admin, cookie } = await signedIn();
    const bad = await post(cookie, { intent: "email", email: "not-an-address", currentPassword: PASSWORD });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(ACCOUNT_MESSAGES.email);
    const wrong = await post(cookie, { intent: "email", email: "fine@example.org", currentPassword: "not my password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain(ACCOUNT_MESSAGES.wrongPassword);
    expect(await emailOf(admin.id)).toBe(admin.email);
  });
});

describe("the password change", () => {
  it("refuses a wrong current password and changes nothing", async () => {
    const { admin, cookie, id } = await signedIn();
    const other = await createSession(db, admin.id);
    const response = await post(cookie, {
      intent: "password",
      currentPassword: "not my password",
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(ACCOUNT_MESSAGES.wrongPassword);
    expect(html).not.toContain(NEW);
    expect((await checkCredentials(db, admin.username, PASSWORD)).ok).toBe(true);
    expect(await live(id)).toBe(true);
    expect(await live(other)).toBe(true);
    const audit = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE kind = 'account.password-change' AND record_id = ${String(admin.id)}`,
    );
    expect(audit.rows[0]!.n).toBe(0);
  });

  it("refuses a common password, two different new ones, and the current one again", async () => {
    const { admin, cookie } = await signedIn();
    const common = await post(cookie, {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: "password123456",
      confirmPassword: "password123456",
    });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain(PASSWORD_MESSAGES.common);
    const mismatch = await post(cookie, {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: NEW,
      confirmPassword: `${NEW}.`,
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain(ACCOUNT_MESSAGES.mismatch);
    const same = await post(cookie, {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(same.status).toBe(400);
    expect((await checkCredentials(db, admin.username, PASSWORD)).ok).toBe(true);
  });

  it("changes it: every other session ends, this one stays, audited without the password, a notice is mailed", async () => {
    const { admin, cookie, id } = await signedIn();
    const other = await createSession(db, admin.id);
    const response = await post(cookie, {
      intent: "password",
      currentPassword: PASSWORD,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(response.status).toBe(200);
    expect((await checkCredentials(db, admin.username, NEW)).ok).toBe(true);
    expect(await live(id)).toBe(true);
    expect(await live(other)).toBe(false);
    expect((await site.request("/admin/account", { cookie })).status).toBe(200);
    const audit = await db.execute<{ row: string; admin_id: number }>(
      sql`SELECT a::text AS row, admin_id FROM audit_log a WHERE kind = 'account.password-change' AND record_id = ${String(admin.id)}`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.admin_id).toBe(admin.id);
    expect(audit.rows[0]!.row).not.toContain(NEW);
    expect(audit.rows[0]!.row).not.toContain(PASSWORD);
    const notices = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = ${admin.email} AND kind = 'admin-account-notice'`,
    );
    expect(notices.rows[0]!.n).toBe(1);
  });

  it("limits wrong current passwords (429 after 5), so a stolen session cannot guess the password", async () => {
    const { admin, cookie } = await signedIn();
    for (let i = 0; i < CURRENT_PASSWORD_LIMIT.limit; i++) {
      expect(
        (await post(cookie, { intent: "password", currentPassword: `guess ${i}`, newPassword: NEW, confirmPassword: NEW }))
          .status,
      ).toBe(400);
    }
    const limited = await post(cookie, { intent: "password", currentPassword: PASSWORD, newPassword: NEW, confirmPassword: NEW });
    expect(limited.status).toBe(429);
    expect((await checkCredentials(db, admin.username, PASSWORD)).ok).toBe(true);
  });

  it("the demo admin's password and address stay as they are (403)", async () => {
    const { admin } = await upsertAdmin(db, "demo-like", "demo-racing-1985", { isDemo: true });
    const cookie = `admin_session=${await createSession(db, admin.id)}`;
    const page = await (await site.request("/admin/account", { cookie })).text();
    expect(page).toContain("address and password cannot be changed");
    const response = await post(cookie, {
      intent: "password",
      currentPassword: "demo-racing-1985",
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(response.status).toBe(403);
    expect((await checkCredentials(db, "demo-like", "demo-racing-1985")).ok).toBe(true);
  });
});

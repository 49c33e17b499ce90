/**
 * Look-alike admin names (issue 31 item 8): every way an admin gets a name (an invitation, `npm run
 * admin`, ADMIN_USERNAME) takes the safe alphabet in one folded form, so `secadmin` with a
 * zero-width space, a soft hyphen or a Cyrillic "ѕ" is refused and "SecAdmin" is "secadmin", taken.
 * Migration 0027 folds the names made before the rule without locking anyone out.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { attemptLogin } from "~/domain/admin/login.server";
import { createSession, ensureStartupAdmin, upsertAdmin } from "~/domain/admin/auth.server";
import { createPool } from "~/db/client";
import { migrate, migrations } from "~/db/migrate";
import { USERNAME_MESSAGE } from "~/lib/admin/usernames";
import { adminCommand } from "~/server/commands/admin";
import { parseEnv, type Env } from "~/server/env";
import { useTestDatabase } from "../support/database";
import { withDatabase } from "../support/global-setup";
import { createAdmin } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;

const PASSWORD = "correct horse battery";
const { admin: owner } = await createAdmin(db, "secadmin", PASSWORD, { email: "sec.admin@example.org" });
const ownerCookie = `admin_session=${await createSession(db, owner.id)}`;

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** The three look-alikes of "secadmin". */
const LOOK_ALIKES = {
  "a zero-width space (U+200B)": "secadmin\u200b",
  "a soft hyphen (U+00AD)": "sec\u00adadmin",
  'a Cyrillic "ѕ" (U+0455)': "\u0455ecadmin",
};

let n = 0;
async function invitationPath(): Promise<string> {
  const email = `look-alike-${++n}@example.org`;
  const sent = await site.request("/admin/admins", {
    method: "POST",
    cookie: ownerCookie,
    body: form({ intent: "invite", email, role: "owner" }),
  });
  // No mail server here: the owner gets the link on the page (issue 32 item 5), and the e-mail waits in the outbox.
  expect(sent.status).toBe(200);
  const [mail] = await rows<{ body: string }>(sql`SELECT body FROM outbox_messages WHERE recipient = ${email}`);
  const path = new URL(/^http\S+\/admin\/invitation\/\S+$/m.exec(mail!.body)![0]).pathname;
  expect(await sent.text()).toContain(path);
  return path;
}

const accept = (path: string, username: string) =>
  site.request(path, {
    method: "POST",
    body: form({ username, password: "a brand new long password", confirmPassword: "a brand new long password" }),
  });

const usernames = async () =>
  (await rows<{ username: string }>(sql`SELECT username FROM admins ORDER BY id`)).map((r) => r.username);

describe("an invitation's username", () => {
  for (const [what, name] of Object.entries(LOOK_ALIKES)) {
    it(`with ${what} is refused with the rule, and creates nothing`, async () => {
      const path = await invitationPath();
      const before = await usernames();
      const response = await accept(path, name);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(USERNAME_MESSAGE);
      expect(await usernames()).toEqual(before);
      // The link still works for a proper name.
      expect((await site.request(path)).status).toBe(200);
    });
  }

  it('"SecAdmin" is "secadmin": taken; a full-width "ｓｅｃａｄｍｉｎ" too', async () => {
    const path = await invitationPath();
    for (const variant of ["SecAdmin", "SECADMIN", "\uff53\uff45\uff43\uff41\uff44\uff4d\uff49\uff4e"]) {
      const response = await accept(path, variant);
      expect(response.status, variant).toBe(409);
      expect(await response.text()).toContain("This username is taken.");
    }
    expect(await usernames()).toEqual(["secadmin"]);
  });

  it("a new name is kept folded, shown so in the list, and signs in in any capitals", async () => {
    const path = await invitationPath();
    expect((await accept(path, "Race.Steward")).status).toBe(302);
    expect(await usernames()).toContain("race.steward");
    const list = await (await site.request("/admin/admins", { cookie: ownerCookie })).text();
    expect(list).toContain("race.steward");
    expect(list).not.toContain("Race.Steward");
    const signIn = await attemptLogin(db, {
      username: "RACE.STEWARD",
      password: "a brand new long password",
      address: "127.0.0.1",
      previousSessionId: null,
    });
    expect(signIn.ok).toBe(true);
  });
});

describe("`npm run admin` and ADMIN_USERNAME take the same rule", () => {
  const run = async (username: string) => {
    const lines: string[] = [];
    const code = await adminCommand({ db, env: {} as Env, args: [username], print: (line) => lines.push(line) }, () =>
      Promise.resolve("a long shell password"),
    );
    return { code, output: lines.join("\n") };
  };

  it("the shell refuses a look-alike with the rule before asking for a password, and creates nothing", async () => {
    for (const name of Object.values(LOOK_ALIKES)) {
      const before = await usernames();
      const { code, output } = await run(name);
      expect(code, JSON.stringify(name)).toBe(1);
      expect(output).toContain(USERNAME_MESSAGE);
      expect(await usernames()).toEqual(before);
    }
  });

  it('the shell\'s "SecAdmin" is the existing "secadmin" (a new password), not a second admin', async () => {
    const before = await usernames();
    const { code, output } = await run("SecAdmin");
    expect(code).toBe(0);
    expect(output).toBe('Password of admin "secadmin" changed; their sessions were ended.');
    expect(await usernames()).toEqual(before);
    const created = await run("Shell.Owner");
    expect(created.output).toBe('Admin "shell.owner" created.');
  });

  it("ADMIN_USERNAME with a look-alike stops the start, naming the variable; a case variant is folded", async () => {
    for (const name of Object.values(LOOK_ALIKES)) {
      expect(() => parseEnv({ ADMIN_USERNAME: name, ADMIN_PASSWORD: PASSWORD }), JSON.stringify(name)).toThrow(
        `ADMIN_USERNAME: ${USERNAME_MESSAGE}`,
      );
    }
    expect(parseEnv({ ADMIN_USERNAME: "Club-Admin" }).ADMIN_USERNAME).toBe("Club-Admin");
    const before = await usernames();
    const line = await ensureStartupAdmin(db, { username: "SecAdmin", password: PASSWORD, demo: false });
    expect(line.message).toContain('admin "secadmin"');
    expect(await usernames()).toEqual(before);
  });

  it("upsertAdmin itself refuses a new look-alike", async () => {
    for (const name of Object.values(LOOK_ALIKES)) {
      await expect(upsertAdmin(db, name, PASSWORD)).rejects.toThrow(USERNAME_MESSAGE);
    }
  });
});

describe("migration 0027 and the names made before the rule", () => {
  it("folds them, keeps outsiders signing in, renames a clash instead of failing, and then refuses look-alikes", async () => {
    const adminUrl = inject("adminDatabaseUrl");
    const name = `club_usernames_${randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    // createPool: its error handler catches the FORCE drop below ending a connection that
    // pool.end() has let go of but PostgreSQL has not closed yet (an uncaught error otherwise).
    const pool = createPool(withDatabase(adminUrl, name), 2);
    try {
      const index = migrations.findIndex((m) => m.name.startsWith("0027_"));
      await migrate(pool, migrations.slice(0, index));
      // What could exist before: capitals, a full-width clash with "secadmin", a look-alike, a space.
      await pool.query(`INSERT INTO admins (id, username, password_hash) VALUES
        (1, 'SecAdmin', 'x'), (2, 'ｓｅｃadmin', 'x'), (3, 'secadmin' || chr(8203), 'x'), (4, 'John Smith', 'x'), (5, 'treasurer', 'x')`);
      // An invitation pending from an owner no longer there, one from a results officer, one fine.
      await pool.query(`UPDATE admins SET role = 'results_officer' WHERE id = 5`);
      await pool.query(`INSERT INTO admin_links (token_hash, purpose, email, role, invited_by, expires_at) VALUES
        (repeat('a', 64), 'invite', 'a@example.org', 'owner', 99, now() + interval '1 day'),
        (repeat('b', 64), 'invite', 'b@example.org', 'owner', 5, now() + interval '1 day'),
        (repeat('c', 64), 'invite', 'c@example.org', 'owner', 1, now() + interval '1 day')`);
      expect(await migrate(pool)).toEqual(migrations.slice(index).map((m) => m.name));

      const { rows: after } = await pool.query<{ id: number; username: string }>("SELECT id, username FROM admins ORDER BY id");
      expect(after).toEqual([
        { id: 1, username: "secadmin" },
        { id: 2, username: "secadmin#2" },
        { id: 3, username: "secadmin\u200b" },
        { id: 4, username: "john smith" },
        { id: 5, username: "treasurer" },
      ]);
      const { rows: links } = await pool.query<{ email: string; ended_reason: string | null }>(
        "SELECT email, ended_reason FROM admin_links ORDER BY email",
      );
      expect(links).toEqual([
        { email: "a@example.org", ended_reason: "sender-removed" },
        { email: "b@example.org", ended_reason: "sender-demoted" },
        { email: "c@example.org", ended_reason: null },
      ]);
      // One name per folded form from now on, whatever the app says.
      await expect(
        pool.query(`INSERT INTO admins (id, username, password_hash) VALUES (6, 'ＴＲＥＡＳＵＲＥＲ', 'x')`),
      ).rejects.toThrow(/admins_username_key/);
    } finally {
      await pool.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });

  it("an admin named before the rule still signs in and gets a new password from the shell", async () => {
    // As the migration leaves such a name: folded, outside the alphabet.
    await db.execute(sql`INSERT INTO admins (username, password_hash) VALUES ('john smith', 'x')`);
    const lines: string[] = [];
    const code = await adminCommand({ db, env: {} as Env, args: ["John Smith"], print: (line) => lines.push(line) }, () =>
      Promise.resolve("a long shell password"),
    );
    expect(code).toBe(0);
    expect(lines.join("\n")).toContain('Password of admin "john smith" changed');
    const signIn = await attemptLogin(db, {
      username: "John Smith",
      password: "a long shell password",
      address: "127.0.0.2",
      previousSessionId: null,
    });
    expect(signIn.ok).toBe(true);
  });
});

/**
 * The site on a role that owns nothing (issue 31 item 18, decision 0043): the owning role
 * (MIGRATION_DATABASE_URL) migrates and grants, the site (DATABASE_URL) serves and writes, and
 * code running as the site, whatever it sends, cannot turn off or rewrite the audit log, change
 * the schema or empty a table. Both roles are made here, named for this run, in a database of
 * their own (several runs may share one server).
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { createDatabase, createPool } from "~/db/client";
import { migrate, migrations } from "~/db/migrate";
import { prepareDatabase } from "~/db/prepare";
import { createSession } from "~/domain/admin/auth.server";
import { site as words } from "~/lib/platform/site";
import { siteAt } from "../support/admin-http";
import { createAdmin } from "../support/factories";
import { withDatabase } from "../support/global-setup";
import { startServer, type ServerProcess } from "../support/server-process";

const run = promisify(execFile);
const adminUrl = inject("adminDatabaseUrl");
const suffix = `${process.pid}_${randomBytes(4).toString("hex")}`;
const OWNER = `club_owner_${suffix}`;
const SITE = `club_site_${suffix}`;
const password = { [OWNER]: randomBytes(12).toString("hex"), [SITE]: randomBytes(12).toString("hex") };
const databases = [`club_roles_${suffix}`, `club_roles_${suffix}_restore`];

function urlOf(role: string, database: string): string {
  const url = new URL(adminUrl);
  url.username = role;
  url.password = password[role]!;
  url.pathname = `/${database}`;
  return url.toString();
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
for (const role of [OWNER, SITE]) await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password[role]}'`);
for (const name of databases) {
  await admin.query(`CREATE DATABASE ${name}`);
  // The owning role may create the schema; the site's role gets nothing here but what grants give.
  const client = new pg.Client({ connectionString: withDatabase(adminUrl, name) });
  await client.connect();
  await client.query(`GRANT USAGE, CREATE ON SCHEMA public TO ${OWNER}`);
  await client.end();
}
const [database, restoreDatabase] = databases as [string, string];
const ownerUrl = urlOf(OWNER, database);
const siteUrl = urlOf(SITE, database);
const sitePool = createPool(siteUrl, 2);
const ownerPool = createPool(ownerUrl, 2);
const servers: ServerProcess[] = [];
const dir = await mkdtemp(path.join(os.tmpdir(), "club-roles-"));

afterAll(async () => {
  for (const s of servers) {
    s.child.kill("SIGTERM");
    await s.exited;
  }
  await sitePool.end();
  await ownerPool.end();
  for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const role of [SITE, OWNER]) await admin.query(`DROP ROLE IF EXISTS ${role}`);
  await admin.end();
  await rm(dir, { recursive: true, force: true });
});

const both = { DATABASE_URL: siteUrl, MIGRATION_DATABASE_URL: ownerUrl, DEMO_DATA: "0", LOG_LEVEL: "info" };

it("serves and writes as a role that owns nothing, and says so at start", { timeout: 120_000 }, async () => {
  const server = await startServer(both);
  servers.push(server);
  expect(server.output()).toContain(`the site connects as \\"${SITE}\\", which owns no table`);
  const tables = await ownerPool.query(
    "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tableowner = current_user",
  );
  expect(tables.rows[0].n).toBeGreaterThan(20);

  // The page cache works: LISTEN for changes and the data version are the site role's to read.
  await fetch(`${server.url}/`);
  expect((await fetch(`${server.url}/`)).headers.get("x-page-cache")).toBe("hit");

  // An owner saves the club's settings: the write and its audit entry, as the site's role.
  const { admin: owner } = await createAdmin(createDatabase(ownerPool), "roles-owner", "a long password for the treasurer");
  const cookie = `admin_session=${await createSession(createDatabase(ownerPool), owner.id)}`;
  const body = new URLSearchParams({
    name: "Least Privilege Boat Club",
    shortName: "LPBC",
    founded: "1985",
    heroHeading: words.heroHeading,
    heroInvitation: words.heroInvitation,
    welcome: words.welcome,
    vision: words.vision,
    missionQuote: words.missionQuote,
    blurb: words.blurb,
    email: "info@example.org",
    timeZone: "Atlantic/Bermuda",
  });
  const saved = await siteAt(server.url).request("/admin/settings", { method: "POST", cookie, body });
  expect(saved.status).toBe(302);
  const audit = await ownerPool.query("SELECT admin_username, kind FROM audit_log ORDER BY id");
  expect(audit.rows).toContainEqual({ admin_username: "roles-owner", kind: "settings.update" });
  // The change reached the cached page (NOTIFY as the site's role).
  let home = "";
  for (let i = 0; i < 50 && !home.includes("Least Privilege Boat Club"); i++) {
    home = await (await fetch(`${server.url}/`)).text();
    if (!home.includes("Least Privilege Boat Club")) await new Promise((r) => setTimeout(r, 100));
  }
  expect(home).toContain("Least Privilege Boat Club");
});

it("refuses the site's own connection every way around the audit log and the schema", async () => {
  expect((await sitePool.query("SELECT count(*)::int AS n FROM audit_log")).rows[0].n).toBeGreaterThan(0);
  const attempts = [
    "SET session_replication_role = replica",
    "SET LOCAL session_replication_role = replica",
    "ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_or_delete",
    "ALTER TABLE audit_log DISABLE TRIGGER ALL",
    "UPDATE audit_log SET kind = 'nothing happened'",
    "DELETE FROM audit_log",
    "TRUNCATE audit_log",
    "DROP TABLE audit_log",
    "DROP TABLE competitors CASCADE",
    "TRUNCATE competitors CASCADE",
    "ALTER TABLE competitors ADD COLUMN note text",
    "CREATE TRIGGER sneak BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()",
    "DROP FUNCTION audit_log_append_only() CASCADE",
    "CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN OLD; END $$",
    "DELETE FROM schema_migrations",
    "SELECT setval('public_data_version', 1)",
    "SELECT watch_public_table('audit_log'::regclass)",
  ];
  for (const statement of attempts) {
    const client = await sitePool.connect();
    try {
      await client.query("BEGIN");
      const error = await client.query(statement).then(
        () => null,
        (e: { code?: string; message: string }) => e,
      );
      expect({ statement, code: error?.code }).toEqual({ statement, code: "42501" });
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  }
  const entries = await ownerPool.query(
    "SELECT count(*)::int AS n, bool_and(kind <> 'nothing happened') AS intact FROM audit_log",
  );
  expect(entries.rows[0]).toMatchObject({ intact: true });
  expect(entries.rows[0].n).toBeGreaterThan(0);
});

it("refuses both variables naming the same role: granting would strip the owner", async () => {
  const again = createPool(ownerUrl, 1);
  try {
    await expect(prepareDatabase(ownerPool, again)).rejects.toThrow(/both connect as/);
  } finally {
    await again.end();
  }
  expect((await ownerPool.query("SELECT count(*)::int AS n FROM competitors")).rows[0].n).toBeGreaterThanOrEqual(0);
});

it("backs up as the site's role and restores through the owner's connection", { timeout: 120_000 }, async () => {
  const cli = (env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, ["scripts/cli.js", ...args], { env: { ...process.env, LOG_LEVEL: "warn", ...env } });
  const file = path.join(dir, "club.json.gz");
  const backup = await cli(both, "db:backup", file);
  expect(backup.stdout).toContain(`Backup written to ${file}`);
  expect(backup.stdout).toMatch(/audit_log [1-9]/);

  const target = { DATABASE_URL: urlOf(SITE, restoreDatabase), MIGRATION_DATABASE_URL: urlOf(OWNER, restoreDatabase) };
  const restored = await cli(target, "db:restore", file);
  expect(restored.stdout).toContain(`Restored ${file}`);
  const check = createPool(target.DATABASE_URL, 1);
  try {
    const { rows } = await check.query("SELECT kind FROM audit_log ORDER BY id");
    expect(rows.map((r: { kind: string }) => r.kind)).toEqual(expect.arrayContaining(["settings.update", "restore"]));
  } finally {
    await check.end();
  }
});

it("grants the site's role a table a later migration creates, and takes back a privilege granted by hand", async () => {
  await ownerPool.query(`GRANT TRUNCATE ON competitors TO ${SITE}`);
  const later = {
    name: "9999_later_table",
    sql: "CREATE TABLE later_things (id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, name text NOT NULL)",
  };
  expect(await migrate(ownerPool, [...migrations, later], { grantTo: SITE })).toEqual([later.name]);
  const inserted = await sitePool.query("INSERT INTO later_things (name) VALUES ('a new thing') RETURNING id");
  expect(inserted.rows[0].id).toBe(1);
  await sitePool.query("UPDATE later_things SET name = 'renamed'");
  await sitePool.query("DELETE FROM later_things");
  await expect(sitePool.query("TRUNCATE later_things")).rejects.toMatchObject({ code: "42501" });
  await expect(sitePool.query("TRUNCATE competitors CASCADE")).rejects.toMatchObject({ code: "42501" });
});

it("with only DATABASE_URL, the owner's, says at start that the site owns its tables", { timeout: 120_000 }, async () => {
  const server = await startServer({ DATABASE_URL: ownerUrl, DEMO_DATA: "0", LOG_LEVEL: "info" });
  servers.push(server);
  expect((await fetch(`${server.url}/`)).status).toBe(200);
  expect(server.output()).toContain(`the site connects as \\"${OWNER}\\", the owner of the site's tables`);
  expect(server.output()).toContain("MIGRATION_DATABASE_URL");
});

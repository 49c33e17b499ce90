/**
 * Proven backups and the restore from the admin area (issue 33 item 4), against the production
 * server (its page cache and change listener) and a real PostgreSQL: a backup is proven by a
 * restore into a scratch database, a broken one is not; a restore needs an owner who confirmed
 * it is them, takes a restore point first, refuses a broken or newer backup leaving every row as
 * it was, and otherwise replaces the club's data in one go (sequences past the restored ids, the
 * audit log kept and added to, the owner still signed in), which a cached public page then shows.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "~/db/demo-data";
import { withDatabase } from "~/db/scratch";
import { createSession } from "~/domain/admin/auth.server";
import { createBackup, decodeBackup, encodeBackup } from "~/domain/admin/backup.server";
import { listBackups, writeBackupFile } from "~/domain/admin/backup-files.server";
import { proveBackup } from "~/domain/admin/backup-proof.server";
import { NO_SCRATCH_DATABASE } from "~/lib/admin/backups";
import { createLogger } from "~/server/logger";
import { form, siteAt } from "../support/admin-http";
import { useTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";

const { db, pool, url } = await useTestDatabase();
const log = createLogger("silent");
const dataDir = await mkdtemp(path.join(os.tmpdir(), "restore-admin-"));
const backupDir = path.join(dataDir, "backups");
const PASSWORD = "a long owner password";
let server: ServerProcess;
let site: ReturnType<typeof siteAt>;
let ownerCookie: string;
let officerCookie: string;

beforeAll(async () => {
  await seedDemoData(db, { today: "2026-06-15" });
  const { admin: owner } = await createAdmin(db, "restorer", PASSWORD);
  const { admin: officer } = await createAdmin(db, "officer", PASSWORD, { role: "results_officer" });
  ownerCookie = `admin_session=${await createSession(db, owner.id)}`;
  officerCookie = `admin_session=${await createSession(db, officer.id)}`;
  server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir, DEMO_DATA: "0", TEST_TODAY: "2026-06-15" });
  site = siteAt(server.url);
}, 120_000);
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await rm(dataDir, { recursive: true, force: true });
});

const count = async (table: string) => Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
const clubCounts = async () =>
  Object.fromEntries(
    await Promise.all(["competitors", "races", "race_results", "news", "audit_log"].map(async (t) => [t, await count(t)])),
  );
const competitorName = async (id: number) =>
  (await pool.query("SELECT first_name FROM competitors WHERE id = $1", [id])).rows[0]?.first_name as string | undefined;
const restorePoints = async () =>
  (await readdir(backupDir)).filter((f) => f.startsWith("club-restore-point-") && f.endsWith(".gz"));

function upload(
  bytes: Buffer,
  name = "club-backup.json.gz",
  fields: Record<string, string> = { intent: "restore-upload", confirm: "yes" },
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  body.set("backup", new Blob([new Uint8Array(bytes)]), name);
  return site.request("/admin/backups", { method: "POST", cookie: ownerCookie, body });
}

/** An anonymous visitor's page, twice: the second answer comes from the page cache. */
async function cachedPage(pathname: string) {
  await fetch(server.url + pathname);
  const second = await fetch(server.url + pathname);
  return { cache: second.headers.get("x-page-cache"), html: await second.text() };
}

let good: string;

describe("a backup counts only once proven", () => {
  it("writes a proof beside a backup restored and counted in a scratch database; a corrupted file is not proven", async () => {
    good = await writeBackupFile(pool, backupDir);
    const proof = await proveBackup(url, good, log);
    expect(proof).toMatchObject({ proven: true, counts: { competitors: 20 } });
    expect(JSON.parse(await readFile(`${good}.proof.json`, "utf8"))).toMatchObject({ proven: true });
    // The scratch database is gone.
    const { rows } = await pool.query("SELECT datname FROM pg_database WHERE datname LIKE 'club_scratch_%'");
    expect(rows).toEqual([]);

    // A file whose bytes were damaged after it was written: kept, shown as not proven, with why.
    const bytes = await readFile(good);
    const damaged = path.join(backupDir, "club-backup-2020-01-01T00-00-00-000Z.json.gz");
    await writeFile(damaged, bytes.subarray(0, bytes.length - 40));
    expect(await proveBackup(url, damaged, log)).toMatchObject({
      proven: false,
      reason: expect.stringMatching(/restore failed/),
    });
    // A backup whose proof was made of other bytes does not count either.
    const listed = await listBackups(backupDir);
    expect(listed.find((b) => b.name === path.basename(damaged))?.proof).toMatchObject({ proven: false });
    expect(listed.find((b) => b.name === path.basename(good))?.proof).toMatchObject({ proven: true });
    await rm(damaged);
    await rm(`${damaged}.proof.json`);
  });

  it("stays not proven, with the reason, where the role may not create a database", async () => {
    await pool.query("DROP ROLE IF EXISTS club_no_createdb");
    await pool.query("CREATE ROLE club_no_createdb LOGIN PASSWORD 'no-createdb-here'");
    try {
      const noCreate = new URL(url);
      noCreate.username = "club_no_createdb";
      noCreate.password = "no-createdb-here";
      const file = path.join(dataDir, "elsewhere.json.gz");
      await writeFile(file, encodeBackup(await createBackup(pool)));
      const proof = await proveBackup(withDatabase(noCreate.toString(), new URL(url).pathname.slice(1)), file, log);
      expect(proof).toEqual({ proven: false, checkedAt: expect.any(String), reason: NO_SCRATCH_DATABASE });
    } finally {
      await pool.query("DROP ROLE club_no_createdb");
    }
  });
});

describe("restore from the admin area", () => {
  it("is for owners only: a results officer gets neither the screen nor the action", async () => {
    const page = await site.request("/admin/backups", { cookie: officerCookie });
    expect(page.status).toBe(403);
    const before = await clubCounts();
    const post = await site.request("/admin/backups", {
      method: "POST",
      cookie: officerCookie,
      body: form({ intent: "restore-kept", name: path.basename(good), confirm: "yes" }),
    });
    expect(post.status).toBe(403);
    expect(await clubCounts()).toEqual(before);
  });

  it("is refused without a recent re-authentication, and nothing is written", async () => {
    const page = await (await site.request("/admin/backups", { cookie: ownerCookie })).text();
    expect(page).toContain("Confirm it&#x27;s you");
    expect(page).toContain("Proven ");
    const before = await clubCounts();
    const post = await site.request("/admin/backups", {
      method: "POST",
      cookie: ownerCookie,
      body: form({ intent: "restore-kept", name: path.basename(good), confirm: "yes" }),
    });
    expect(post.status).toBe(403);
    expect(await upload(await readFile(good)).then((r) => r.status)).toBe(403);
    expect(await clubCounts()).toEqual(before);
    expect(await restorePoints()).toEqual([]);
  });

  it("refuses a broken or newer backup with a clear message, and every row stays as it was", async () => {
    const confirm = await site.request("/admin/backups", {
      method: "POST",
      cookie: ownerCookie,
      body: form({ intent: "reauth-password", currentPassword: PASSWORD }),
    });
    expect(confirm.status).toBe(200);
    await pool.query("UPDATE competitors SET first_name = 'Renamed' WHERE id = 1");
    const before = await clubCounts();

    const notGzip = await upload(Buffer.from("not a backup at all"));
    expect(notGzip.status).toBe(400);
    expect(await notGzip.text()).toContain("not gzip-compressed JSON");

    const backup = decodeBackup(await readFile(good));
    const newer = await upload(encodeBackup({ ...backup, migrations: [...backup.migrations, "9999_from_the_future"] }));
    expect(newer.status).toBe(400);
    expect(await newer.text()).toContain("newer version of the site");

    // A result of a racer the backup does not have: the foreign key refuses it, after the deletes.
    const results = backup.tables.race_results as Record<string, unknown>[];
    const broken = {
      ...backup,
      tables: { ...backup.tables, race_results: [...results, { ...results[0], id: 999_999, competitor_id: 424_242 }] },
    };
    const refused = await upload(gzipSync(JSON.stringify(broken)));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("does not fit this site");

    expect(await clubCounts()).toEqual(before);
    expect(await competitorName(1)).toBe("Renamed");
    // The restore point taken first stays on disk.
    expect(await restorePoints()).toHaveLength(1);
  });

  it("replaces the club's data, moves sequences past it, keeps the audit log and the owner's session, and the cached page shows it", async () => {
    const original = decodeBackup(await readFile(good));
    const originalName = (original.tables.competitors as { id: number; first_name: string }[]).find(
      (c) => c.id === 1,
    )!.first_name;
    const { rows: added } = await pool.query(
      "INSERT INTO races (title, date) VALUES ('Added after the backup', '2026-07-01') RETURNING id",
    );
    const addedId = added[0].id as number;
    // Cached once the insert's notification has cleared the pages before it.
    await expect.poll(async () => (await cachedPage("/competitor/1")).cache, { timeout: 10_000 }).toBe("hit");
    expect((await cachedPage("/competitor/1")).html).toContain("Renamed");
    const auditBefore = await count("audit_log");

    const response = await site.request("/admin/backups", {
      method: "POST",
      cookie: ownerCookie,
      body: form({ intent: "restore-kept", name: path.basename(good), confirm: "yes" }),
    });
    const text = await response.text();
    expect(response.status, text.match(/The backup was not restored[^<]*<[^<]*/)?.[0]).toBe(200);
    expect(text).toContain("Backup restored");

    expect(await competitorName(1)).toBe(originalName);
    expect(await count("races")).toBe(original.tables.races!.length);
    expect(await count("race_results")).toBe(original.tables.race_results!.length);
    // A new row gets an id past the restored ones and past every id handed out before.
    const { rows } = await pool.query("INSERT INTO races (title, date) VALUES ('After the restore', '2026-08-01') RETURNING id");
    expect(rows[0].id).toBeGreaterThan(addedId);
    // The audit log kept every entry and gained the restore's: who, which backup, the counts.
    expect(await count("audit_log")).toBe(auditBefore + 1);
    const { rows: entries } = await pool.query("SELECT * FROM audit_log WHERE kind = 'restore' ORDER BY id DESC LIMIT 1");
    expect(entries[0]).toMatchObject({ admin_username: "restorer" });
    expect(entries[0].changes.backup.after).toBe(path.basename(good));
    expect(entries[0].changes.proven.after).toBe(true);
    expect(entries[0].changes.rows.after.competitors).toBe(20);
    // A second restore point, proven.
    const points = (await listBackups(backupDir)).filter((b) => b.kind === "restore-point");
    expect(points).toHaveLength(2);
    expect(points[0]!.proof.proven).toBe(true);
    // The owner is still signed in.
    expect((await site.request("/admin/overview", { cookie: ownerCookie })).status).toBe(200);

    // Every instance hears of the change (NOTIFY) and drops its pages: the cached page is the restored data.
    await expect
      .poll(async () => (await (await fetch(`${server.url}/competitor/1`)).text()).includes("Renamed"), { timeout: 10_000 })
      .toBe(false);
    expect((await cachedPage("/competitor/1")).html).toContain(originalName);
  });

  it("the overview tells the owner when the last proven backup was taken", async () => {
    const html = await (await site.request("/admin/overview", { cookie: ownerCookie })).text();
    expect(html).toContain("The last proven backup was taken");
    expect(html).toContain('href="/admin/backups"');
  });
});

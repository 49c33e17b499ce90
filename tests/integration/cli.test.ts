/** The shell commands as an operator runs them (`npm run db:import`, `db:backup`, `db:restore`). */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, expect, inject, it } from "vitest";
import { createTestDatabase, useTestDatabase } from "../support/database";

const run = promisify(execFile);
const source = await useTestDatabase();
const target = await createTestDatabase();
const dir = await mkdtemp(path.join(os.tmpdir(), "club-cli-"));
afterAll(async () => {
  await target.drop();
  await rm(dir, { recursive: true, force: true });
});

const cli = (url: string, ...args: string[]) =>
  run(process.execPath, ["scripts/cli.js", ...args], { env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "warn" } });

it("imports the example export, twice without change, then backs up and restores it", { timeout: 60_000 }, async () => {
  const first = await cli(source.url, "db:import", "tests/fixtures/old-site-export");
  expect(first.stdout).toContain("competitors: 5 new, 0 updated, 0 unchanged, 0 skipped");
  expect(first.stdout).toContain("race_results: 11 new");

  const second = await cli(source.url, "db:import", "tests/fixtures/old-site-export");
  expect(second.stdout).toContain("competitors: 0 new, 0 updated, 5 unchanged, 0 skipped");

  const file = path.join(dir, "club.json.gz");
  expect((await cli(source.url, "db:backup", file)).stdout).toContain(`Backup written to ${file}`);
  expect((await cli(target.url, "db:restore", file)).stdout).toContain("race_results 11");
  const { rows } = await target.pool.query("SELECT count(*)::int AS n FROM race_results");
  expect(rows[0].n).toBe(11);
});

it("explains a failure without a stack trace and exits non-zero", async () => {
  const error = await cli(target.url, "db:restore", path.join(dir, "club.json.gz")).catch(
    (e: { code: number; stderr: string }) => e,
  );
  expect(error).toMatchObject({ code: 1 });
  expect((error as { stderr: string }).stderr).toMatch(/^Error: Restore needs an empty database/);
});

it("creates an admin from the shell with the password piped on stdin, and refuses a short one", async () => {
  const { spawn } = await import("node:child_process");
  const { verifyCredentials } = await import("~/domain/admin/auth.server");
  const admin = (username: string, password: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ["scripts/cli.js", "admin", username], {
        env: { ...process.env, DATABASE_URL: source.url, LOG_LEVEL: "warn" },
      });
      let output = "";
      child.stdout.on("data", (c) => (output += c));
      child.stderr.on("data", (c) => (output += c));
      child.on("exit", (code) => resolve({ code, output }));
      child.stdin.end(`${password}\n`);
    });
  expect((await admin("treasurer", "short")).code).not.toBe(0);
  expect(await verifyCredentials(source.db, "treasurer", "short")).toBeNull();
  const created = await admin("treasurer", "a-long-enough-password");
  expect(created.code).toBe(0);
  expect(created.output).not.toContain("a-long-enough-password");
  expect(await verifyCredentials(source.db, "treasurer", "a-long-enough-password")).toMatchObject({ username: "treasurer" });
});

it("db:migrate applies the migrations of this version to an empty database, and nothing else", { timeout: 60_000 }, async () => {
  const adminUrl = inject("adminDatabaseUrl");
  const name = `club_test_empty_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const empty = new pg.Client({ connectionString: url.toString() });
  try {
    const { stdout } = await cli(url.toString(), "db:migrate");
    expect(stdout).toMatch(/^The database has this version's \d+ migrations \(the newest: \d{4}_\w+\)\.$/m);
    await empty.connect();
    const { rows } = await empty.query("SELECT count(*)::int AS n FROM schema_migrations");
    expect(rows[0].n).toBe(Number(/(\d+) migrations/.exec(stdout)![1]));
    expect((await empty.query("SELECT count(*)::int AS n FROM admins")).rows[0].n).toBe(0);
  } finally {
    await empty.end().catch(() => undefined);
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
});

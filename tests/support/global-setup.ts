/**
 * Starts one PostgreSQL for the whole run (the embedded one, or TEST_DATABASE_URL's server), and
 * builds a migrated template database. Each integration test file then clones the template into
 * a fresh database of its own (tests/support/database.ts).
 */
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrate } from "~/db/migrate";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres";
import { scratchRoot } from "./scratch-dir";

declare module "vitest" {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export const TEMPLATE = `club_template_${process.pid}`;

export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dataDir = await mkdtemp(path.join(scratchRoot(), "club-test-"));
    embedded = await startEmbeddedPostgres({ dataDir });
    adminUrl = embedded.connectionString;
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (embedded) {
    // A cluster made for this run and deleted after it: it never has a crash to survive, so no
    // commit waits for its write to reach the disk (the app's own PostgreSQL keeps the defaults).
    for (const setting of ["fsync = off", "synchronous_commit = off", "full_page_writes = off"]) {
      await admin.query(`ALTER SYSTEM SET ${setting}`);
    }
    await admin.query("SELECT pg_reload_conf()");
  }
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE}`);
  const templatePool = new pg.Pool({ connectionString: withDatabase(adminUrl, TEMPLATE), max: 1 });
  await migrate(templatePool);
  await templatePool.end();

  project.provide("adminDatabaseUrl", adminUrl);
  project.provide("templateDatabase", TEMPLATE);

  return async () => {
    // Drop what this run created (only matters on a shared TEST_DATABASE_URL server).
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2",
      [`club_test_${process.pid}_%`, TEMPLATE],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  // Works for both "postgresql://u:p@host:port/db" and the embedded server's socket form "...@/db?host=...".
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

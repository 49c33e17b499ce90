/** A fresh, migrated database for one test file: `const t = await useTestDatabase()` at the top of a file. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { createDatabase, createPool, type Database } from "../../db/client";
import { withDatabase } from "./global-setup";

export interface TestDatabase {
  db: Database;
  pool: pg.Pool;
  url: string;
  name: string;
}

export async function createTestDatabase(): Promise<TestDatabase & { drop: () => Promise<void> }> {
  const adminUrl = inject("adminDatabaseUrl");
  const template = inject("templateDatabase");
  const name = `club_test_${template.replace("club_template_", "")}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  const pool = createPool(url, 25);
  return {
    db: createDatabase(pool),
    pool,
    url,
    name,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function useTestDatabase(): Promise<TestDatabase> {
  const t = await createTestDatabase();
  afterAll(() => t.drop());
  return t;
}

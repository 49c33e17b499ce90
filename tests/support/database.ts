/** A fresh, migrated database for one test file: `const t = await useTestDatabase()` at the top of a file. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { createDatabase, createPool, type Database } from "~/db/client";
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
      // PostgreSQL 15 refuses FORCE against an autovacuum worker busy in the database unless the
      // user may signal backends (.ci/debian-postgres.sh grants it); elsewhere wait for it to finish.
      for (let attempt = 1; ; attempt++) {
        try {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "42501" || attempt === 10) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      await client.end();
    },
  };
}

export async function useTestDatabase(): Promise<TestDatabase> {
  const t = await createTestDatabase();
  afterAll(() => t.drop());
  return t;
}

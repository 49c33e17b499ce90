/**
 * Applies db/migrations/*.sql in name order, each once, each in its own transaction.
 * An advisory lock makes concurrent starts (several app instances) wait instead of racing.
 */
import type { Pool } from "pg";

// Bundled into the server build by Vite, read from disk by nothing at run time.
const files = import.meta.glob<string>("./migrations/*.sql", {
  query: "?raw",
  import: "default",
  eager: true,
});

export const migrations = Object.entries(files)
  .map(([path, sql]) => ({ name: path.replace(/^.*\//, "").replace(/\.sql$/, ""), sql }))
  .sort((a, b) => a.name.localeCompare(b.name));

const LOCK_ID = 728_301_985;

export async function migrate(pool: Pool): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await client.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((r) => r.name),
    );
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query("INSERT INTO schema_migrations (name) VALUES ($1)", [migration.name]);
        await client.query("COMMIT");
        applied.push(migration.name);
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return applied;
}

/**
 * Applies db/migrations/*.sql in name order, each once, each in its own transaction.
 * An advisory lock makes concurrent starts (several app instances) wait instead of racing.
 * The sha-256 of each applied file is kept: a migration edited after it was applied is refused
 * at start, since the database would silently differ from what the file now says.
 * Run as the owning role with `grantTo` (MIGRATION_DATABASE_URL), it then grants the site's role
 * exactly its privileges, under the same lock (db/roles.ts, decision 0043).
 */
import { createHash } from "node:crypto";
import type { Pool } from "pg";
import { grantSiteRole } from "~/db/roles";

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

/** Line endings do not change a migration (a Windows checkout must not look like an edit). */
export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex");
}

export class EditedMigrationError extends Error {}

export async function migrate(
  pool: Pool,
  list: { name: string; sql: string }[] = migrations,
  { grantTo }: { grantTo?: string } = {},
): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    // Databases migrated before checksums existed get theirs recorded on this first run.
    await client.query("ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text");
    const done = new Map(
      (await client.query<{ name: string; checksum: string | null }>("SELECT name, checksum FROM schema_migrations")).rows.map(
        (r) => [r.name, r.checksum],
      ),
    );
    for (const migration of list) {
      const recorded = done.get(migration.name);
      const checksum = migrationChecksum(migration.sql);
      if (recorded === null) {
        await client.query("UPDATE schema_migrations SET checksum = $2 WHERE name = $1", [migration.name, checksum]);
      } else if (recorded !== undefined && recorded !== checksum) {
        throw new EditedMigrationError(
          `Migration ${migration.name} was edited after it was applied to this database (its checksum differs). ` +
            "Restore the file as it was and put the change in a new migration.",
        );
      }
    }
    for (const migration of list) {
      if (done.has(migration.name)) continue;
      await client.query("BEGIN");
      try {
        await client.query(migration.sql);
        await client.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [
          migration.name,
          migrationChecksum(migration.sql),
        ]);
        await client.query("COMMIT");
        applied.push(migration.name);
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    if (grantTo) await grantSiteRole(client, grantTo);
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => undefined);
    client.release();
  }
  return applied;
}

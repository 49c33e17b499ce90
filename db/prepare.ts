/**
 * Everything a start (the server or a shell command) does to the database before using it:
 * migrate, attach the data-change triggers, and, with a separate owning role, grant the site's
 * role its privileges (decision 0043). These change the schema, so they run as the owner: the
 * MIGRATION_DATABASE_URL connection when set, else the site's own.
 */
import type pg from "pg";
import { createPool } from "~/db/client";
import { watchPublicTables } from "~/db/data-changes";
import { migrate } from "~/db/migrate";
import { siteRole, type SiteRole } from "~/db/roles";

export interface Prepared {
  applied: string[];
  /** What the site's role may do, after the grants. */
  site: SiteRole;
}

export async function prepareDatabase(sitePool: pg.Pool, migrationPool?: pg.Pool): Promise<Prepared> {
  if (!migrationPool) {
    const applied = await migrate(sitePool);
    await watchPublicTables(sitePool);
    return { applied, site: await siteRole(sitePool) };
  }
  const [site, owner] = await Promise.all(
    [sitePool, migrationPool].map(
      async (pool) => (await pool.query<{ role: string }>("SELECT current_user AS role")).rows[0]!.role,
    ),
  );
  if (site === owner) {
    // Granting would first revoke the owner's own privileges on its tables.
    throw new Error(
      `MIGRATION_DATABASE_URL and DATABASE_URL both connect as "${site}": DATABASE_URL must be a role that owns nothing (docs/operations.md), or leave MIGRATION_DATABASE_URL unset.`,
    );
  }
  const applied = await migrate(migrationPool, undefined, { grantTo: site });
  await watchPublicTables(migrationPool);
  return { applied, site: await siteRole(sitePool) };
}

/** A pool for the owning role (one connection is all migrations need); the caller ends it. */
export function createMigrationPool(connectionString: string): pg.Pool {
  return createPool(connectionString, 1);
}

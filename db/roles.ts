/**
 * What the site's everyday database role may do (decision 0043). With MIGRATION_DATABASE_URL set,
 * the owning role migrates and then grants the site's role (DATABASE_URL) the data privileges it
 * needs and nothing else: no DDL, no TRUNCATE, no triggers, and only SELECT and INSERT on the
 * append-only tables. Grants are re-applied exactly after every migration run, so a table a later
 * migration creates is usable at once, and a privilege granted by hand is taken back.
 */
import type pg from "pg";

/**
 * Tables the site may read and add to but never change: the audit log (its trigger forbids
 * UPDATE, DELETE and TRUNCATE too; purge_audit_log() runs as its owner), and the record of the
 * applied migrations, which a site that could rewrite it could make the next start fail.
 */
export const APPEND_ONLY_TABLES: Readonly<Record<string, readonly string[]>> = {
  audit_log: ["SELECT", "INSERT"],
  // The erasure ledger (decision 0053): an erasure is never undone, so neither is its row.
  erasures: ["SELECT", "INSERT"],
  schema_migrations: ["SELECT"],
};

const DATA_PRIVILEGES = "SELECT, INSERT, UPDATE, DELETE";

/**
 * Run by the owning role, in the migration's session (under its lock: two sessions granting on one
 * table at once fail with "tuple concurrently updated"). One transaction, so a running instance
 * never sees its role without its privileges.
 */
export async function grantSiteRole(client: pg.ClientBase, siteRole: string): Promise<void> {
  const role = client.escapeIdentifier(siteRole);
  await client.query("BEGIN");
  try {
    await client.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
    // REVOKE ALL first: TRUNCATE, TRIGGER and REFERENCES, or anything granted by hand, go.
    await client.query(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${role}`);
    await client.query(`GRANT ${DATA_PRIVILEGES} ON ALL TABLES IN SCHEMA public TO ${role}`);
    for (const [table, privileges] of Object.entries(APPEND_ONLY_TABLES)) {
      const exists = await client.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [`public.${table}`]);
      if (!exists.rows[0]?.found) continue;
      const ident = client.escapeIdentifier(table);
      await client.query(`REVOKE ALL ON ${ident} FROM ${role}`);
      await client.query(`GRANT ${privileges.join(", ")} ON ${ident} TO ${role}`);
    }
    // nextval for inserts and the data-change triggers, last_value for the page cache's version.
    await client.query(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${role}`);
    await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    // Functions keep PostgreSQL's default (EXECUTE for everyone): the site calls purge_audit_log()
    // (SECURITY DEFINER, deletes only entries older than two years) and the triggers' functions;
    // watch_public_table() runs as its caller, who must own the table, so the site cannot use it.
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

export type RoleStanding =
  /** A superuser (the embedded database's one user): nothing in the database limits it. */
  | "superuser"
  /** Owns the tables (or may act as their owner): may alter, drop, and disable their triggers. */
  | "owner"
  /** Owns nothing: data privileges only, the audit log append-only. */
  | "restricted";

export interface SiteRole {
  role: string;
  standing: RoleStanding;
}

/** What the role of this pool's connections may do to the site's tables. */
export async function siteRole(pool: pg.Pool): Promise<SiteRole> {
  const { rows } = await pool.query<{ role: string; superuser: boolean; owner: boolean }>(`
    SELECT current_user AS role,
           (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
           EXISTS (
             SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
             WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'S', 'v', 'm')
               AND pg_has_role(current_user, c.relowner, 'MEMBER')
           ) AS owner`);
  const row = rows[0]!;
  return { role: row.role, standing: row.superuser ? "superuser" : row.owner ? "owner" : "restricted" };
}

/** The start-up log line: what the site's role can do, and what that means. */
export function siteRoleMessage({ role, standing }: SiteRole, embedded: boolean): string {
  if (standing === "restricted") {
    return `database: the site connects as "${role}", which owns no table: it can read and write the club's data, only add to the audit log, and cannot change the schema or turn off the audit log's protection`;
  }
  const what = standing === "superuser" ? `a superuser` : `the owner of the site's tables`;
  const fix = embedded
    ? "the embedded database has one user; what protects it is DATA_DIR's permissions and its socket-only access (docs/security.md)"
    : "set MIGRATION_DATABASE_URL to the owning role and DATABASE_URL to a role that owns nothing (docs/operations.md)";
  return `database: the site connects as "${role}", ${what}: code running as the site could alter or drop tables and turn off the audit log's append-only trigger; ${fix}`;
}

/**
 * Backups of the club's data as one gzip-compressed JSON file, independent of pg_dump (the
 * embedded PostgreSQL ships no client tools, and a pg_dump older than the server refuses to run).
 *
 * - The snapshot is consistent: every table is read in one REPEATABLE READ transaction.
 * - Every table of the public schema is included except bookkeeping that must not travel
 *   (migrations are re-applied, rate-limit counters and login sessions are short-lived).
 * - A restore goes into an empty, migrated database, parents before children, in one transaction,
 *   then moves every identity sequence past the restored ids.
 */
import { gunzipSync, gzipSync } from "node:zlib";
import type pg from "pg";
import { SHELL_ACTOR, recordAuditWithClient, type AuditActor } from "~/domain/platform/audit.server";
import { reapplyErasuresWithClient } from "~/domain/privacy/erasure.server";

export const BACKUP_FORMAT = "boat-club-backup";
// Short-lived state: pending registration changes live 24 hours and their links are already mailed.
const SKIPPED_TABLES = new Set([
  "schema_migrations",
  "rate_limits",
  "admin_sessions",
  "sessions",
  "pending_registration_changes",
  // Mailed admin links (72 hours at most) and sign-in states of minutes: re-sent or restarted after a restore.
  "admin_links",
  "admin_pending",
  // Derived from race_results by triggers (migrations 0016, 0017): rebuilt as the results are restored.
  "result_totals",
  "race_entrants",
  // Results import drafts: an upload between its preview and its confirmation (a day at most).
  "import_drafts",
  // "My data" links and their viewing sessions (two days at most): asked for again after a restore.
  "privacy_links",
]);

export interface Backup {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  migrations: string[];
  tables: Record<string, unknown[]>;
}

type Queryable = pg.ClientBase;

/** One row of the erasure ledger as a backup holds it. */
export interface ErasureRow {
  competitor_id: number;
  erased_at: string;
}

/** The erasure ledger a backup holds (none in a backup older than the ledger). */
export function backupLedger(backup: Backup): ErasureRow[] {
  return (backup.tables.erasures ?? []) as ErasureRow[];
}

/** Club tables, parents before children (by foreign keys). */
export async function clubTables(client: Queryable): Promise<string[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const { rows: edges } = await client.query<{ child: string; parent: string }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const names = tables.map((t) => t.name).filter((name) => !SKIPPED_TABLES.has(name));
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const edge of edges)
      if (edge.child === name && edge.parent !== name && names.includes(edge.parent)) visit(edge.parent, path);
    ordered.push(name);
  };
  for (const name of names) visit(name, new Set());
  return ordered;
}

export async function createBackup(pool: pg.Pool): Promise<Backup> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const migrations = (await client.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name")).rows.map(
      (r) => r.name,
    );
    const tables: Record<string, unknown[]> = {};
    for (const table of await clubTables(client)) {
      const ident = client.escapeIdentifier(table);
      const { rows } = await client.query<{ data: unknown[] | null }>(`SELECT json_agg(t ORDER BY t) AS data FROM ${ident} t`);
      tables[table] = rows[0]?.data ?? [];
    }
    await client.query("COMMIT");
    return { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), migrations, tables };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export function encodeBackup(backup: Backup): Buffer {
  return gzipSync(JSON.stringify(backup));
}

/**
 * What a backup may unpack to: a club's JSON with its images is tens of MB; a small upload that
 * unpacks to gigabytes (a "zip bomb") is refused before it takes the memory.
 */
export const MAX_BACKUP_JSON_BYTES = 256 * 1024 * 1024;

export function decodeBackup(file: Buffer): Backup {
  let backup: Backup;
  try {
    backup = JSON.parse(gunzipSync(file, { maxOutputLength: MAX_BACKUP_JSON_BYTES }).toString("utf8")) as Backup;
  } catch {
    throw new Error("This file is not a backup of this site (it is not gzip-compressed JSON).");
  }
  if (
    backup?.format !== BACKUP_FORMAT ||
    backup.version !== 1 ||
    !Array.isArray(backup.migrations) ||
    !backup.migrations.every((m) => typeof m === "string") ||
    typeof backup.tables !== "object" ||
    backup.tables === null ||
    !Object.values(backup.tables).every((rows) => Array.isArray(rows) && rows.every((r) => typeof r === "object" && r !== null))
  ) {
    throw new Error("This file is not a backup of this site (unknown format).");
  }
  return backup;
}

/** The backup's migrations this database has not applied: a backup from a newer version of the site. */
export async function newerMigrations(client: Queryable | pg.Pool, backup: Backup): Promise<string[]> {
  const applied = new Set((await client.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((r) => r.name));
  return backup.migrations.filter((m) => !applied.has(m));
}

export const newerVersionMessage = (missing: string[]) =>
  `The backup comes from a newer version of the site (migrations ${missing.join(", ")}). Upgrade first.`;

/** Inserts a table's rows with their own ids, 1000 at a time. */
export async function insertRows(client: Queryable, table: string, rows: unknown[]): Promise<void> {
  const ident = client.escapeIdentifier(table);
  for (let i = 0; i < rows.length; i += 1000) {
    // json_populate_recordset turns the JSON back into the column types (dates, arrays, ...).
    await client.query(
      `INSERT INTO ${ident} OVERRIDING SYSTEM VALUE SELECT * FROM json_populate_recordset(NULL::${ident}, $1::json)`,
      [JSON.stringify(rows.slice(i, i + 1000))],
    );
  }
}

/**
 * Restores into an empty database; the restored audit log gets one more entry: this restore. The
 * backup's erasure ledger, with `ledger` (rows known from elsewhere: a newer backup's), is
 * re-applied to the restored data in the same transaction (decision 0053).
 */
export async function restoreBackup(
  pool: pg.Pool,
  backup: Backup,
  actor: AuditActor = SHELL_ACTOR,
  ledger: readonly ErasureRow[] = [],
): Promise<Record<string, number>> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const missing = await newerMigrations(client, backup);
    if (missing.length) throw new Error(newerVersionMessage(missing));
    const tables = await clubTables(client);
    for (const table of tables) {
      const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${client.escapeIdentifier(table)}`);
      if (Number(rows[0]!.n) > 0) throw new Error(`Restore needs an empty database, but ${table} has rows.`);
    }
    const unknown = Object.keys(backup.tables).filter((t) => !tables.includes(t));
    if (unknown.length) throw new Error(`The backup has tables this site does not know: ${unknown.join(", ")}.`);

    const counts: Record<string, number> = {};
    for (const table of tables) {
      const rows = backup.tables[table] ?? [];
      await insertRows(client, table, rows);
      counts[table] = rows.length;
    }
    await resetIdentitySequences(client);
    await recordAuditWithClient(client, {
      actor,
      kind: "restore",
      changes: { rows: { before: null, after: counts }, backupCreatedAt: { before: null, after: backup.createdAt } },
    });
    if (ledger.length > 0) {
      await client.query(
        `INSERT INTO erasures (competitor_id, erased_at) SELECT * FROM json_populate_recordset(NULL::erasures, $1::json)
         ON CONFLICT (competitor_id) DO NOTHING`,
        [JSON.stringify(ledger)],
      );
    }
    await reapplyErasuresWithClient(client, actor);
    await client.query("COMMIT");
    return counts;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * After rows were inserted with their own ids, new rows must get ids above them. Never back: an
 * id handed out once (named in the audit log, in a link already sent) is not handed out again
 * after a restore of an older backup.
 */
export async function resetIdentitySequences(client: Queryable): Promise<void> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND is_identity = 'YES'`,
  );
  for (const { table_name, column_name } of rows) {
    await client.query(
      `SELECT setval(seq::regclass, GREATEST((SELECT max(${client.escapeIdentifier(column_name)}) FROM ${client.escapeIdentifier(table_name)}) + 1,
                                   pg_sequence_last_value(seq::regclass) + 1, 1), false)
       FROM pg_get_serial_sequence($1, $2) AS seq`,
      [table_name, column_name],
    );
  }
}

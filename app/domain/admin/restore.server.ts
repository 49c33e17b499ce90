/**
 * Restore from the admin area (issue 33 item 4, decision 0051): an owner replaces the club's data
 * with a backup's while the site runs. First a restore point (a backup of the data as it is, in
 * the backups directory), then one transaction as the owner role: the club's tables emptied with
 * DELETE (its triggers keep the derived tables right and tell every instance to drop its cached
 * pages; unlike TRUNCATE it lets public pages read the old data until the commit instead of
 * waiting on an exclusive lock) and filled from the backup, sequences moved past the restored
 * ids, one audit entry. Any failure rolls all of it back.
 *
 * What is NOT replaced, and why (the backup's copy of these is left unused):
 * - the audit log: append-only; the restore adds its entry to the log as it is;
 * - admin accounts, their passkeys and recovery codes, and every session: who may sign in now is
 *   not the club's data; the owner restoring stays signed in, nobody removed comes back, no old
 *   password starts working again;
 * - the e-mail outbox: what was sent is not sent again, what waits still goes;
 * - refused attempts (security counts), rate limits, migrations;
 * - the erasure ledger: an erasure made after the backup stays made. It is re-applied to the
 *   restored data in the same transaction (decision 0053).
 */
import path from "node:path";
import type pg from "pg";
import { createPool } from "~/db/client";
import {
  clubTables,
  decodeBackup,
  insertRows,
  newerMigrations,
  newerVersionMessage,
  resetIdentitySequences,
  type Backup,
} from "~/domain/admin/backup.server";
import { proveBackup, provenFile } from "~/domain/admin/backup-proof.server";
import { readProof, writeBackupFile } from "~/domain/admin/backup-files.server";
import { recordAuditWithClient, type AuditActor } from "~/domain/platform/audit.server";
import { reapplyErasuresWithClient } from "~/domain/privacy/erasure.server";
import type { Logger } from "~/server/logger";

export const KEPT_ON_RESTORE = new Set([
  "audit_log",
  "admins",
  "admin_passkeys",
  "admin_recovery_codes",
  "outbox_messages",
  "refused_attempts",
  "erasures",
]);

/** A restore refused before anything changed, with the message the owner reads. */
export class RestoreRefused extends Error {}

/** The advisory lock of restores: two at once would each take a restore point of a half-made state. */
const RESTORE_LOCK = 728_301_988;

type Counts = Record<string, number>;

async function countRows(client: pg.ClientBase, tables: string[]): Promise<Counts> {
  const counts: Counts = {};
  for (const table of tables) {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${client.escapeIdentifier(table)}`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

/**
 * A restored row may name an admin who is not one now (a news notice's author): the reference is
 * cleared, as deleting that admin would have cleared it (ON DELETE SET NULL).
 */
async function referencesToKeptTables(client: pg.ClientBase, replaced: string[]) {
  const { rows } = await client.query<{ child: string; col: string; parent: string; parent_col: string }>(
    `SELECT c.conrelid::regclass::text AS child, a.attname AS col, c.confrelid::regclass::text AS parent, pa.attname AS parent_col
     FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
     WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace AND cardinality(c.conkey) = 1`,
  );
  const refs = rows.filter((r) => replaced.includes(r.child) && KEPT_ON_RESTORE.has(r.parent));
  const existing = new Map<string, Set<string>>();
  for (const r of refs) {
    const { rows: keys } = await client.query<{ k: string }>(
      `SELECT ${client.escapeIdentifier(r.parent_col)}::text AS k FROM ${client.escapeIdentifier(r.parent)}`,
    );
    existing.set(`${r.parent}.${r.parent_col}`, new Set(keys.map((k) => k.k)));
  }
  return (table: string, row: Record<string, unknown>) => {
    for (const r of refs) {
      const value = row[r.col];
      const key = typeof value === "number" || typeof value === "string" ? String(value) : null;
      if (r.child === table && key !== null && !existing.get(`${r.parent}.${r.parent_col}`)!.has(key)) row[r.col] = null;
    }
    return row;
  };
}

/** Replaces the club's data with the backup's in one transaction as the owner; returns the row counts before and after. */
export async function replaceClubData(
  ownerPool: pg.Pool,
  backup: Backup,
  actor: AuditActor,
  source: { name: string; proven: boolean; restorePoint: string },
): Promise<{ before: Counts; after: Counts }> {
  const client = await ownerPool.connect();
  try {
    await client.query("BEGIN");
    const { rows: lock } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS ok", [RESTORE_LOCK]);
    if (!lock[0]?.ok) throw new RestoreRefused("Another restore is running: try again when it has finished.");
    const missing = await newerMigrations(client, backup);
    if (missing.length) throw new RestoreRefused(newerVersionMessage(missing));
    const tables = await clubTables(client);
    const unknown = Object.keys(backup.tables).filter((t) => !tables.includes(t));
    if (unknown.length) throw new RestoreRefused(`The backup has tables this site does not know: ${unknown.join(", ")}.`);
    const replaced = tables.filter((t) => !KEPT_ON_RESTORE.has(t));

    const before = await countRows(client, replaced);
    // Children before parents, so no foreign key stands in the way.
    for (const table of [...replaced].reverse()) await client.query(`DELETE FROM ${client.escapeIdentifier(table)}`);
    const fit = await referencesToKeptTables(client, replaced);
    const after: Counts = {};
    for (const table of replaced) {
      const rows = (backup.tables[table] ?? []) as Record<string, unknown>[];
      await insertRows(
        client,
        table,
        rows.map((row) => fit(table, { ...row })),
      );
      after[table] = rows.length;
    }
    await resetIdentitySequences(client);
    await recordAuditWithClient(client, {
      actor,
      kind: "restore",
      changes: {
        rows: { before, after },
        backup: { before: null, after: source.name },
        backupCreatedAt: { before: null, after: backup.createdAt },
        proven: { before: null, after: source.proven },
        restorePoint: { before: null, after: source.restorePoint },
      },
    });
    // After the restore's entry, so the log reads in the order things happened.
    await reapplyErasuresWithClient(client, actor);
    await client.query("COMMIT");
    return { before, after };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** PostgreSQL's data and constraint errors (classes 22 and 23): a row of the backup does not fit. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
}

export interface RestoreRequest {
  /** The site's pool: reads the data for the restore point. */
  sitePool: pg.Pool;
  /** The owner role's connection string (MIGRATION_DATABASE_URL, else the site's own). */
  ownerUrl: string;
  backupDir: string;
  bytes: Buffer;
  /** The kept backup's name, or the uploaded file's. */
  name: string;
  /** A kept backup's file (its proof is checked against the bytes); null for an upload. */
  keptFile: string | null;
  actor: AuditActor;
  log: Logger;
}

export interface RestoreOutcome {
  restorePoint: string;
  before: Counts;
  after: Counts;
}

/**
 * The whole restore: the file checked (refused with a message, nothing written), a restore point
 * taken, the data replaced; the restore point is proven afterwards, whatever the outcome. A row
 * that does not fit is refused as RestoreRefused too: the transaction rolled back, the data is as
 * it was, the restore point stays.
 */
export async function restoreFromAdmin(request: RestoreRequest): Promise<RestoreOutcome> {
  const { sitePool, ownerUrl, backupDir, bytes, name, keptFile, actor, log } = request;
  let backup: Backup;
  try {
    backup = decodeBackup(bytes);
  } catch (error) {
    throw new RestoreRefused((error as Error).message);
  }
  const missing = await newerMigrations(sitePool, backup);
  if (missing.length) throw new RestoreRefused(newerVersionMessage(missing));
  const proven = keptFile ? provenFile(await readProof(keptFile), bytes) : false;

  const restorePointFile = await writeBackupFile(sitePool, backupDir, "restore-point");
  const restorePoint = path.basename(restorePointFile);
  const ownerPool = createPool(ownerUrl, 1);
  try {
    const counts = await replaceClubData(ownerPool, backup, actor, { name, proven, restorePoint });
    log.info({ backup: name, restorePoint, rows: counts.after }, "backup restored from the admin area");
    return { restorePoint, ...counts };
  } catch (error) {
    if (isDataError(error)) throw new RestoreRefused(`A row of the backup does not fit this site: ${(error as Error).message}.`);
    throw error;
  } finally {
    await ownerPool.end().catch(() => undefined);
    await proveBackup(ownerUrl, restorePointFile, log).catch((error: unknown) =>
      log.error({ err: error, file: restorePoint }, "restore point proof failed"),
    );
  }
}

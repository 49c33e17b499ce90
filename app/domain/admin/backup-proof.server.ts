/**
 * A backup counts only once proven (issue 33 item 4): its file is read back, restored into a
 * scratch database exactly as `db:restore` restores it, and every table's rows are counted
 * against the file's. Only then is a proof written beside it; a failure is written too (why), so
 * the admin area says "not proven" and never guesses. Replicas share the directory, so the proof
 * is a file beside the backup, not a row or a memory.
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ScratchRefused, withScratchDatabase } from "~/db/scratch";
import { decodeBackup, restoreBackup } from "~/domain/admin/backup.server";
import { writeProof } from "~/domain/admin/backup-files.server";
import { NO_SCRATCH_DATABASE, type BackupProof } from "~/lib/admin/backups";
import type { Logger } from "~/server/logger";

/** The restore adds its own audit entry to the restored log: one row more than the file holds. */
const ADDED_BY_RESTORE: Record<string, number> = { audit_log: 1 };

async function check(ownerUrl: string, bytes: Buffer): Promise<Extract<BackupProof, { proven: true }>> {
  const backup = decodeBackup(bytes);
  const counts = await withScratchDatabase(ownerUrl, async (pool) => {
    await restoreBackup(pool, backup);
    const client = await pool.connect();
    try {
      const found: Record<string, number> = {};
      for (const table of Object.keys(backup.tables)) {
        const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${client.escapeIdentifier(table)}`);
        found[table] = Number(rows[0]!.n) - (ADDED_BY_RESTORE[table] ?? 0);
      }
      return found;
    } finally {
      client.release();
    }
  });
  const differ = Object.entries(backup.tables).filter(([table, rows]) => counts[table] !== rows.length);
  if (differ.length) {
    const list = differ.map(([table, rows]) => `${table} ${counts[table]} of ${rows.length}`).join(", ");
    throw new Error(`the restored rows differ from the file's: ${list}`);
  }
  return {
    proven: true,
    provenAt: new Date().toISOString(),
    bytes: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    counts,
  };
}

/**
 * Proves the backup in `file` through the owner's connection (`ownerUrl`, which may create the
 * scratch database), writes the outcome beside it and logs it: proven (info), not provable here
 * (warn, with the reason), failed (error; the file is kept, shown as not proven).
 */
export async function proveBackup(ownerUrl: string, file: string, log: Logger): Promise<BackupProof> {
  const name = path.basename(file);
  let proof: BackupProof;
  try {
    const proven = await check(ownerUrl, await readFile(file));
    log.info({ file: name, rows: Object.values(proven.counts).reduce((a, b) => a + b, 0) }, "backup proven");
    proof = proven;
  } catch (error) {
    const refused = error instanceof ScratchRefused;
    const reason = refused ? NO_SCRATCH_DATABASE : `its restore failed: ${(error as Error).message}`;
    proof = { proven: false, checkedAt: new Date().toISOString(), reason };
    if (refused) log.warn({ file: name, reason, err: error }, "backup not proven");
    else log.error({ file: name, reason, err: error }, "backup proof failed");
  }
  await writeProof(file, proof);
  return proof;
}

/** Whether `bytes` are the very file a proof was made of. */
export function provenFile(proof: BackupProof | null, bytes: Buffer): boolean {
  return Boolean(
    proof?.proven && proof.bytes === bytes.length && proof.sha256 === createHash("sha256").update(bytes).digest("hex"),
  );
}

/**
 * The server's backups directory (DATA_DIR/backups; a volume the container stack's replicas
 * share): backups and restore points written whole or not at all, the newest kept of each kind,
 * each with its proof file beside it, and listed for the admin area.
 */
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { backupLedger, createBackup, decodeBackup, encodeBackup, type ErasureRow } from "~/domain/admin/backup.server";
import { backupFileName, backupKindOf, isBackupName, KEEP, type BackupKind } from "~/lib/admin/overview";
import { parseProof, proofState, PROOF_SUFFIX, type BackupProof, type ProofState } from "~/lib/admin/backups";

/** Writes a backup of the database into `dir` (renamed into place only once complete) and prunes the old ones. */
export async function writeBackupFile(
  pool: pg.Pool,
  dir: string,
  kind: BackupKind = "backup",
  keep: number = KEEP[kind],
): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupFileName(kind));
  await writeFile(`${file}.partial`, encodeBackup(await createBackup(pool)), { mode: 0o600 });
  // Renamed only when complete: a crash mid-write never leaves a truncated "backup".
  await rename(`${file}.partial`, file);
  await prune(dir, kind, keep);
  return file;
}

async function prune(dir: string, kind: BackupKind, keep: number): Promise<void> {
  const names = await readdir(dir);
  const mine = names.filter((f) => isBackupName(f) && backupKindOf(f) === kind).sort();
  for (const old of mine.slice(0, Math.max(0, mine.length - keep))) {
    await rm(path.join(dir, old), { force: true });
    await rm(path.join(dir, old + PROOF_SUFFIX), { force: true });
  }
}

export function proofFile(file: string): string {
  return file + PROOF_SUFFIX;
}

export async function writeProof(file: string, proof: BackupProof): Promise<void> {
  const target = proofFile(file);
  await writeFile(`${target}.partial`, JSON.stringify(proof), { mode: 0o600 });
  await rename(`${target}.partial`, target);
}

export async function readProof(file: string): Promise<BackupProof | null> {
  const text = await readFile(proofFile(file), "utf8").catch(() => null);
  return text === null ? null : parseProof(text);
}

export interface BackupFile {
  name: string;
  kind: BackupKind;
  size: number;
  modifiedAt: Date;
  proof: ProofState;
}

/** The backups and restore points in the directory, newest first; none when it does not exist (yet). */
export async function listBackups(dir: string): Promise<BackupFile[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter(isBackupName);
  const files = await Promise.all(
    names.map(async (name): Promise<BackupFile | null> => {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      const proof = proofState(await readProof(file), info.size);
      return { name, kind: backupKindOf(name), size: info.size, modifiedAt: info.mtime, proof };
    }),
  );
  return files.filter((f) => f !== null).sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime());
}

/**
 * The full path of a backup the server lists, or null. The name must be one `listBackups` returns,
 * so a name with a separator, dot-dot or anything else is never joined to the directory.
 */
export async function backupPath(dir: string, name: string): Promise<{ file: string; size: number } | null> {
  const found = (await listBackups(dir)).find((b) => b.name === name);
  return found ? { file: path.join(dir, found.name), size: found.size } : null;
}

/** A listed backup's file and bytes (for a restore), or null. */
export async function keptBackup(dir: string, name: string): Promise<{ file: string; bytes: Buffer } | null> {
  const found = await backupPath(dir, name);
  return found ? { file: found.file, bytes: await readFile(found.file) } : null;
}

/** How long ago the newest file of any kind was written (Infinity: none). */
export async function newestBackupAge(dir: string): Promise<number> {
  const newest = (await listBackups(dir))[0];
  return newest ? Date.now() - newest.modifiedAt.getTime() : Infinity;
}

/**
 * The erasure ledger of the newest readable backup in the directory (none: an empty list). A
 * restore into an empty database at the shell adds it to the restored backup's own ledger, so an
 * older backup cannot bring back a racer erased since (decision 0053).
 */
export async function newestLedger(dir: string): Promise<ErasureRow[]> {
  for (const { name } of await listBackups(dir)) {
    try {
      return backupLedger(decodeBackup(await readFile(path.join(dir, name))));
    } catch {
      // A damaged file: the next newest says as much.
    }
  }
  return [];
}

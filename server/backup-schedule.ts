/**
 * The server keeps its own backups (with the embedded database, or DAILY_BACKUPS=1): one whenever
 * the newest in DATA_DIR/backups is a day old, checked soon after start and then hourly; the newest
 * 14 stay. Several instances may share the directory (the container stack's replicas, one volume):
 * an advisory lock lets one of them write while the others find its file and skip.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { createBackup, encodeBackup } from "~/domain/admin/backup.server";
import { backupFileName } from "~/server/commands/backup";
import type { Logger } from "~/server/logger";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const KEEP_BACKUPS = 14;

export async function backupNow(pool: pg.Pool, dir: string, keep = KEEP_BACKUPS): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, backupFileName());
  await writeFile(`${file}.partial`, encodeBackup(await createBackup(pool)), { mode: 0o600 });
  // Renamed only when complete: a crash mid-write never leaves a truncated "backup".
  await rename(`${file}.partial`, file);
  const backups = (await readdir(dir)).filter((f) => f.startsWith("club-backup-") && f.endsWith(".json.gz")).sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - keep))) await rm(path.join(dir, old));
  return file;
}

async function newestBackupAge(dir: string): Promise<number> {
  const files = (await readdir(dir).catch(() => [])).filter((f) => f.endsWith(".json.gz"));
  let newest = 0;
  for (const f of files) newest = Math.max(newest, (await stat(path.join(dir, f))).mtimeMs);
  return Date.now() - newest;
}

/** The advisory lock of the backups (the migrations and the demo data hold others). */
const BACKUP_LOCK = 728_301_987;

/**
 * Writes a backup when the newest in `dir` is at least a day old and no other instance is writing
 * one; returns the file, or null when none was due or another instance held the lock.
 */
export async function backupIfDue(pool: pg.Pool, dir: string): Promise<string | null> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [BACKUP_LOCK]);
    if (!rows[0]?.locked) return null;
    try {
      return (await newestBackupAge(dir)) >= DAY_MS ? await backupNow(pool, dir) : null;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [BACKUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

export function scheduleDailyBackups(pool: pg.Pool, dataDir: string, log: Logger): () => void {
  const dir = path.join(dataDir, "backups");
  const run = () =>
    backupIfDue(pool, dir).then(
      (file) => file && log.info({ file }, "backup written"),
      (error: unknown) => log.error({ err: error }, "backup failed"),
    );
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void run();
    // Hourly, not daily: a backup is due a day after the newest, whichever instance wrote it.
    timer = setInterval(run, HOUR_MS);
    timer.unref();
  }, 5_000);
  first.unref();
  return () => {
    clearTimeout(first);
    if (timer) clearInterval(timer);
  };
}

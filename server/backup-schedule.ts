/**
 * The server keeps its own backups (with the embedded database, or DAILY_BACKUPS=1): one whenever
 * the newest in DATA_DIR/backups is a day old, checked soon after start and then hourly; the newest
 * 14 stay. Several instances may share the directory (the container stack's replicas, one volume):
 * an advisory lock lets one of them write while the others find its file and skip. Each backup is
 * proven (restored into a scratch database and counted) before it counts as good.
 */
import path from "node:path";
import type pg from "pg";
import { newestBackupAge, writeBackupFile } from "~/domain/admin/backup-files.server";
import { KEEP } from "~/lib/admin/overview";
import { proveBackup } from "~/domain/admin/backup-proof.server";
import type { Logger } from "~/server/logger";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
export const KEEP_BACKUPS = KEEP.backup;

export async function backupNow(pool: pg.Pool, dir: string, keep = KEEP_BACKUPS): Promise<string> {
  return writeBackupFile(pool, dir, "backup", keep);
}

/** The advisory lock of the backups (the migrations and the demo data hold others). */
const BACKUP_LOCK = 728_301_987;

/**
 * Writes a backup when the newest in `dir` is at least a day old and no other instance is writing
 * one; returns the file, or null when none was due or another instance held the lock. With
 * `prove`, the backup is proven before the lock is let go (another instance never sees it unproven
 * and proves it again).
 */
export async function backupIfDue(
  pool: pg.Pool,
  dir: string,
  prove?: (file: string) => Promise<unknown>,
): Promise<string | null> {
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [BACKUP_LOCK]);
    if (!rows[0]?.locked) return null;
    try {
      if ((await newestBackupAge(dir)) < DAY_MS) return null;
      const file = await backupNow(pool, dir);
      await prove?.(file);
      return file;
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [BACKUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

/** `ownerUrl`: the owning role's connection string, which may create the scratch database of a proof. */
export function scheduleDailyBackups(pool: pg.Pool, dataDir: string, ownerUrl: string, log: Logger): () => void {
  const dir = path.join(dataDir, "backups");
  const run = () =>
    backupIfDue(pool, dir, (file) => proveBackup(ownerUrl, file, log)).then(
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

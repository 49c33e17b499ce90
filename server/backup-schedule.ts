/**
 * With the embedded database the server keeps its own backups: one at start when the newest is
 * older than a day, then daily; the newest 14 stay in DATA_DIR/backups.
 */
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type pg from "pg";
import { createBackup, encodeBackup } from "~/domain/admin/backup.server";
import { backupFileName } from "~/server/commands/backup";
import type { Logger } from "~/server/logger";

const DAY_MS = 24 * 60 * 60 * 1000;
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

export function scheduleDailyBackups(pool: pg.Pool, dataDir: string, log: Logger): () => void {
  const dir = path.join(dataDir, "backups");
  const run = () =>
    backupNow(pool, dir).then(
      (file) => log.info({ file }, "backup written"),
      (error: unknown) => log.error({ err: error }, "backup failed"),
    );
  let timer: NodeJS.Timeout | undefined;
  const first = setTimeout(async () => {
    if ((await newestBackupAge(dir)) >= DAY_MS) await run();
    timer = setInterval(run, DAY_MS);
    timer.unref();
  }, 5_000);
  first.unref();
  return () => {
    clearTimeout(first);
    if (timer) clearInterval(timer);
  };
}

import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createBackup, decodeBackup, encodeBackup, restoreBackup } from "~/domain/admin/backup.server";
import type { Command } from "~/server/commands/types";

export function backupFileName(date = new Date()): string {
  return `club-backup-${date.toISOString().replace(/[:.]/g, "-")}.json.gz`;
}

export const dbBackup: Command = {
  summary: "db:backup [FILE]  write a consistent snapshot of every club table to FILE",
  async run({ db, args, env, print }) {
    const file = args[0] ?? path.join(env.DATA_DIR, "backups", backupFileName());
    const backup = await createBackup(db.$client);
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, encodeBackup(backup), { mode: 0o600 });
    const rows = Object.entries(backup.tables)
      .map(([t, r]) => `${t} ${r.length}`)
      .join(", ");
    print(`Backup written to ${file} (${rows}).`);
    return 0;
  },
};

export const dbRestore: Command = {
  summary: "db:restore FILE   restore a backup into an empty database",
  async run({ db, owner = db, args, print }) {
    const file = args[0];
    if (!file) {
      print("Usage: npm run db:restore -- FILE");
      return 2;
    }
    const backup = decodeBackup(await readFile(file));
    const counts = await restoreBackup(owner.$client, backup);
    print(
      `Restored ${file}: ${Object.entries(counts)
        .map(([t, n]) => `${t} ${n}`)
        .join(", ")}.`,
    );
    return 0;
  },
};

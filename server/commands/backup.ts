import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createBackup, decodeBackup, encodeBackup, restoreBackup } from "~/domain/admin/backup.server";
import { proveBackup } from "~/domain/admin/backup-proof.server";
import { newestLedger } from "~/domain/admin/backup-files.server";
import { NO_SCRATCH_DATABASE } from "~/lib/admin/backups";
import { backupFileName } from "~/lib/admin/overview";
import { createLogger } from "~/server/logger";
import type { Command } from "~/server/commands/types";

export const dbBackup: Command = {
  summary: "db:backup [FILE]  write a consistent snapshot of every club table to FILE, then prove it",
  async run({ db, ownerUrl, args, env, print }) {
    const file = args[0] ?? path.join(env.DATA_DIR, "backups", backupFileName());
    const backup = await createBackup(db.$client);
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    await writeFile(file, encodeBackup(backup), { mode: 0o600 });
    const rows = Object.entries(backup.tables)
      .map(([t, r]) => `${t} ${r.length}`)
      .join(", ");
    print(`Backup written to ${file} (${rows}).`);
    if (!ownerUrl) return 0;
    // The outcome is printed here, for the person at the shell, rather than logged.
    const proof = await proveBackup(ownerUrl, file, createLogger("silent"));
    if (proof.proven) {
      print(`Proven: restored into a scratch database, every table's rows counted (${file}.proof.json).`);
      return 0;
    }
    print(`Not proven: ${proof.reason}.`);
    // A backup that cannot be checked here is still a backup; one whose restore failed is not.
    return proof.reason === NO_SCRATCH_DATABASE ? 0 : 1;
  },
};

export const dbRestore: Command = {
  summary: "db:restore FILE   restore a backup into an empty database (racers erased since stay erased)",
  async run({ db, owner = db, args, env, print }) {
    const file = args[0];
    if (!file) {
      print("Usage: npm run db:restore -- FILE");
      return 2;
    }
    const backup = decodeBackup(await readFile(file));
    // The newest kept backup knows of erasures made after FILE was taken (decision 0053).
    const ledger = await newestLedger(path.join(env.DATA_DIR, "backups"));
    const counts = await restoreBackup(owner.$client, backup, undefined, ledger);
    print(
      `Restored ${file}: ${Object.entries(counts)
        .map(([t, n]) => `${t} ${n}`)
        .join(", ")}.`,
    );
    return 0;
  },
};

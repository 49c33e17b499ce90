import { migrations } from "~/db/migrate";
import type { Command } from "~/server/commands/types";

/**
 * Every command migrates the database before it runs (server/cli.ts); this one does only that, so
 * an upgrade can apply a new version's migrations before the new version serves
 * (scripts/upgrade.sh): when they fail, the old version is still the one running.
 */
export const dbMigrate: Command = {
  summary: "db:migrate        apply this version's database migrations, and nothing else",
  run({ print }) {
    print(`The database has this version's ${migrations.length} migrations (the newest: ${migrations.at(-1)?.name}).`);
    return Promise.resolve(0);
  },
};

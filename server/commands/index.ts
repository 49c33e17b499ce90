// The shell commands by name. Each lives in its own module; they share only the types in ./types.
import { admin } from "~/server/commands/admin";
import { dbBackup, dbRestore } from "~/server/commands/backup";
import { dbImport } from "~/server/commands/import";
import { dbMigrate } from "~/server/commands/migrate";
import type { Command } from "~/server/commands/types";

export const commands: Record<string, Command> = {
  admin,
  "db:backup": dbBackup,
  "db:restore": dbRestore,
  "db:import": dbImport,
  "db:migrate": dbMigrate,
};

// The shell commands by name. Each lives in its own module; they share only the types in ./types.
import { admin } from "./admin";
import { dbBackup, dbRestore } from "./backup";
import { dbImport } from "./import";
import type { Command } from "./types";

export const commands: Record<string, Command> = {
  admin,
  "db:backup": dbBackup,
  "db:restore": dbRestore,
  "db:import": dbImport,
};

import type { Database } from "~/db/client";
import type { Env } from "~/server/env";

export interface CliContext {
  db: Database;
  /**
   * The owning role (MIGRATION_DATABASE_URL), else `db`: for restores and imports, which move
   * identity sequences past the ids they insert (setval), a privilege the site's role lacks.
   */
  owner?: Database;
  env: Env;
  args: string[];
  print: (line: string) => void;
}

export type Command = { summary: string; run: (ctx: CliContext) => Promise<number> };

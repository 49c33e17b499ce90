import type { Database } from "~/db/client";
import type { Env } from "~/server/env";

export interface CliContext {
  db: Database;
  /**
   * The owning role (MIGRATION_DATABASE_URL), else `db`: for restores and imports, which move
   * identity sequences past the ids they insert (setval), a privilege the site's role lacks.
   */
  owner?: Database;
  /** The owning role's connection string (MIGRATION_DATABASE_URL, else the site's): a backup's proof creates its scratch database with it. */
  ownerUrl?: string;
  env: Env;
  args: string[];
  print: (line: string) => void;
}

export type Command = { summary: string; run: (ctx: CliContext) => Promise<number> };

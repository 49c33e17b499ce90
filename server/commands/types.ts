import type { Database } from "~/db/client";
import type { Env } from "~/server/env";

export interface CliContext {
  db: Database;
  env: Env;
  args: string[];
  print: (line: string) => void;
}

export type Command = { summary: string; run: (ctx: CliContext) => Promise<number> };

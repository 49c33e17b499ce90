/**
 * Shell commands (`npm run <name>`), bundled with the server so they run the same code as the site.
 * scripts/cli.js builds the site if needed and calls `runCli(process.argv.slice(2))`.
 * Each command gets a connected database (embedded or DATABASE_URL), migrated.
 */
import { createDatabase, createPool, type Database } from "../db/client";
import { migrate } from "../db/migrate";
import { attachOrStartEmbeddedPostgres } from "../db/embedded-postgres";
import { parseEnv, type Env } from "./env";

export interface CliContext {
  db: Database;
  env: Env;
  args: string[];
  print: (line: string) => void;
}

type Command = { summary: string; run: (ctx: CliContext) => Promise<number> };

/** Commands register here: name -> what it does. */
export const commands: Record<string, Command> = {};

export async function runCli(argv: string[]): Promise<number> {
  await import("./commands");
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.log(`Usage: npm run <command> -- [arguments]\n\nCommands:`);
    for (const c of Object.values(commands)) console.log(`  ${c.summary}`);
    return name ? 2 : 0;
  }
  const env = parseEnv();
  const embedded = env.DATABASE_URL ? undefined : await attachOrStartEmbeddedPostgres({ dataDir: env.DATA_DIR });
  const pool = createPool(env.DATABASE_URL ?? embedded!.connectionString, 2);
  try {
    await migrate(pool);
    return await command.run({ db: createDatabase(pool), env, args, print: (line) => console.log(line) });
  } catch (error) {
    // A command's failure is a message for the person at the shell, not a stack trace.
    console.error(`Error: ${(error as Error).message}`);
    return 1;
  } finally {
    await pool.end();
    await embedded?.stop();
  }
}

/**
 * Shell commands (`npm run <name>`), bundled with the server so they run the same code as the site.
 * scripts/cli.js builds the site if needed and calls `runCli(process.argv.slice(2))`.
 * Each command gets a connected database (embedded or DATABASE_URL), migrated (as the owning
 * role when MIGRATION_DATABASE_URL is set), and the owner's connection for the few that need it.
 */
import { createDatabase, createPool } from "~/db/client";
import { createMigrationPool, prepareDatabase } from "~/db/prepare";
import { attachOrStartEmbeddedPostgres } from "~/db/embedded-postgres";
import { parseEnv } from "~/server/env";
import { commands } from "~/server/commands/index";

// The shell's own output (usage, results, errors) is the interface of a command, not a log line.
const out = (line: string) => process.stdout.write(`${line}\n`);

export async function runCli(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? commands[name] : undefined;
  if (!command) {
    out(`Usage: npm run <command> -- [arguments]\n\nCommands:`);
    for (const c of Object.values(commands)) out(`  ${c.summary}`);
    return name ? 2 : 0;
  }
  const env = parseEnv();
  const embedded = env.DATABASE_URL ? undefined : await attachOrStartEmbeddedPostgres({ dataDir: env.DATA_DIR });
  const siteUrl = env.DATABASE_URL ?? embedded!.connectionString;
  const pool = createPool(siteUrl, 2);
  const migrationPool = env.MIGRATION_DATABASE_URL ? createMigrationPool(env.MIGRATION_DATABASE_URL) : undefined;
  try {
    await prepareDatabase(pool, migrationPool);
    const db = createDatabase(pool);
    return await command.run({
      db,
      owner: migrationPool ? createDatabase(migrationPool) : db,
      ownerUrl: env.MIGRATION_DATABASE_URL ?? siteUrl,
      env,
      args,
      print: out,
    });
  } catch (error) {
    // A command's failure is a message for the person at the shell, not a stack trace.
    process.stderr.write(`Error: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await migrationPool?.end();
    await pool.end();
    await embedded?.stop();
  }
}

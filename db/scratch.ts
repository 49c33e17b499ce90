/**
 * A scratch database for one job (a backup's proof): created through the owner's connection,
 * migrated, handed to `job`, and dropped afterwards whatever happened. Creating one needs
 * CREATEDB (the embedded server's superuser has it; the container stack gives it to club_owner);
 * without it `ScratchRefused` says so and nothing is left behind.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { createPool } from "~/db/client";
import { migrate } from "~/db/migrate";

export class ScratchRefused extends Error {}

/** The same server and role, another database (also the embedded server's "...@/db?host=..." form). */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function onOwner<T>(ownerUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function withScratchDatabase<T>(ownerUrl: string, job: (pool: pg.Pool) => Promise<T>): Promise<T> {
  // Lower case letters and digits only: no quoting needed, and recognisable if a crash left one.
  const name = `club_scratch_${randomBytes(6).toString("hex")}`;
  await onOwner(ownerUrl, async (client) => {
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code === "42501") throw new ScratchRefused((error as Error).message);
      throw error;
    }
  });
  const pool = createPool(withDatabase(ownerUrl, name), 2);
  try {
    await migrate(pool);
    return await job(pool);
  } finally {
    await pool.end().catch(() => undefined);
    await dropDatabase(ownerUrl, name);
  }
}

async function dropDatabase(ownerUrl: string, name: string): Promise<void> {
  await onOwner(ownerUrl, async (client) => {
    // PostgreSQL 15 may refuse FORCE while an autovacuum worker is in the database: wait for it.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "42501" || attempt === 10) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  });
}

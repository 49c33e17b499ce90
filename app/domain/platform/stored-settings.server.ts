/**
 * The club's settings table (`club_settings`: one JSON value per key), for every feature's own
 * setting: a key not stored yet reads as the feature's default. Kept in the database so backups and
 * every instance see the same value.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { clubSettings } from "~/db/schema";

type Executor = Pick<Database, "select" | "insert">;

export async function readStoredSetting<T>(db: Executor, key: string, fallback: T): Promise<T> {
  const [row] = await db.select({ value: clubSettings.value }).from(clubSettings).where(eq(clubSettings.key, key));
  return row ? (row.value as T) : fallback;
}

/** Sets a setting; returns what it held before (for the audit log). */
export async function writeStoredSetting<T>(db: Executor, key: string, value: T, fallback: T): Promise<T> {
  const before = await readStoredSetting(db, key, fallback);
  await db
    .insert(clubSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: clubSettings.key, set: { value, updatedAt: sql`now()` } });
  return before;
}

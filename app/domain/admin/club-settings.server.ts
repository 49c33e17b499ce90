/**
 * The club's settings (table club_settings, one JSON value per key; kept in backups). Each
 * setting has a default here, so a fresh install needs no rows. Issue 24 adds the club's words,
 * links and images as more keys.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { clubSettings } from "~/db/schema";

export const SETTING_DEFAULTS = {
  /** Every admin, not only owners, must sign in with two factors. */
  "security.require_two_factor": false,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingValue<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K] extends boolean
  ? boolean
  : (typeof SETTING_DEFAULTS)[K];

type Executor = Pick<Database, "select" | "insert">;

export async function readSetting<K extends SettingKey>(db: Executor, key: K): Promise<SettingValue<K>> {
  const [row] = await db.select({ value: clubSettings.value }).from(clubSettings).where(eq(clubSettings.key, key));
  return (row ? row.value : SETTING_DEFAULTS[key]) as SettingValue<K>;
}

/** Sets a setting; returns what it held before (for the audit log). */
export async function writeSetting<K extends SettingKey>(db: Executor, key: K, value: SettingValue<K>): Promise<SettingValue<K>> {
  const before = await readSetting(db, key);
  await db
    .insert(clubSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: clubSettings.key, set: { value, updatedAt: sql`now()` } });
  return before;
}

/** The SQL that reads whether the club requires two-factor for everyone (for a query that needs it in one round trip). */
export const clubRequiresTwoFactorSql = sql<boolean>`coalesce((SELECT (value = 'true'::jsonb) FROM club_settings WHERE key = 'security.require_two_factor'), false)`;

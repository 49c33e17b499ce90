/**
 * The club's settings (table club_settings, one JSON value per key; kept in backups). Each
 * setting has a default here, so a fresh install needs no rows. The club's words, links and time
 * zone are one more key, "club" (readClub / saveClub below), whose defaults come from site.ts and
 * the environment.
 */
import { readStoredSetting, writeStoredSetting } from "~/domain/platform/stored-settings.server";
import { inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { clubSettings } from "~/db/schema";
import { keptOrComputed, type ComputedOnce } from "~/domain/platform/computed-once.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import { CLUB_IMAGE_KEYS, clubImagesFrom } from "~/domain/images/images.server";
import {
  clubDefaults,
  clubFromStored,
  type Club,
  type ClubEnvDefaults,
  type ClubSettingsInput,
} from "~/lib/platform/club-settings";

export const SETTING_DEFAULTS = {
  /** Every admin, not only owners, must sign in with two factors. */
  "security.require_two_factor": false,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingValue<K extends SettingKey> = (typeof SETTING_DEFAULTS)[K] extends boolean
  ? boolean
  : (typeof SETTING_DEFAULTS)[K] extends number
    ? number
    : (typeof SETTING_DEFAULTS)[K];

type Executor = Pick<Database, "select" | "insert">;

export function readSetting<K extends SettingKey>(db: Executor, key: K): Promise<SettingValue<K>> {
  return readStoredSetting(db, key, SETTING_DEFAULTS[key] as SettingValue<K>);
}

/** Sets a setting; returns what it held before (for the audit log). */
export function writeSetting<K extends SettingKey>(db: Executor, key: K, value: SettingValue<K>): Promise<SettingValue<K>> {
  return writeStoredSetting(db, key, value, SETTING_DEFAULTS[key] as SettingValue<K>);
}

/** The SQL that reads whether the club requires two-factor for everyone (for a query that needs it in one round trip). */
export const clubRequiresTwoFactorSql = sql<boolean>`coalesce((SELECT (value = 'true'::jsonb) FROM club_settings WHERE key = 'security.require_two_factor'), false)`;

/** The key of the club's words, links and time zone: one JSON value (app/lib/platform/club-settings.ts). */
export const CLUB_KEY = "club";

/**
 * The club as pages show it: what an owner saved over the defaults of this install, with its
 * uploaded logo and banner when it has them (keys "image.logo", "image.banner": app/domain/images).
 */
export async function readClub(db: Executor, env: ClubEnvDefaults): Promise<Club> {
  const rows = await db
    .select({ key: clubSettings.key, value: clubSettings.value })
    .from(clubSettings)
    .where(inArray(clubSettings.key, [CLUB_KEY, ...CLUB_IMAGE_KEYS]));
  const club = clubFromStored(rows.find((r) => r.key === CLUB_KEY)?.value, clubDefaults(env));
  const images = clubImagesFrom(rows);
  return { ...club, ...(images.logo ? { logo: images.logo } : {}), ...(images.banner ? { banner: images.banner } : {}) };
}

/**
 * Saves the club's settings and audits the fields that changed (none changed: nothing written,
 * false). The write bumps the data version, so every instance drops its cached pages.
 */
export async function saveClub(
  db: Database,
  input: ClubSettingsInput,
  env: ClubEnvDefaults,
  actor: AuditActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One writer at a time, so the audit entry's "before" is the value this write replaced.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('club_settings:club'))`);
    // The images have their own keys and their own form.
    const { logo: _logo, banner: _banner, ...before } = await readClub(tx, env);
    const after: Club = { ...before, ...input };
    const changes = diffFields({ ...before }, { ...after });
    if (Object.keys(changes).length === 0) return false;
    await tx
      .insert(clubSettings)
      .values({ key: CLUB_KEY, value: after })
      .onConflictDoUpdate({ target: clubSettings.key, set: { value: after, updatedAt: sql`now()` } });
    await recordAudit(tx, { actor, kind: "settings.update", record: { type: "club-setting", id: CLUB_KEY }, changes });
    return true;
  });
}

/** Where the server gets the club for each request: kept until the data changes, read again after. */
export interface ClubSource {
  current(): Promise<Club>;
  /** The time zone last read, synchronously (the page cache's date key); the default before any read. */
  timeZone(): string;
}

export function clubSource(db: Executor, env: ClubEnvDefaults, computed?: ComputedOnce): ClubSource {
  let latest: Club | undefined;
  return {
    async current() {
      latest = await keptOrComputed(computed, CLUB_KEY, () => readClub(db, env));
      return latest;
    },
    timeZone: () => latest?.timeZone ?? env.timeZone,
  };
}

/**
 * The club's check-in setting (issue 36 item 1): when racing starts on a race day and how long
 * before it racers may check in. One key of club_settings, so backups and every instance see it.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { clubSettings } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import { checkInSettingsFrom, type CheckInSettings } from "~/lib/race-day/check-in";

const KEY = "race_day.check_in";

type Reader = Pick<Database, "select">;

export async function readCheckInSettings(db: Reader): Promise<CheckInSettings> {
  const [row] = await db.select({ value: clubSettings.value }).from(clubSettings).where(eq(clubSettings.key, KEY));
  return checkInSettingsFrom(row?.value);
}

/** Saves the setting and audits what changed; false when nothing did. */
export async function saveCheckInSettings(db: Database, input: CheckInSettings, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`club_settings:${KEY}`}))`);
    const before = await readCheckInSettings(tx);
    const changes = diffFields({ ...before }, { ...input });
    if (Object.keys(changes).length === 0) return false;
    await tx
      .insert(clubSettings)
      .values({ key: KEY, value: input })
      .onConflictDoUpdate({ target: clubSettings.key, set: { value: input, updatedAt: sql`now()` } });
    await recordAudit(tx, { actor, kind: "settings.update", record: { type: "club-setting", id: KEY }, changes });
    return true;
  });
}

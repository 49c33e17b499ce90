/** The results check window's setting (decision 0056), saved and audited like the club's other settings. */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { readSetting, writeSetting } from "~/domain/admin/club-settings.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/admin/audit";

const KEY = "race_day.results_check_minutes";

export function readResultsCheckMinutes(db: Database): Promise<number> {
  return readSetting(db, KEY);
}

/** False when the value was already this (nothing written, nothing audited). */
export async function saveResultsCheckMinutes(db: Database, minutes: number, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`club_settings:${KEY}`}))`);
    if ((await readSetting(tx, KEY)) === minutes) return false;
    const before = await writeSetting(tx, KEY, minutes);
    await recordAudit(tx, {
      actor,
      kind: "settings.update",
      record: { type: "club-setting", id: KEY },
      changes: diffFields({ minutes: before }, { minutes }),
    });
    return true;
  });
}

/** The results check window's setting (decision 0056), saved and audited like the club's other settings. */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { readStoredSetting, writeStoredSetting } from "~/domain/platform/stored-settings.server";
import { RESULTS_CHECK_MINUTES } from "~/lib/race-day/results-check";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";

const KEY = "race_day.results_check_minutes";

export function readResultsCheckMinutes(db: Pick<Database, "select" | "insert">): Promise<number> {
  return readStoredSetting(db, KEY, RESULTS_CHECK_MINUTES.default);
}

/** False when the value was already this (nothing written, nothing audited). */
export async function saveResultsCheckMinutes(db: Database, minutes: number, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`club_settings:${KEY}`}))`);
    if ((await readResultsCheckMinutes(tx)) === minutes) return false;
    const before = await writeStoredSetting(tx, KEY, minutes, RESULTS_CHECK_MINUTES.default);
    await recordAudit(tx, {
      actor,
      kind: "settings.update",
      record: { type: "club-setting", id: KEY },
      changes: diffFields({ minutes: before }, { minutes }),
    });
    return true;
  });
}

/** The club's default duty list (issue 36 item 2, decision 0058), saved and audited like the club's other settings. */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { readStoredSetting, writeStoredSetting } from "~/domain/platform/stored-settings.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import { DEFAULT_DUTIES, dutyListFrom, type DutyDefinition } from "~/lib/race-day/duties";

const KEY = "race_day.duties";

const asText = (list: readonly DutyDefinition[]) => list.map((d) => `${d.name} ${d.places}`).join(", ");

export async function readDefaultDuties(db: Pick<Database, "select" | "insert">): Promise<DutyDefinition[]> {
  return dutyListFrom(await readStoredSetting<unknown>(db, KEY, null));
}

/** False when the list was already this (nothing written, nothing audited). */
export async function saveDefaultDuties(db: Database, list: DutyDefinition[], actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`club_settings:${KEY}`}))`);
    const before = await readDefaultDuties(tx);
    if (asText(before) === asText(list)) return false;
    await writeStoredSetting<unknown>(tx, KEY, list, DEFAULT_DUTIES);
    await recordAudit(tx, {
      actor,
      kind: "settings.update",
      record: { type: "club-setting", id: KEY },
      changes: diffFields({ duties: asText(before) }, { duties: asText(list) }),
    });
    return true;
  });
}

/** Results management (admin only): the race picker and replacing one heat of one class. */
import { asc } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, races } from "~/db/schema";
import type { ResultsInput } from "~/lib/race-day/results-schema";
import type { ResultLine } from "~/lib/race-day/race-day";
import type { StoredResult } from "~/lib/race-day/result-changes";
import { isForeignKeyViolation, pgErrorCode } from "~/domain/platform/db-errors.server";
import { byCompetitorName } from "~/domain/racer/competitor-order.server";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import { formatShortDate } from "~/lib/util/dates";
import { completeRaceWithResults } from "~/domain/race-day/race-completion.server";
import { heatResults, lockRaceForResults, markResultsUpdated, writeHeat } from "~/domain/race-day/heat-results.server";

/** The race picker's races, each with its date as the screens show it (formatted here, not in the browser). */
export async function raceOptions(db: Database) {
  const rows = await db
    .select({ id: races.id, title: races.title, date: races.date, status: races.status })
    .from(races)
    .orderBy(asc(races.date), asc(races.id));
  return rows.map((r) => ({ ...r, dateLabel: formatShortDate(r.date) }));
}

export async function competitorOptions(db: Database) {
  const rows = await db
    .select({
      id: competitors.id,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      boatNumber: competitors.boatNumber,
    })
    .from(competitors)
    .orderBy(...byCompetitorName());
  return rows.map((r) => ({ id: r.id, label: `${r.firstName} ${r.lastName}${r.boatNumber ? ` #${r.boatNumber}` : ""}` }));
}

export type ReplaceOutcome =
  | { ok: true; saved: number; completed: boolean }
  | { ok: false; reason: "race-not-found" | "competitor-not-found" | "delete-failed" | "insert-failed" };

/**
 * Replaces the results of one race, heat and class with the given rows, in one transaction: if
 * anything fails, the previous results stay exactly as they were. Points are computed here from
 * the club's table, never taken from the browser.
 */
export async function replaceHeatResults(
  db: Database,
  input: ResultsInput,
  actor: AuditActor = NO_ACTOR,
): Promise<ReplaceOutcome> {
  const progress = { stage: "delete" as "delete" | "insert" };
  const heat = { raceId: input.raceId, boatClass: input.boatClass, heatNumber: input.heatNumber };
  try {
    return await db.transaction(async (tx) => {
      const race = await lockRaceForResults(tx, input.raceId);
      if (!race) return { ok: false, reason: "race-not-found" } as const;
      await markResultsUpdated(tx, input.raceId);
      const before = await heatResults(tx, heat);
      // An import's "laps adjusted" note stays with a racer whose lap count this save keeps; a
      // new count typed here replaces what the note explained (the change log records that).
      const adjusted = new Map(before.filter((r) => r.lapsAdjustment !== null).map((r) => [r.competitorId, r]));
      const after: StoredResult[] = input.rows
        .map((row) => {
          const laps = row.laps ?? null;
          const was = adjusted.get(row.competitorId);
          const kept = was && was.laps === laps;
          return {
            competitorId: row.competitorId,
            position: row.position,
            laps,
            lapTime: row.lapTime || null,
            bestLap: row.bestLap || null,
            totalTime: row.totalTime || null,
            lapsAdjustment: kept ? was.lapsAdjustment : null,
            lapsAdjustmentReason: kept ? was.lapsAdjustmentReason : null,
          };
        })
        .sort((a, b) => a.position - b.position || a.competitorId - b.competitorId);
      await writeHeat(tx, heat, before, after, { official: race.official, progress });
      // Every save's before and after go to the audit log (an import's adjustments are its own entry's).
      const heatName = `${input.boatClass} heat ${input.heatNumber}`;
      await recordAudit(tx, {
        actor,
        kind: "results.save",
        record: { type: "race", id: input.raceId },
        changes: diffFields({ [heatName]: before.length ? before.map(resultLine) : null }, { [heatName]: after.map(resultLine) }),
      });
      const completed = await completeRaceWithResults(tx, input.raceId, actor);
      return { ok: true, saved: input.rows.length, completed } as const;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return { ok: false, reason: "competitor-not-found" };
    if (pgErrorCode(error)?.startsWith("23") || pgErrorCode(error)?.startsWith("P0")) {
      return { ok: false, reason: progress.stage === "delete" ? "delete-failed" : "insert-failed" };
    }
    throw error;
  }
}

/** A stored result without the import's lap adjustment: what the editor shows and audits. */
function resultLine({ competitorId, position, laps, lapTime, bestLap, totalTime }: StoredResult): ResultLine {
  return { competitorId, position, laps, lapTime, bestLap, totalTime };
}

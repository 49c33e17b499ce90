/** Results management (admin only): the race picker and replacing one heat of one class. */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, raceResultChanges, raceResults, races } from "~/db/schema";
import type { ResultsInput } from "~/lib/admin/admin-schemas";
import { pointsForPosition } from "~/lib/championship/points";
import { describeResultChanges, type ResultLine } from "~/lib/race-day/race-day";
import { isForeignKeyViolation, pgErrorCode } from "~/domain/platform/db-errors.server";
import { byCompetitorName } from "~/domain/racer/competitor-order.server";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/admin/audit";
import { formatShortDate } from "~/lib/util/dates";
import { completeRaceWithResults } from "~/domain/race-day/race-completion.server";

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
  let stage: "delete" | "insert" = "delete";
  try {
    return await db.transaction(async (tx) => {
      // Locks the race: two admins saving the same race are serialized, and it cannot vanish meanwhile.
      const locked = await tx.execute<{ official: boolean }>(
        sql`SELECT results_official_at IS NOT NULL AS official FROM races WHERE id = ${input.raceId} FOR UPDATE`,
      );
      if (locked.rows.length === 0) return { ok: false, reason: "race-not-found" } as const;
      // The live race page's "Last updated" (and, by its trigger, NOTIFY race_changed).
      await tx
        .update(races)
        .set({ resultsUpdatedAt: sql`now()` })
        .where(eq(races.id, input.raceId));
      const heat = and(
        eq(raceResults.raceId, input.raceId),
        eq(raceResults.heatNumber, input.heatNumber),
        eq(raceResults.boatClass, input.boatClass),
      );
      // Official results are never silently rewritten: what this save changes goes to the change
      // log. And every save's before and after go to the audit log.
      const before: ResultLine[] = await tx
        .select({
          competitorId: raceResults.competitorId,
          position: raceResults.position,
          laps: raceResults.laps,
          lapTime: raceResults.lapTime,
          bestLap: raceResults.bestLap,
          totalTime: raceResults.totalTime,
        })
        .from(raceResults)
        .where(heat)
        .orderBy(asc(raceResults.position), asc(raceResults.competitorId));
      // An import's "laps adjusted" note stays with a racer whose lap count this save keeps; a
      // new count typed here replaces what the note explained (the change log records that).
      const adjustments = new Map(
        (
          await tx
            .select({
              competitorId: raceResults.competitorId,
              laps: raceResults.laps,
              lapsAdjustment: raceResults.lapsAdjustment,
              lapsAdjustmentReason: raceResults.lapsAdjustmentReason,
            })
            .from(raceResults)
            .where(and(heat, isNotNull(raceResults.lapsAdjustment)))
        ).map((r) => [r.competitorId, r]),
      );
      const keptAdjustment = (competitorId: number, laps: number | null) => {
        const was = adjustments.get(competitorId);
        return was && was.laps === laps
          ? { lapsAdjustment: was.lapsAdjustment, lapsAdjustmentReason: was.lapsAdjustmentReason }
          : {};
      };
      stage = "delete";
      await tx
        .delete(raceResults)
        .where(
          and(
            eq(raceResults.raceId, input.raceId),
            eq(raceResults.heatNumber, input.heatNumber),
            eq(raceResults.boatClass, input.boatClass),
          ),
        );
      stage = "insert";
      await tx.insert(raceResults).values(
        input.rows.map((row) => ({
          raceId: input.raceId,
          competitorId: row.competitorId,
          position: row.position,
          points: pointsForPosition(row.position),
          laps: row.laps ?? null,
          lapTime: row.lapTime || null,
          bestLap: row.bestLap || null,
          totalTime: row.totalTime || null,
          heatNumber: input.heatNumber,
          boatClass: input.boatClass,
          ...keptAdjustment(row.competitorId, row.laps ?? null),
        })),
      );
      const after: ResultLine[] = input.rows
        .map((row) => ({
          competitorId: row.competitorId,
          position: row.position,
          laps: row.laps ?? null,
          lapTime: row.lapTime || null,
          bestLap: row.bestLap || null,
          totalTime: row.totalTime || null,
        }))
        .sort((a, b) => a.position - b.position || a.competitorId - b.competitorId);
      const heatName = `${input.boatClass} heat ${input.heatNumber}`;
      await recordAudit(tx, {
        actor,
        kind: "results.save",
        record: { type: "race", id: input.raceId },
        changes: diffFields({ [heatName]: before.length ? before : null }, { [heatName]: after }),
      });
      if (locked.rows[0]!.official) {
        const ids = [...new Set([...before, ...after].map((r) => r.competitorId))];
        const boats = new Map(
          (
            await tx
              .select({
                id: competitors.id,
                boatNumber: competitors.boatNumber,
                firstName: competitors.firstName,
                lastName: competitors.lastName,
              })
              .from(competitors)
              .where(inArray(competitors.id, ids))
          ).map((c) => [c.id, c.boatNumber ? `#${c.boatNumber}` : `${c.firstName} ${c.lastName}`]),
        );
        const description = describeResultChanges(
          input.boatClass,
          input.heatNumber,
          before,
          after,
          (id) => boats.get(id) ?? `#?`,
        );
        if (description) {
          await tx
            .insert(raceResultChanges)
            .values({ raceId: input.raceId, heatNumber: input.heatNumber, boatClass: input.boatClass, description });
        }
      }
      const completed = await completeRaceWithResults(tx, input.raceId, actor);
      return { ok: true, saved: input.rows.length, completed } as const;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return { ok: false, reason: "competitor-not-found" };
    if (pgErrorCode(error)?.startsWith("23") || pgErrorCode(error)?.startsWith("P0")) {
      return { ok: false, reason: stage === "delete" ? "delete-failed" : "insert-failed" };
    }
    throw error;
  }
}

/**
 * The one writer of a heat's results (issue 34 item 1): the results editor
 * (`replaceHeatResults`) and the results import (`confirmImport`) both lock the race, read the
 * heat as it was, write it with points from the club's table, stamp the race's results as updated
 * and, once the results are official (or while a results check waits), say in the change log what changed. Each caller keeps only
 * what is its own: where the rows come from and how its audit entry reads.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "~/db/client";
import { competitors, raceResultChanges, raceResults, races } from "~/db/schema";
import { pointsForPosition } from "~/lib/championship/points";
import { describeResultChanges } from "~/lib/race-day/race-day";
import { describeLapAdjustments, type StoredResult } from "~/lib/race-day/result-changes";
import { undecidedResultsChecks } from "~/domain/race-day/results-checks.server";

export interface HeatKey {
  raceId: number;
  boatClass: string;
  heatNumber: number;
}

/**
 * Locks the race for a results write: two admins saving (or importing into) the same race are
 * serialized, and it cannot vanish meanwhile. Null when the race no longer exists.
 */
export async function lockRaceForResults(tx: Tx, raceId: number): Promise<{ official: boolean } | null> {
  const locked = await tx.execute<{ official: boolean }>(
    sql`SELECT results_official_at IS NOT NULL AS official FROM races WHERE id = ${raceId} FOR UPDATE`,
  );
  return locked.rows[0] ?? null;
}

/** The live race page's "Last updated" (and, by its trigger, NOTIFY race_changed). */
export async function markResultsUpdated(tx: Tx, raceId: number): Promise<void> {
  await tx
    .update(races)
    .set({ resultsUpdatedAt: sql`now()` })
    .where(eq(races.id, raceId));
}

function inHeat({ raceId, boatClass, heatNumber }: HeatKey) {
  return and(eq(raceResults.raceId, raceId), eq(raceResults.heatNumber, heatNumber), eq(raceResults.boatClass, boatClass));
}

/** The heat's results as stored, in finishing order. */
export async function heatResults(tx: Tx, heat: HeatKey): Promise<StoredResult[]> {
  return tx
    .select({
      competitorId: raceResults.competitorId,
      position: raceResults.position,
      laps: raceResults.laps,
      lapTime: raceResults.lapTime,
      bestLap: raceResults.bestLap,
      totalTime: raceResults.totalTime,
      lapsAdjustment: raceResults.lapsAdjustment,
      lapsAdjustmentReason: raceResults.lapsAdjustmentReason,
    })
    .from(raceResults)
    .where(inHeat(heat))
    .orderBy(asc(raceResults.position), asc(raceResults.competitorId));
}

/**
 * Replaces the heat's `before` with `after`, points computed here from the club's table (never
 * taken from a form or a file). Official results are never silently rewritten: what changed goes
 * to the change log. `progress.stage` says which step a database error came from.
 */
export async function writeHeat(
  tx: Tx,
  heat: HeatKey,
  before: readonly StoredResult[],
  after: readonly StoredResult[],
  { official, progress }: { official: boolean; progress?: { stage: "delete" | "insert" } },
): Promise<void> {
  if (progress) progress.stage = "delete";
  await tx.delete(raceResults).where(inHeat(heat));
  if (progress) progress.stage = "insert";
  if (after.length > 0) {
    await tx.insert(raceResults).values(
      after.map((r) => ({
        ...r,
        raceId: heat.raceId,
        heatNumber: heat.heatNumber,
        boatClass: heat.boatClass,
        points: pointsForPosition(r.position),
      })),
    );
  }
  // Before official, only a save made while a results check waits is logged: it may be the change an accepted request names.
  if (!official && (await undecidedResultsChecks(tx, heat.raceId)) === 0) return;
  const boat = await boatLabels(
    tx,
    [...before, ...after].map((r) => r.competitorId),
  );
  const description = [
    describeResultChanges(heat.boatClass, heat.heatNumber, before, after, boat),
    describeLapAdjustments(before, after, boat),
  ]
    .filter(Boolean)
    .join("; ");
  if (description) {
    await tx.insert(raceResultChanges).values({
      raceId: heat.raceId,
      heatNumber: heat.heatNumber,
      boatClass: heat.boatClass,
      description: description.slice(0, 2000),
      provisional: !official,
    });
  }
}

/** How the change log names a racer: the boat number, or the name when there is none. */
async function boatLabels(tx: Tx, ids: number[]): Promise<(competitorId: number) => string> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await tx
        .select({
          id: competitors.id,
          boatNumber: competitors.boatNumber,
          firstName: competitors.firstName,
          lastName: competitors.lastName,
        })
        .from(competitors)
        .where(inArray(competitors.id, unique))
    : [];
  const labels = new Map(rows.map((c) => [c.id, c.boatNumber ? `#${c.boatNumber}` : `${c.firstName} ${c.lastName}`]));
  return (id) => labels.get(id) ?? "#?";
}

/**
 * What an import changes in one heat: nothing at all (the same file again: no write, no change
 * log), or the change log's words for laps adjusted by hand ("#7 +1 lap: transponder missed lap 12").
 */
import type { ResultLine } from "~/lib/race-day/race-day";
import { countOf } from "~/lib/util/plural";

export interface StoredResult extends ResultLine {
  lapsAdjustment: number | null;
  lapsAdjustmentReason: string | null;
}

const key = (r: StoredResult) =>
  JSON.stringify([
    r.competitorId,
    r.position,
    r.laps,
    r.lapTime,
    r.bestLap,
    r.totalTime,
    r.lapsAdjustment,
    r.lapsAdjustmentReason,
  ]);

/** The same rows, in any order. */
export function sameResults(before: readonly StoredResult[], after: readonly StoredResult[]): boolean {
  if (before.length !== after.length) return false;
  const was = before.map(key).sort();
  const now = after.map(key).sort();
  return was.every((k, i) => k === now[i]);
}

/** "#7 +1 lap: transponder missed lap 12; #3 -2 laps" for each adjustment that is new or changed. */
export function describeLapAdjustments(
  before: readonly StoredResult[],
  after: readonly StoredResult[],
  boat: (competitorId: number) => string,
): string | null {
  const old = new Map(before.map((r) => [r.competitorId, r]));
  const parts: string[] = [];
  for (const row of [...after].sort((a, b) => a.position - b.position)) {
    const was = old.get(row.competitorId);
    if (row.lapsAdjustment === null) continue;
    if (was && was.lapsAdjustment === row.lapsAdjustment && was.lapsAdjustmentReason === row.lapsAdjustmentReason) continue;
    const amount = `${row.lapsAdjustment > 0 ? "+" : "-"}${countOf(Math.abs(row.lapsAdjustment), "lap")}`;
    parts.push(`${boat(row.competitorId)} ${amount}${row.lapsAdjustmentReason ? `: ${row.lapsAdjustmentReason}` : ""}`);
  }
  return parts.length > 0 ? parts.join("; ") : null;
}

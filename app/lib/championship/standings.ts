/**
 * Standings order (SPEC section 9 + DESIGN "count-back"): total points descending; ties go to
 * the racer with more wins, then more 2nd places, and so on; then by name so the order is stable.
 * The database aggregates the results; this module only orders and numbers the aggregated rows.
 */
import { compareNames } from "~/lib/racer/names";

export interface StandingTotals {
  competitorId: number;
  firstName: string;
  lastName: string;
  points: number;
  /** finishes[i] = how many times the racer finished in position i + 1. */
  finishes: number[];
}

export type Ranked<T> = T & { position: number; wins: number };

function compareFinishes(a: number[], b: number[]): number {
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const diff = (b[i] ?? 0) - (a[i] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

export function compareStandings(a: StandingTotals, b: StandingTotals): number {
  return b.points - a.points || compareFinishes(a.finishes, b.finishes) || compareNames(a, b) || a.competitorId - b.competitorId;
}

export function rankStandings<T extends StandingTotals>(rows: readonly T[]): Ranked<T>[] {
  return [...rows].sort(compareStandings).map((row, index) => ({ ...row, position: index + 1, wins: row.finishes[0] ?? 0 }));
}

/** SPEC: a podium is a finish in position 1 to 3. */
export function isPodium(position: number): boolean {
  return position >= 1 && position <= 3;
}

export interface RacerStatistics {
  races: number;
  points: number;
  wins: number;
  podiums: number;
}

/** Profile statistics: races entered, total points, wins (1st places), podiums (1st to 3rd). */
export function racerStatistics(results: readonly { raceId: number; position: number; points: number }[]): RacerStatistics {
  return {
    races: new Set(results.map((r) => r.raceId)).size,
    points: results.reduce((sum, r) => sum + r.points, 0),
    wins: results.filter((r) => r.position === 1).length,
    podiums: results.filter((r) => isPodium(r.position)).length,
  };
}

/**
 * The admin results editor's rules (SPEC section 5, Results Management): which class and heat are
 * shown, the rows of the editor for a heat, and resizing them. Shared by the route and its dialog.
 */
import { DEFAULT_COMPETITOR_COUNT } from "~/lib/race-day/results-schema";
import { canonicalBoatClass, classTabs, DEFAULT_BOAT_CLASS } from "~/lib/platform/boat-classes";
import type { PublicResult } from "~/lib/races/results";
import type { Toast } from "~/lib/util/toast";

type HeatKeyed = Pick<PublicResult, "boatClass" | "heatNumber">;

export interface HeatSelection {
  /** The race's classes that have results, in the club's class order. */
  classes: string[];
  boatClass: string;
  /** The heats of the chosen class, ascending. */
  heats: number[];
  heatNumber: number;
}

/**
 * The class and heat to show: the requested ones when the race has results there; otherwise the
 * first class with results and its first heat. A race without results starts where its heat draw
 * starts (the first drawn class and heat, so the draw's finishing-order pad is there at once), or
 * without a draw at the default class, heat 1.
 */
export function selectHeat(
  results: readonly HeatKeyed[],
  requested: { boatClass?: string | null; heat?: string | null },
  /** The race's drawn heats, if any. */
  drawn: readonly HeatKeyed[] = [],
): HeatSelection {
  const classes = classTabs(results.map((r) => r.boatClass)).filter((c) => results.some((r) => r.boatClass === c));
  const requestedClass = canonicalBoatClass(requested.boatClass ?? "");
  const start = results.length === 0 ? firstHeat(drawn) : undefined;
  const boatClass = classes.includes(requestedClass) ? requestedClass : (classes[0] ?? start?.boatClass ?? DEFAULT_BOAT_CLASS);
  const heats = [...new Set(results.filter((r) => r.boatClass === boatClass).map((r) => r.heatNumber))].sort((a, b) => a - b);
  const requestedHeat = Number(requested.heat);
  const heatNumber = heats.includes(requestedHeat) ? requestedHeat : (heats[0] ?? start?.heatNumber ?? 1);
  return { classes, boatClass, heats, heatNumber };
}

/** The first heat of the first class in the club's class order. */
function firstHeat(heats: readonly HeatKeyed[]): HeatKeyed | undefined {
  const boatClass = classTabs(heats.map((h) => h.boatClass)).find((c) => heats.some((h) => h.boatClass === c));
  const numbers = heats.filter((h) => h.boatClass === boatClass).map((h) => h.heatNumber);
  return boatClass === undefined ? undefined : { boatClass, heatNumber: Math.min(...numbers) };
}

/** The address of the editor showing one race, class and heat. */
export function resultsEditorUrl(raceId: number, boatClass: string, heat: number): string {
  return `/admin/results?race=${raceId}&class=${encodeURIComponent(boatClass)}&heat=${heat}`;
}

/** One row of the editor as typed (strings: the inputs' values). */
export interface ResultRow {
  position: string;
  competitorId: string;
  laps: string;
  lapTime: string;
  bestLap: string;
  totalTime: string;
}

export const emptyRow = (position: number): ResultRow => ({
  position: String(position),
  competitorId: "",
  laps: "",
  lapTime: "",
  bestLap: "",
  totalTime: "",
});

/** The editor's rows for a heat and class: the saved results in position order, or 5 empty ones for a new heat. */
export function rowsFor(results: readonly PublicResult[], boatClass: string, heat: number): ResultRow[] {
  const existing = results
    .filter((r) => r.boatClass === boatClass && r.heatNumber === heat)
    .sort((a, b) => a.position - b.position);
  if (existing.length === 0) return Array.from({ length: DEFAULT_COMPETITOR_COUNT }, (_, i) => emptyRow(i + 1));
  return existing.map((r) => ({
    position: String(r.position),
    competitorId: String(r.competitorId),
    laps: r.laps === null ? "" : String(r.laps),
    lapTime: r.lapTime ?? "",
    bestLap: r.bestLap ?? "",
    totalTime: r.totalTime ?? "",
  }));
}

/** Growing appends empty rows with the next positions; shrinking drops rows from the end. */
export function resizeRows(rows: readonly ResultRow[], count: number): ResultRow[] {
  if (count <= rows.length) return rows.slice(0, count);
  return [...rows, ...Array.from({ length: count - rows.length }, (_, i) => emptyRow(rows.length + i + 1))];
}

/** Field errors by field name ("rows[0].position"); "" holds the form's own message. */
export type FieldErrors = Record<string, string[] | null | undefined>;

/** What saving a heat answers the editor. */
export type ResultsAnswer =
  | { ok: true; saved: { raceId: number; boatClass: string; heatNumber: number }; toast: Toast }
  | { ok: false; errors: FieldErrors; toast: Toast };

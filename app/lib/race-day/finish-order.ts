/**
 * Entering a heat in finishing order by tapping boats from the heat's draw (the results
 * editor at the lake). The editor's rows stay the one source of truth: a tap rewrites them, and
 * the boats' places are read back from them, so typing in a row and tapping never disagree.
 *
 * A tap on a boat not in the rows puts it in the first row without a competitor, or adds a row at
 * the end; a tap on a boat already in the rows takes its row out. After every tap the rows with
 * nothing typed in them are dropped and every row is numbered again 1st, 2nd, ... in row order, so
 * the positions are the order of the taps. Laps and times typed in a row stay with its boat.
 */
import { compareBoatNumbers, type Entrant } from "~/lib/race-day/race-day";
import { emptyRow, type ResultRow } from "~/lib/race-day/results-editor";

/** A boat of the heat's draw, as the tap pad shows it. */
export type DrawnBoat = Pick<Entrant, "competitorId" | "boatNumber" | "boatName" | "driver">;

/** One class's heat of a race's draw. */
export interface HeatDraw {
  boatClass: string;
  heatNumber: number;
  boats: DrawnBoat[];
}

/** The draw of the heat being entered, if the race has one for this class and heat. */
export function drawFor(draws: readonly HeatDraw[], boatClass: string, heatNumber: number): HeatDraw | null {
  return draws.find((d) => d.boatClass === boatClass && d.heatNumber === heatNumber && d.boats.length > 0) ?? null;
}

/** The pad's boats in boat-number order (#3, #5, #11), the quickest to find as they cross the line. */
export function padBoats<B extends Pick<DrawnBoat, "boatNumber">>(boats: readonly B[]): B[] {
  return [...boats].sort((a, b) => compareBoatNumbers(a.boatNumber, b.boatNumber));
}

const isBlank = (row: ResultRow) => !row.competitorId && !row.laps && !row.lapTime && !row.bestLap && !row.totalTime;

function renumber(rows: readonly ResultRow[]): ResultRow[] {
  const kept = rows.filter((row) => !isBlank(row));
  if (kept.length === 0) return [emptyRow(1)];
  return kept.map((row, i) => ({ ...row, position: String(i + 1) }));
}

/** The rows after tapping a boat: appended as the next finisher, or taken out if already placed. */
export function tapBoat(rows: readonly ResultRow[], competitorId: number): ResultRow[] {
  const id = String(competitorId);
  const at = rows.findIndex((row) => row.competitorId === id);
  if (at >= 0) return renumber(rows.filter((_, i) => i !== at));
  const free = rows.findIndex((row) => row.competitorId === "");
  if (free >= 0) return renumber(rows.map((row, i) => (i === free ? { ...row, competitorId: id } : row)));
  return renumber([...rows, { ...emptyRow(rows.length + 1), competitorId: id }]);
}

/** The rows after "Undo": the last placed boat of the draw taken out (rows unchanged if none is). */
export function undoLastTap(rows: readonly ResultRow[], boats: readonly Pick<DrawnBoat, "competitorId">[]): ResultRow[] {
  const drawn = new Set(boats.map((b) => String(b.competitorId)));
  const last = rows.findLast((row) => drawn.has(row.competitorId));
  return last ? tapBoat(rows, Number(last.competitorId)) : [...rows];
}

/** Each placed boat's position as its row says it (competitor id -> position); unplaced boats are absent. */
export function placesOf(rows: readonly ResultRow[], boats: readonly Pick<DrawnBoat, "competitorId">[]): Map<number, number> {
  const drawn = new Set(boats.map((b) => b.competitorId));
  const places = new Map<number, number>();
  rows.forEach((row, i) => {
    const id = Number(row.competitorId);
    if (!row.competitorId || !drawn.has(id) || places.has(id)) return;
    const position = Number(row.position);
    places.set(id, Number.isInteger(position) && position > 0 ? position : i + 1);
  });
  return places;
}

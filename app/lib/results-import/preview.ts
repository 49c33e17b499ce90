/**
 * The preview of an import, computed from the table, the column mapping, the admin's choices and
 * the club's racers: every row with the racer it goes to, its class and heat, or why it cannot be
 * used. Pure, so the confirmation recomputes exactly what the preview showed and compares.
 * A heat with an unusable row is not imported at all (a heat with a hole in its positions would
 * score wrongly); the other heats are. Asynchronous only to let other requests run during a big
 * file's close-spelling search (issue 31 item 6): the result depends on the input alone.
 */
import { BOAT_CLASSES, canonicalBoatClass, isBoatClass } from "~/lib/platform/boat-classes";
import type { ColumnMapping, ImportField } from "~/lib/results-import/headers";
import {
  CloseSpellings,
  indexRacers,
  matchRacer,
  normaliseBoat,
  normaliseName,
  splitName,
  type KnownRacer,
} from "~/lib/results-import/match";
import { newRacerProblems } from "~/lib/results-import/new-racer";
import type { ImportTable } from "~/lib/results-import/parse";
import { parseImportTime } from "~/lib/results-import/times";
import { forbiddenCharactersMessage, hasForbiddenCharacters } from "~/lib/util/text-rules";
import { eventLoopBreaks } from "~/lib/util/event-loop";

export interface ImportSettings {
  /** For files without a class or heat column. */
  defaultClass: string;
  defaultHeat: number;
  /** Per row index: the racer the admin chose among the row's suggestions (any other is ignored), or "new". */
  choices: Record<string, number | "new">;
}

export const DEFAULT_SETTINGS: ImportSettings = { defaultClass: BOAT_CLASSES[0], defaultHeat: 1, choices: {} };

export interface ImportedResult {
  boatClass: string;
  heatNumber: number;
  position: number;
  laps: number | null;
  lapTime: string | null;
  bestLap: string | null;
  totalTime: string | null;
  lapsAdjustment: number | null;
  lapsAdjustmentReason: string | null;
}

export interface NewRacer {
  key: string;
  firstName: string;
  lastName: string;
  boatNumber: string;
  boatClass: string;
}

export interface PreviewRow {
  index: number;
  line: number;
  name: string;
  boat: string;
  racer: { id: number; label: string; by: "boat" | "name" | "choice" } | null;
  newRacer: string | null;
  suggestions: { id: number; label: string }[];
  choice: number | "new" | null;
  result: ImportedResult | null;
  problems: string[];
  notes: string[];
}

export interface PlannedHeat {
  boatClass: string;
  heatNumber: number;
  /** Racer id, or the key of a new racer. */
  rows: (ImportedResult & { racer: number | string })[];
  blocked: boolean;
}

export interface ImportPlan {
  rows: PreviewRow[];
  heats: PlannedHeat[];
  newRacers: NewRacer[];
  unusable: number;
}

export function racerLabel(r: KnownRacer): string {
  return `${r.firstName} ${r.lastName}${r.boatNumber ? ` #${r.boatNumber}` : ""}`.trim();
}

function cellOf(mapping: ColumnMapping, cells: readonly string[]) {
  const at = new Map<ImportField, number>();
  mapping.forEach((field, i) => field && at.set(field, i));
  return (field: ImportField) => {
    const i = at.get(field);
    return i === undefined ? "" : (cells[i] ?? "").trim();
  };
}

const WHOLE = /^[+-]?\d{1,4}$/;

export async function planImport(
  table: ImportTable,
  mapping: ColumnMapping,
  settings: ImportSettings,
  racers: readonly KnownRacer[],
): Promise<ImportPlan> {
  const index = indexRacers(racers);
  const spellings = new CloseSpellings(index);
  const pause = eventLoopBreaks();
  const newRacers = new Map<string, NewRacer>();
  const rows: PreviewRow[] = [];
  for (const [i, { line, cells }] of table.rows.entries()) {
    await pause();
    const cell = cellOf(mapping, cells);
    const { values, problems, notes } = readRowValues(cell, settings);
    const name = cell("name");
    const boat = cell("boat");
    const choice = settings.choices[String(i)] ?? null;
    const match = await matchRacer(index, boat, name, spellings, pause);
    const found = racerOfRow(match, { name, boat, choice, boatClass: values.boatClass }, problems, notes, newRacers);
    rows.push({
      index: i,
      line,
      name,
      boat,
      ...found,
      choice,
      problems,
      notes,
      result: problems.length === 0 ? values : null,
    });
  }
  markTwiceInAHeat(rows);
  const heats = plannedHeats(rows, (row) => rowHeat(row, mapping, table, settings));
  const used = new Set(heats.filter((h) => !h.blocked).flatMap((h) => h.rows.map((r) => r.racer)));
  return {
    rows,
    heats,
    newRacers: [...newRacers.values()].filter((n) => used.has(n.key)),
    unusable: rows.filter((r) => r.problems.length > 0).length,
  };
}

/** A row's result as its cells give it, and what is wrong with them (a result is usable only without problems). */
function readRowValues(cell: (field: ImportField) => string, settings: ImportSettings) {
  const problems: string[] = [];
  const notes: string[] = [];

  const positionText = cell("position");
  const position = /^\d{1,3}\.?$/.test(positionText) ? Number(positionText.replace(".", "")) : NaN;
  if (positionText === "") problems.push("no position");
  else if (!(position >= 1)) problems.push(`position "${positionText}" is not a whole number from 1`);

  const classText = cell("boatClass");
  const boatClass = classText === "" ? settings.defaultClass : canonicalBoatClass(classText);
  if (!isBoatClass(boatClass)) problems.push(`unknown class "${classText}" (the club's classes: ${BOAT_CLASSES.join(", ")})`);

  const heatText = cell("heat");
  const heatDigits = /(\d{1,3})\s*$/.exec(heatText)?.[1];
  const heatNumber = heatText === "" ? settings.defaultHeat : heatDigits ? Number(heatDigits) : NaN;
  if (!(heatNumber >= 1 && heatNumber <= 99)) problems.push(`heat "${heatText}" is not a heat number from 1 to 99`);

  const lapsText = cell("laps");
  const laps = lapsText === "" ? null : /^\d{1,4}$/.test(lapsText) ? Number(lapsText) : NaN;
  if (Number.isNaN(laps)) problems.push(`laps "${lapsText}" is not a whole number`);

  const time = (field: ImportField, label: string) => {
    const text = cell(field);
    const value = parseImportTime(text);
    if (value === undefined) problems.push(`${label} "${text}" is not a time (m:ss.cc, ss.ccc or h:mm:ss)`);
    return value ?? null;
  };
  const totalTime = time("totalTime", "total time");
  const bestLap = time("bestLap", "best lap");
  const lapTime = time("lapTime", "average lap");

  const adjustedText = cell("lapsAdjusted").replace(/\s*laps?$/i, "");
  const lapsAdjustment =
    adjustedText === "" || adjustedText === "0" ? null : WHOLE.test(adjustedText) ? Number(adjustedText) : NaN;
  if (Number.isNaN(lapsAdjustment) || Math.abs(lapsAdjustment ?? 0) > 99) {
    problems.push(`laps adjusted "${cell("lapsAdjusted")}" is not a number of laps such as +1 or -2`);
  }
  const reason = cell("adjustReason").slice(0, 200);
  if (hasForbiddenCharacters(reason)) problems.push(forbiddenCharactersMessage("The reason"));
  if (reason && lapsAdjustment === null && !Number.isNaN(lapsAdjustment))
    notes.push("a reason without laps adjusted: kept with the result");

  const values: ImportedResult = {
    boatClass,
    heatNumber,
    position,
    laps,
    lapTime,
    bestLap,
    totalTime,
    lapsAdjustment,
    lapsAdjustmentReason: reason || null,
  };
  return { values, problems, notes };
}

type RowRacer = Pick<PreviewRow, "racer" | "newRacer" | "suggestions">;

/**
 * The racer a row goes to: by boat number, by name, by the admin's choice among the suggestions,
 * or a new racer the import adds (kept in `newRacers` once per name and boat).
 */
function racerOfRow(
  match: Awaited<ReturnType<typeof matchRacer>>,
  row: { name: string; boat: string; choice: number | "new" | null; boatClass: string },
  problems: string[],
  notes: string[],
  newRacers: Map<string, NewRacer>,
): RowRacer {
  const { name, boat, choice, boatClass } = row;
  if (match.kind === "boat") {
    if (match.nameDiffers) notes.push(`boat #${boat} is ${racerLabel(match.racer)}'s; the file says "${name}"`);
    return { racer: { id: match.racer.id, label: racerLabel(match.racer), by: "boat" }, newRacer: null, suggestions: [] };
  }
  if (match.kind === "name") {
    return { racer: { id: match.racer.id, label: racerLabel(match.racer), by: "name" }, newRacer: null, suggestions: [] };
  }
  const suggestions = match.suggestions.map((r) => ({ id: r.id, label: racerLabel(r) }));
  if (!match.compared)
    notes.push("not compared with the club's racers for close spellings (too many names in this file match no racer)");
  // Only a racer the preview offers for this row: a choice is never a way to name any racer.
  const chosen = match.suggestions.find((r) => r.id === choice);
  if (chosen) return { racer: { id: chosen.id, label: racerLabel(chosen), by: "choice" }, newRacer: null, suggestions };
  if (name === "") {
    problems.push(boat ? `no racer has boat #${boat}, and the row has no name` : "no boat number and no name");
    return { racer: null, newRacer: null, suggestions };
  }
  const { firstName, lastName } = splitName(name);
  const boatNumber = boat.replace(/^#\s*/, "");
  const refused = newRacerProblems({ firstName, lastName, boatNumber });
  if (!lastName) problems.push(`a new racer needs a first and a last name ("${name}"): choose a racer, or add them first`);
  else if (refused.length > 0) problems.push(...refused.map((message) => `new racer: ${message}`));
  if (!lastName || refused.length > 0) return { racer: null, newRacer: null, suggestions };
  const key = `${normaliseName(name)}|${normaliseBoat(boat)}`;
  if (!newRacers.has(key) && isBoatClass(boatClass)) newRacers.set(key, { key, firstName, lastName, boatNumber, boatClass });
  return { racer: null, newRacer: key, suggestions };
}

/** Within one class and heat: a position or a racer twice makes both rows unusable. */
function markTwiceInAHeat(rows: readonly PreviewRow[]): void {
  const groups = new Map<string, PreviewRow[]>();
  for (const row of rows) {
    if (!row.result) continue;
    const key = `${row.result.boatClass}\u0000${row.result.heatNumber}`;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  for (const group of groups.values()) {
    const heatName = `${group[0]!.result!.boatClass} heat ${group[0]!.result!.heatNumber}`;
    const twice = <K>(key: (r: PreviewRow) => K, message: (r: PreviewRow) => string) => {
      const seen = new Map<K, number>();
      for (const r of group) seen.set(key(r), (seen.get(key(r)) ?? 0) + 1);
      for (const r of group) if (seen.get(key(r))! > 1) r.problems.push(message(r));
    };
    twice(
      (r) => r.result!.position,
      (r) => `position ${r.result!.position} twice in ${heatName}`,
    );
    twice(
      (r) => (r.racer ? r.racer.id : r.newRacer),
      (r) => `${r.racer?.label ?? r.name} twice in ${heatName}`,
    );
  }
}

/**
 * The heats the rows give, in the club's class order: a heat with any unusable row is blocked
 * (held back whole), and the unusable rows lose their result.
 */
function plannedHeats(rows: PreviewRow[], heatOfUnusable: (row: PreviewRow) => { boatClass: string; heatNumber: number } | null) {
  const heats = new Map<string, PlannedHeat>();
  for (const row of rows) {
    const heatKey = row.result ?? heatOfUnusable(row);
    if (!heatKey) continue;
    const key = `${heatKey.boatClass}\u0000${heatKey.heatNumber}`;
    const heat = heats.get(key) ?? { boatClass: heatKey.boatClass, heatNumber: heatKey.heatNumber, rows: [], blocked: false };
    heats.set(key, heat);
    if (row.problems.length > 0 || !row.result) {
      heat.blocked = true;
      row.result = null;
      continue;
    }
    heat.rows.push({ ...row.result, racer: row.racer ? row.racer.id : row.newRacer! });
  }
  for (const heat of heats.values()) heat.rows.sort((a, b) => a.position - b.position);
  return [...heats.values()].sort(
    (a, b) =>
      BOAT_CLASSES.indexOf(a.boatClass as never) - BOAT_CLASSES.indexOf(b.boatClass as never) || a.heatNumber - b.heatNumber,
  );
}

/** How many rows give no class, and no heat, so take the settings' defaults (the preview's summary says so). */
export function rowsWithoutClassOrHeat(table: ImportTable, mapping: ColumnMapping) {
  let noClass = 0;
  let noHeat = 0;
  for (const { cells } of table.rows) {
    const cell = cellOf(mapping, cells);
    if (cell("boatClass") === "") noClass++;
    if (cell("heat") === "") noHeat++;
  }
  return { noClass, noHeat };
}

/** The class and heat of an unusable row, when they are readable: its heat is then held back. */
function rowHeat(row: PreviewRow, mapping: ColumnMapping, table: ImportTable, settings: ImportSettings) {
  const cell = cellOf(mapping, table.rows[row.index]!.cells);
  const classText = cell("boatClass");
  const boatClass = classText === "" ? settings.defaultClass : canonicalBoatClass(classText);
  const heatText = cell("heat");
  const digits = /(\d{1,3})\s*$/.exec(heatText)?.[1];
  const heatNumber = heatText === "" ? settings.defaultHeat : digits ? Number(digits) : NaN;
  return isBoatClass(boatClass) && heatNumber >= 1 && heatNumber <= 99 ? { boatClass, heatNumber } : null;
}

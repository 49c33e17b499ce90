/**
 * Reading an uploaded or pasted results file into one table: a header row and cells. Takes what
 * clubs have: CSV with commas or semicolons (Europe's spreadsheets), cells pasted from a
 * spreadsheet (tabs), a byte order mark, Windows line ends; RotorHazard's CSV results export and
 * its JSON results export, read as they come. Cells stay text exactly as written: a cell such as
 * `=HYPERLINK(...)` is a name like any other, never evaluated (CSV exports escape it,
 * app/lib/util/csv.ts).
 */
import { parse } from "csv-parse/sync";
import { looksLikeHeaders } from "~/lib/results-import/headers";

import { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "~/lib/results-import/limits";

export { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS };
const MAX_CELL = 200;

export type ImportFormat = "table" | "rotorhazard-csv" | "rotorhazard-json";

export interface ImportTable {
  format: ImportFormat;
  headers: string[];
  /** `line`: the line of the file the row starts on, for the admin's messages. */
  rows: { line: number; cells: string[] }[];
}

export type ParseOutcome = { ok: true; table: ImportTable } | { ok: false; message: string };

const fail = (message: string): ParseOutcome => ({ ok: false, message });

/** The separator of the first line that has one: tab (pasted cells), then `;`, then `,`. */
export function detectDelimiter(text: string): "\t" | ";" | "," {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  const count = (c: string) => firstLine.split(c).length - 1;
  if (count("\t") > 0) return "\t";
  return count(";") > count(",") ? ";" : ",";
}

function tooLong(text: string): boolean {
  return new TextEncoder().encode(text).length > MAX_IMPORT_BYTES;
}

/** A CSV record as csv-parse gives it with `info: true`. */
export interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** csv-parse's options for a file: one set for the whole-file read and the read in slices. */
export function csvOptions(text: string) {
  return {
    delimiter: detectDelimiter(text),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    info: true,
    max_record_size: 64 * 1024,
    to: MAX_IMPORT_ROWS * 4 + 100,
  } as const;
}

/** What csv-parse's error says about where the file stopped being CSV. */
export function csvFailure(error: unknown): ParseOutcome {
  const line = (error as { lines?: number }).lines;
  return fail(`The file could not be read as CSV${line ? ` (near line ${line})` : ""}. Check its quotes.`);
}

/**
 * The checks before any CSV is read: an outcome when the file is refused or is JSON (read whole:
 * JSON.parse of the largest file allowed takes a few milliseconds), else the text to read as CSV.
 */
export function beforeCsv(source: string): { outcome: ParseOutcome } | { text: string } {
  if (tooLong(source)) return { outcome: fail(`The file is too large: at most ${MAX_IMPORT_BYTES / 1024} KB.`) };
  const text = source.replace(/^\uFEFF/, "");
  if (text.includes("\u0000"))
    return { outcome: fail("This is not a text file (it contains NUL bytes). Upload a CSV or JSON file.") };
  if (text.trim() === "") return { outcome: fail("The file is empty: upload a CSV file or paste cells from a spreadsheet.") };
  const trimmed = text.trimStart();
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return { outcome: parseRotorHazardJson(trimmed) };
  return { text };
}

/** Reads a whole file at once (tests, small files); the server reads in slices (readImport). */
export function parseImport(source: string): ParseOutcome {
  const start = beforeCsv(source);
  if ("outcome" in start) return start.outcome;
  let records: CsvRecord[];
  try {
    records = parse(start.text, csvOptions(start.text)) as unknown as CsvRecord[];
  } catch (error) {
    return csvFailure(error);
  }
  return tableOf(records);
}

/** The table in a file's CSV records: a plain table with or without headers, or RotorHazard's export. */
export function tableOf(records: readonly CsvRecord[]): ParseOutcome {
  const lines = records.map(({ record, info }) => ({ line: info.lines, cells: record.map((c) => c.trim()) }));
  if (lines.some((l) => l.cells[0]?.startsWith("Class Leaderboards") || l.cells[0]?.startsWith("Event Leaderboards"))) {
    return finish({ format: "rotorhazard-csv", headers: RH_HEADERS, rows: rotorHazardCsvRows(lines) });
  }
  const filled = lines.filter((l) => l.cells.some((c) => c !== ""));
  const first = filled[0];
  if (!first) return fail("The file is empty: upload a CSV file or paste cells from a spreadsheet.");
  const width = Math.max(...filled.map((l) => l.cells.length));
  const hasHeaders = looksLikeHeaders(first.cells);
  const headers = hasHeaders
    ? Array.from({ length: width }, (_, i) => first.cells[i] || `Column ${i + 1}`)
    : Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
  return finish({ format: "table", headers, rows: hasHeaders ? filled.slice(1) : filled });
}

function finish(table: ImportTable): ParseOutcome {
  if (table.headers.length > MAX_IMPORT_COLUMNS)
    return fail(`The file has ${table.headers.length} columns: at most ${MAX_IMPORT_COLUMNS}.`);
  if (table.rows.length === 0) return fail("The file has no results rows, only headers.");
  if (table.rows.length > MAX_IMPORT_ROWS) {
    return fail(`The file has ${table.rows.length} rows: at most ${MAX_IMPORT_ROWS} in one import. Split it by class or heat.`);
  }
  const width = table.headers.length;
  const rows = table.rows.map((row) => ({
    line: row.line,
    cells: Array.from({ length: width }, (_, i) => (row.cells[i] ?? "").slice(0, MAX_CELL)),
  }));
  return { ok: true, table: { ...table, rows } };
}

const RH_HEADERS = ["Class", "Heat", "Rank", "Pilot", "Laps", "Total", "Avg.", "Fastest"];

/** "Heat 3" is heat 3; a heat named otherwise ("Final") takes its place in its class. */
function heatNumberOf(name: string, ordinal: number): string {
  const match = /(\d{1,2})\s*$/.exec(name);
  return match ? String(Number(match[1])) : String(ordinal);
}

/**
 * RotorHazard's CSV results: event leaderboards first (skipped), then "Class Leaderboards", and
 * per class ("Class: Open") its heats. A heat's name is written one character per cell (the
 * exporter passes a string where a row belongs), then "Heat Summary" when it ran several rounds
 * and "Round N" for each; each leaderboard is a header row (Rank, Pilot, ...) and its rows. A
 * heat's summary is its result; without one, its only round's.
 */
function rotorHazardCsvRows(lines: { line: number; cells: string[] }[]): ImportTable["rows"] {
  const rows: ImportTable["rows"] = [];
  let inClasses = false;
  let className = "";
  let heatName = "";
  let heatsInClass = 0;
  let heatTaken = false;
  let taking = false;
  let inTimes = false;
  let columns: Map<string, number> | null = null;
  for (const { line, cells } of lines) {
    const filled = cells.filter((c) => c !== "");
    const first = filled[0] ?? "";
    if (filled.length === 0) {
      columns = null;
      inTimes = false;
      continue;
    }
    // Lap times per pilot ("Round 1 Times"), up to the next blank row: a pilot with no laps would
    // otherwise look like a heat's name.
    if (inTimes) continue;
    if (first === "Class Leaderboards") {
      inClasses = true;
      continue;
    }
    if (!inClasses) continue;
    if (columns) {
      if (!taking) continue;
      const cell = (name: string) => cells[columns!.get(name) ?? -1] ?? "";
      rows.push({
        line,
        cells: [
          className,
          heatNumberOf(heatName, heatsInClass),
          cell("Rank"),
          cell("Pilot"),
          cell("Laps"),
          cell(totalColumn(columns)),
          cell("Avg."),
          cell("Fastest"),
        ],
      });
      continue;
    }
    if (cells.includes("Rank") && cells.includes("Pilot")) {
      columns = new Map(cells.map((c, i) => [c, i]));
      continue;
    }
    if (filled.length === 1 && first.startsWith("Class: ")) {
      className = first.slice("Class: ".length).trim();
      heatsInClass = 0;
    } else if (filled.length === 1 && (first === "Unclassified" || first === "Heats")) {
      className = "";
      heatsInClass = 0;
    } else if (first === "Class Summary") {
      taking = false;
    } else if (/^Round \d+ Times$/.test(first)) {
      taking = false;
      inTimes = true;
    } else if (first === "Heat Summary") {
      taking = true;
      heatTaken = true;
    } else if (/^Round \d+$/.test(first)) {
      taking = !heatTaken;
      heatTaken = true;
    } else if (cells.length > 1 && cells.every((c) => c.length <= 1)) {
      heatName = cells.join("");
      heatsInClass += 1;
      heatTaken = false;
      taking = false;
    } else if (filled.length === 1) {
      heatName = first;
      heatsInClass += 1;
      heatTaken = false;
      taking = false;
    }
  }
  return rows;
}

function totalColumn(columns: Map<string, number>): string {
  return columns.has("Total") ? "Total" : "Laps Total";
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/**
 * RotorHazard's JSON results export (its page cache: `heats` by id, each with `displayname`,
 * `class_id` and a `leaderboard` whose `meta.primary_leaderboard` names the ranking; `classes` by
 * id with `name`), alone or under "Results" in its "All" export.
 */
function parseRotorHazardJson(source: string): ParseOutcome {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return fail("The file looks like JSON but could not be read as JSON.");
  }
  const results = isObject(value) && isObject(value.Results) ? value.Results : value;
  if (!isObject(results) || !isObject(results.heats)) {
    return fail("This JSON file is not a RotorHazard results export (it has no heats).");
  }
  const classes = isObject(results.classes) ? results.classes : {};
  const rows: ImportTable["rows"] = [];
  const heatsInClass = new Map<string, number>();
  let index = 0;
  for (const heat of Object.values(results.heats)) {
    if (!isObject(heat)) continue;
    const klass = classes[text(heat.class_id)];
    const className = isObject(klass) ? text(klass.name) : "";
    const ordinal = (heatsInClass.get(className) ?? 0) + 1;
    heatsInClass.set(className, ordinal);
    const board = isObject(heat.leaderboard) ? heat.leaderboard : lastRoundBoard(heat);
    if (!board) continue;
    const meta = isObject(board.meta) ? board.meta : {};
    const primary = board[text(meta.primary_leaderboard)] ?? board.by_race_time;
    if (!Array.isArray(primary)) continue;
    const total = meta.start_behavior === 2 ? "total_time_laps" : "total_time";
    for (const entry of primary) {
      if (!isObject(entry)) continue;
      index += 1;
      rows.push({
        line: index,
        cells: [
          className,
          heatNumberOf(text(heat.displayname), ordinal),
          text(entry.position),
          text(entry.callsign),
          text(entry.laps),
          text(entry[total]),
          text(entry.average_lap),
          text(entry.fastest_lap),
        ],
      });
      if (index > MAX_IMPORT_ROWS) break;
    }
  }
  return finish({ format: "rotorhazard-json", headers: RH_HEADERS, rows });
}

function lastRoundBoard(heat: Json): Json | null {
  const rounds = Array.isArray(heat.rounds) ? heat.rounds : [];
  const last: unknown = rounds[rounds.length - 1];
  return isObject(last) && isObject(last.leaderboard) ? last.leaderboard : null;
}

/**
 * The columns an import understands, and the header words that name them in the files clubs
 * have: timing programs (RotorHazard: Rank, Pilot, Laps, Total, Avg., Fastest), lap counters'
 * spreadsheets ("Pos", "Boat No.", "Driver") and typed sheets. Any column can also be mapped by
 * hand; a confirmed mapping is remembered per set of headers (`headerKey`).
 */
export const IMPORT_FIELDS = [
  "position",
  "boat",
  "name",
  "laps",
  "totalTime",
  "bestLap",
  "lapTime",
  "boatClass",
  "heat",
  "lapsAdjusted",
  "adjustReason",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** A column mapped to nothing is ignored (a team, a frequency, consecutive laps). */
export type ColumnMapping = (ImportField | null)[];

export const FIELD_LABELS: Record<ImportField, string> = {
  position: "Position",
  boat: "Boat number",
  name: "Racer name",
  laps: "Laps",
  totalTime: "Total time",
  bestLap: "Best lap",
  lapTime: "Average lap",
  boatClass: "Class",
  heat: "Heat",
  lapsAdjusted: "Laps adjusted",
  adjustReason: "Adjustment reason",
};

/** Lower case, accents and punctuation away: "Pos." -> "pos", "Boat No" -> "boat no". */
export function normaliseHeader(header: string): string {
  return header
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const WORDS: Record<ImportField, readonly string[]> = {
  position: ["position", "pos", "rank", "place", "plc", "finish", "result", "p"],
  boat: ["boat", "number", "no", "nr", "num", "boat no", "boat number", "boat nr", "seat", "node", "car", "car no", "bib"],
  name: ["name", "pilot", "callsign", "driver", "racer", "competitor", "skipper", "pilot name", "driver name", "racer name"],
  laps: ["laps", "lap count", "laps completed", "total laps"],
  totalTime: ["total", "total time", "time", "race time", "laps total", "elapsed", "elapsed time"],
  bestLap: ["best", "best lap", "fastest", "fastest lap", "best time", "fast lap"],
  lapTime: ["avg", "average", "average lap", "avg lap", "lap time", "mean lap"],
  boatClass: ["class", "boat class", "category", "division"],
  heat: ["heat", "heat no", "heat number", "round", "moto"],
  lapsAdjusted: [
    "laps adjusted",
    "lap adjustment",
    "adjusted laps",
    "laps adj",
    "adjustment",
    "adj",
    "lap correction",
    "penalty laps",
  ],
  adjustReason: ["reason", "adjustment reason", "adjust reason", "laps adjusted reason", "note", "notes", "comment", "remarks"],
};

const BY_WORD = new Map<string, ImportField>(
  IMPORT_FIELDS.flatMap((field) => WORDS[field].map((word) => [word, field] as const)),
);

/** The field a header names, or null when it names none of them. */
export function recogniseHeader(header: string): ImportField | null {
  return BY_WORD.get(normaliseHeader(header)) ?? null;
}

/** Every column's field; a field named by two columns keeps the first, the second is ignored. */
export function recogniseHeaders(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const field = recogniseHeader(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

/** Whether the first row of a table looks like headers: two or more cells name a field. */
export function looksLikeHeaders(cells: readonly string[]): boolean {
  return cells.filter((cell) => recogniseHeader(cell) !== null).length >= 2;
}

/** The key a mapping is remembered under: the same headers in the same order. */
export function headerKey(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join("|").slice(0, 4000);
}

export function isImportField(value: string): value is ImportField {
  return (IMPORT_FIELDS as readonly string[]).includes(value);
}

/** A mapping read back from a form or the database: wrong lengths and unknown names become null. */
export function cleanMapping(value: unknown, columns: number): ColumnMapping | null {
  if (!Array.isArray(value) || value.length !== columns) return null;
  const taken = new Set<string>();
  return value.map((v) => {
    if (typeof v !== "string" || !isImportField(v) || taken.has(v)) return null;
    taken.add(v);
    return v;
  });
}

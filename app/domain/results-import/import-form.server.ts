/**
 * The results import's form: the only admin form that takes a file, so it is read here instead
 * of by readForm (which refuses files). The same rules: known field names only, a cap on fields,
 * no NUL byte in text; the file and the pasted text are capped by size, and bad input is a 400
 * with a message, never a 500.
 */
import { data } from "react-router";
import { BOAT_CLASSES } from "~/lib/platform/boat-classes";
import { isImportField, type ColumnMapping } from "~/lib/results-import/headers";
import { MAX_IMPORT_BYTES, MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS } from "~/lib/results-import/limits";
import type { ImportSettings } from "~/lib/results-import/preview";

const INTENTS = ["preview", "update", "confirm"] as const;
export type ImportIntent = (typeof INTENTS)[number];

export interface ImportForm {
  intent: ImportIntent;
  source: string | null;
  /** How the uploaded file was read; null for pasted cells. */
  encoding: ImportEncoding | null;
  fileName: string;
  draft: string;
  digest: string;
  /** Null when the form has no such field (the preview's form): the draft keeps its own. */
  defaultClass: string | null;
  defaultHeat: number | null;
  /** Posted only with the preview's mapping selects: column index -> field or "". */
  mapping: Map<number, string>;
  choices: Map<number, string>;
}

const SIMPLE = new Set(["intent", "text", "file", "draft", "digest", "defaultClass", "defaultHeat"]);
const INDEXED = /^(map|choice)\.(\d{1,4})$/;

/** Bad input: the page shows the message beside the form (status 400), nothing is kept. */
export class ImportFormError extends Error {}

function refuse(message: string): never {
  throw new ImportFormError(message);
}

/** How an uploaded file's bytes were read, as the preview says it. */
export const IMPORT_ENCODINGS = ["UTF-8", "UTF-16 LE", "UTF-16 BE", "Windows-1252"] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** What a draft keeps beside its text: the import's settings, the mapping and how the file was read. */
export interface DraftSettings extends ImportSettings {
  mapping: ColumnMapping | null;
  /** How the uploaded file's bytes were read ("UTF-16 LE"), for the preview to say; absent for pasted cells. */
  encoding?: ImportEncoding | null;
}

function decode(bytes: Uint8Array): { text: string; encoding: ImportEncoding } {
  // Excel's "Unicode text" and some timing programs write UTF-16 with a byte order mark.
  const utf16 =
    bytes[0] === 0xff && bytes[1] === 0xfe ? "UTF-16 LE" : bytes[0] === 0xfe && bytes[1] === 0xff ? "UTF-16 BE" : null;
  if (utf16) {
    try {
      return {
        text: new TextDecoder(utf16 === "UTF-16 LE" ? "utf-16le" : "utf-16be", { fatal: true }).decode(bytes),
        encoding: utf16,
      };
    } catch {
      refuse(`The file starts as ${utf16} text (a byte order mark) but is not: save it again as CSV or Unicode text.`);
    }
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
  } catch {
    // Older spreadsheets save in Windows' own encoding: accents survive either way.
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "Windows-1252" };
  }
}

export async function readImportForm(request: Request): Promise<ImportForm> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i.test(type)) {
    throw data({ message: "The request body must be a form." }, { status: 415 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    refuse("The request body could not be read as a form.");
  }
  const mapping = new Map<number, string>();
  const choices = new Map<number, string>();
  let count = 0;
  let file: File | null = null;
  for (const [name, value] of form.entries()) {
    if (++count > MAX_IMPORT_ROWS + MAX_IMPORT_COLUMNS + 20) refuse("Too many fields.");
    const indexed = INDEXED.exec(name);
    if (!SIMPLE.has(name) && !indexed) refuse(`This form has no field named ${JSON.stringify(name.slice(0, 60))}.`);
    if (typeof value !== "string") {
      if (name !== "file") refuse(`Files are not accepted (field ${JSON.stringify(name)}).`);
      file = value;
      continue;
    }
    if (value.includes("\u0000")) refuse(`The field ${JSON.stringify(name)} contains a NUL character, which no text may hold.`);
    if (indexed) {
      const index = Number(indexed[2]);
      if (indexed[1] === "map" && index < MAX_IMPORT_COLUMNS) mapping.set(index, value);
      else if (indexed[1] === "choice" && index < MAX_IMPORT_ROWS) choices.set(index, value);
      else refuse(`The field ${JSON.stringify(name)} is above the limit.`);
    }
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent") as ImportIntent;
  if (!INTENTS.includes(intent)) refuse("Choose Preview, Update preview or Confirm import.");
  let source: string | null = null;
  let encoding: ImportEncoding | null = null;
  let fileName = "";
  if (file && file.size > 0) {
    if (file.size > MAX_IMPORT_BYTES) refuse(`The file is too large: at most ${MAX_IMPORT_BYTES / 1024} KB.`);
    ({ text: source, encoding } = decode(new Uint8Array(await file.arrayBuffer())));
    fileName = file.name;
  } else if (text("text").trim() !== "") source = text("text");
  const heat = Number(text("defaultHeat") || "1");
  const cls = text("defaultClass");
  return {
    intent,
    source,
    encoding,
    fileName,
    draft: text("draft"),
    digest: text("digest"),
    defaultClass: !form.has("defaultClass") ? null : (BOAT_CLASSES as readonly string[]).includes(cls) ? cls : BOAT_CLASSES[0],
    defaultHeat: !form.has("defaultHeat") ? null : Number.isInteger(heat) && heat >= 1 && heat <= 99 ? heat : 1,
    mapping,
    choices,
  };
}

/**
 * The draft's settings after the preview form's selects (missing selects keep what the draft had).
 * A racer chosen for a row must be one the shown preview offered for it (`offered`): the select
 * is the list, and a posted id outside it is refused, not taken (issue 31 item 10).
 */
export function settingsFromForm(
  form: ImportForm,
  previous: DraftSettings,
  columns: number,
  current: ColumnMapping,
  offered: (row: number) => { line: number; ids: readonly number[] } | undefined,
): DraftSettings {
  let mapping = previous.mapping;
  if (form.mapping.size > 0) {
    mapping = Array.from({ length: columns }, (_, i) => {
      const value = form.mapping.has(i) ? form.mapping.get(i)! : (current[i] ?? "");
      return isImportField(value) ? value : null;
    });
  }
  const choices = { ...previous.choices };
  for (const [index, value] of form.choices) {
    const id = Number(value);
    if (value === "new" || value === "") {
      delete choices[String(index)];
      continue;
    }
    const row = offered(index);
    if (!row) refuse(`The file has no row ${index + 1} to choose a racer for.`);
    if (!row.ids.includes(id)) refuse(`Line ${row.line}: choose one of the racers the preview offers, or "Create a new racer".`);
    choices[String(index)] = id;
  }
  return {
    ...previous,
    mapping,
    choices,
    defaultClass: form.defaultClass ?? previous.defaultClass,
    defaultHeat: form.defaultHeat ?? previous.defaultHeat,
  };
}

/**
 * What the preview page shows of a plan (issue 31 item 6): rendering and sending every row of a
 * 5,000-row file (3.7 MB of HTML and 6.5 MB of page data) held the server for seconds. A long
 * file lists the rows that need a look (unusable, close spellings, new racers, notes), in file
 * order, up to LISTED_ROWS; rows matched by boat number or name are counted, not listed. The
 * confirmation still imports the whole plan: the fingerprint is the full plan's.
 */
import type { ColumnMapping } from "~/lib/results-import/headers";
import type { ImportTable } from "~/lib/results-import/parse";
import { rowsWithoutClassOrHeat, type ImportPlan, type ImportSettings, type PreviewRow } from "~/lib/results-import/preview";
import { defaultedRowsNotes } from "~/lib/results-import/outcome";

export const LISTED_ROWS = 200;
export const LISTED_NEW_RACERS = 50;

export interface PreviewScreen {
  format: ImportTable["format"];
  headers: string[];
  rowCount: number;
  mapping: ColumnMapping;
  remembered: boolean;
  digest: string;
  heats: { boatClass: string; heatNumber: number; blocked: boolean; boats: number }[];
  /** The first LISTED_NEW_RACERS, as labels; `newRacerCount` has them all. */
  newRacers: string[];
  newRacerCount: number;
  unusable: number;
  rows: PreviewRow[];
  /** Rows not listed: matched by boat or name, and (beyond the cap) ones that need a look. */
  unlisted: { matched: number; needingLook: number };
  /** Rows filed under the class or heat chosen with the file, said in words. */
  defaultsNotes: string[];
}

function needsLook(row: PreviewRow): boolean {
  return row.problems.length > 0 || row.suggestions.length > 0 || row.newRacer !== null || row.notes.length > 0 || !row.racer;
}

export function previewScreen(preview: {
  table: ImportTable;
  mapping: ColumnMapping;
  remembered: boolean;
  plan: ImportPlan;
  digest: string;
  settings: Pick<ImportSettings, "defaultClass" | "defaultHeat">;
}): PreviewScreen {
  const { table, plan } = preview;
  const all = plan.rows;
  const look = all.length <= LISTED_ROWS ? all : all.filter(needsLook);
  const rows = look.slice(0, LISTED_ROWS);
  return {
    format: table.format,
    headers: table.headers,
    rowCount: table.rows.length,
    mapping: preview.mapping,
    remembered: preview.remembered,
    digest: preview.digest,
    heats: plan.heats.map((h) => ({
      boatClass: h.boatClass,
      heatNumber: h.heatNumber,
      blocked: h.blocked,
      boats: h.rows.length,
    })),
    newRacers: plan.newRacers
      .slice(0, LISTED_NEW_RACERS)
      .map((r) => `${r.firstName} ${r.lastName}${r.boatNumber ? ` #${r.boatNumber}` : ""}`),
    newRacerCount: plan.newRacers.length,
    unusable: plan.unusable,
    rows,
    unlisted: { matched: all.length - look.length, needingLook: look.length - rows.length },
    defaultsNotes: defaultedRowsNotes({
      rowCount: table.rows.length,
      ...rowsWithoutClassOrHeat(table, preview.mapping),
      ...preview.settings,
    }),
  };
}

/**
 * What the import says about what it did and what it assumed (issue 32 item 11): heats that had
 * no results were imported, not "replaced"; rows the file gives no class or heat are filed under
 * the class and heat chosen with the file, and the preview's summary says so before the confirm.
 */
import { RACE_COMPLETED_NOTE } from "~/lib/race-day/race-day";
import { countOf, plural } from "~/lib/util/plural";

export interface ImportDone {
  /** Every heat written ("Open heat 1"), `added` among them those that had no results before. */
  changed: string[];
  added: string[];
  held: string[];
  created: number;
  completed: boolean;
}

export function importDoneNote(outcome: ImportDone): string {
  const replaced = outcome.changed.filter((heat) => !outcome.added.includes(heat));
  return [
    outcome.changed.length === 0 ? "Nothing changed: the results were already these." : "",
    outcome.added.length ? `Imported: ${outcome.added.join(", ")}.` : "",
    replaced.length ? `Replaced: ${replaced.join(", ")}.` : "",
    outcome.created ? `${countOf(outcome.created, "new racer")} created.` : "",
    outcome.held.length ? `Not imported (unusable rows): ${outcome.held.join(", ")}.` : "",
    outcome.completed ? RACE_COMPLETED_NOTE : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/** How many rows of the file give no class, and no heat: those take the defaults chosen with the file. */
export interface DefaultedRows {
  rowCount: number;
  noClass: number;
  noHeat: number;
  defaultClass: string;
  defaultHeat: number;
}

/** The preview summary's sentences about rows filed under the chosen class or heat; none when the file gives both. */
export function defaultedRowsNotes({ rowCount, noClass, noHeat, defaultClass, defaultHeat }: DefaultedRows): string[] {
  const who = (n: number) => (n === rowCount ? "The file gives no" : `${countOf(n, "row")} ${plural(n, "gives", "give")} no`);
  return [
    noClass > 0 ? `${who(noClass)} class: filed under ${defaultClass}, the class chosen with the file.` : "",
    noHeat > 0 ? `${who(noHeat)} heat: filed under heat ${defaultHeat}, the heat chosen with the file.` : "",
  ].filter(Boolean);
}

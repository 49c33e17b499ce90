/**
 * What the results import says it did and assumed (issue 32 item 11): a heat that had no results
 * is "Imported", not "Replaced"; rows without a class or heat are said, in the preview's summary,
 * to go under the class and heat chosen with the file.
 */
import { describe, expect, it } from "vitest";
import { parseImport, type ImportTable } from "~/lib/results-import/parse";
import { recogniseHeaders } from "~/lib/results-import/headers";
import { DEFAULT_SETTINGS, planImport } from "~/lib/results-import/preview";
import { previewScreen } from "~/lib/results-import/screen";
import { importDoneNote } from "~/lib/results-import/outcome";
import { RACE_COMPLETED_NOTE } from "~/lib/race-day/race-day";

function table(text: string): ImportTable {
  const parsed = parseImport(text);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.table;
}

async function summary(text: string, settings = DEFAULT_SETTINGS) {
  const t = table(text);
  const mapping = recogniseHeaders(t.headers);
  const plan = await planImport(t, mapping, settings, []);
  return previewScreen({ table: t, mapping, remembered: false, plan, digest: "d", settings }).defaultsNotes;
}

describe("the import's answer", () => {
  it("says Imported for a heat that was empty, Replaced only for one that had results", () => {
    const base = { held: [], created: 0, completed: false };
    expect(importDoneNote({ ...base, changed: ["Open heat 1"], added: ["Open heat 1"] })).toBe("Imported: Open heat 1.");
    expect(importDoneNote({ ...base, changed: ["Open heat 1", "Open heat 2"], added: ["Open heat 2"] })).toBe(
      "Imported: Open heat 2. Replaced: Open heat 1.",
    );
    expect(importDoneNote({ ...base, changed: [], added: [] })).toBe("Nothing changed: the results were already these.");
    expect(
      importDoneNote({
        changed: ["Superboat heat 1"],
        added: ["Superboat heat 1"],
        held: ["Open heat 2"],
        created: 2,
        completed: true,
      }),
    ).toBe(`Imported: Superboat heat 1. 2 new racers created. Not imported (unusable rows): Open heat 2. ${RACE_COMPLETED_NOTE}`);
  });
});

describe("the preview's summary of rows without class or heat", () => {
  it("says every row goes under the chosen class and heat when the file has neither", async () => {
    expect(await summary("Position,Name,Boat\n1,Ann Lee,7\n2,Bob Ray,8")).toEqual([
      "The file gives no class: filed under Open, the class chosen with the file.",
      "The file gives no heat: filed under heat 1, the heat chosen with the file.",
    ]);
    expect(
      await summary("Position,Name,Boat\n1,Ann Lee,7", { ...DEFAULT_SETTINGS, defaultClass: "Superboat", defaultHeat: 3 }),
    ).toEqual([
      "The file gives no class: filed under Superboat, the class chosen with the file.",
      "The file gives no heat: filed under heat 3, the heat chosen with the file.",
    ]);
  });

  it("counts the rows that lack one, and says nothing when the file gives both", async () => {
    expect(await summary("Position,Name,Boat,Class,Heat\n1,Ann Lee,7,Open,1\n2,Bob Ray,8,,2\n3,Cy Day,9,Superboat,2")).toEqual([
      "1 row gives no class: filed under Open, the class chosen with the file.",
    ]);
    expect(await summary("Position,Name,Boat,Class,Heat\n1,Ann Lee,7,Open,1")).toEqual([]);
  });
});

/**
 * The server reads an import's CSV in 16 KB slices with a turn of the event loop between them
 * (app/domain/results-import/read-import.server.ts). Whatever the file, it reads what the whole-file
 * read gives: the same table, or the same refusal.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readImport } from "~/domain/results-import/read-import.server";
import { parseImport } from "~/lib/results-import/parse";

/** Cells with what files bring: accents, emoji (four bytes, so a slice can cut one), quotes, separators. */
const cell = fc.stringMatching(/^[A-Za-z0-9 éøßЖ漢😀"';,\t-]{0,40}$/u);
const csvFile = fc
  .tuple(
    fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 900 }),
    fc.constantFrom(",", ";", "\t"),
    fc.constantFrom("\n", "\r\n"),
  )
  .map(([rows, delimiter, end]) => rows.map((cells) => cells.join(delimiter)).join(end));

describe("reading an import in slices", () => {
  it("gives what the whole-file read gives, for any file", { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(csvFile, async (text) => {
        expect(await readImport(text)).toEqual(parseImport(text));
      }),
      { numRuns: 60 },
    );
  });

  it("keeps a character cut in two by a slice boundary, and reads a file of many slices", async () => {
    // "😀" is four bytes: placed so that one straddles the 16 KB boundary.
    const row = (i: number) => `${i},Zoë 😀 Lakeside ${"x".repeat(i % 7)},1`;
    const text = ["Pos,Name,Heat", ...Array.from({ length: 3000 }, (_, i) => row(i + 1))].join("\n");
    expect(Buffer.byteLength(text)).toBeGreaterThan(5 * 16 * 1024);
    const sliced = await readImport(text);
    expect(sliced).toEqual(parseImport(text));
    expect(sliced.ok && sliced.table.rows.at(-1)!.cells[1]).toBe(`Zoë 😀 Lakeside ${"x".repeat(3000 % 7)}`);
  });

  it("stops where the whole-file read stops on a file of more lines than it reads", async () => {
    const text = ["Pos,Name", ...Array.from({ length: 25_000 }, (_, i) => `${i + 1},A`)].join("\n");
    const sliced = await readImport(text);
    expect(sliced).toEqual(parseImport(text));
    expect(sliced.ok).toBe(false);
  });

  it("refuses a broken file with the line, as the whole-file read does", async () => {
    const text = `Pos,Name\n1,Ann\n2,"Bob\n3,Cy`;
    const sliced = await readImport(text);
    expect(sliced).toEqual(parseImport(text));
  });
});

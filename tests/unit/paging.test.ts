/** Lists read a page at a time (results archive, news, the admin's racers): one rule for the page asked and read. */
import { describe, expect, it } from "vitest";
import { readPageOf, requestedPage } from "~/lib/util/paging";

describe("requestedPage", () => {
  it("reads a whole number from 1, and anything else as page 1", () => {
    expect(requestedPage("3")).toBe(3);
    for (const odd of [null, "", "0", "-2", "2.5", "two", "1e3", "999999", " 2"]) expect(requestedPage(odd), String(odd)).toBe(1);
    expect(requestedPage("0")).toBe(1);
  });
});

describe("readPageOf", () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);
  const reads: number[] = [];
  const at = async (offset: number) => {
    reads.push(offset);
    return { total: items.length, items: items.slice(offset, offset + 10) };
  };

  it("reads the page asked for, with the number of pages", async () => {
    reads.length = 0;
    expect(await readPageOf(2, 10, at)).toEqual({ total: 23, items: items.slice(10, 20), page: 2, pages: 3 });
    expect(reads).toEqual([10]);
  });

  it("reads the last page for a page past the end, never an empty one", async () => {
    reads.length = 0;
    expect(await readPageOf(9, 10, at)).toMatchObject({ items: [21, 22, 23], page: 3, pages: 3 });
    expect(reads).toEqual([80, 20]);
  });

  it("an empty list is one empty page", async () => {
    expect(await readPageOf(4, 10, async () => ({ total: 0, items: [] }))).toEqual({ total: 0, items: [], page: 1, pages: 1 });
  });
});

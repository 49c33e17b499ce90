import { describe, expect, it } from "vitest";
import { pageHandles, readPageData } from "~/lib/platform/page";

describe("readPageData", () => {
  const data = { races: [{ id: 1, title: "Spring Cup" }], page: 2 };

  it("a document's render reads every field, while serialisers see nothing to send", () => {
    const hidden = readPageData(new Request("http://club.test/results?page=2"), data);
    expect(hidden.races[0]!.title).toBe("Spring Cup");
    const { page } = hidden;
    expect(page).toBe(2);
    expect(Object.keys(hidden)).toEqual([]);
    expect(JSON.stringify(hidden)).toBe("{}");
  });

  it("a client navigation's .data request gets the data as it is", () => {
    const plain = readPageData(new Request("http://club.test/results.data?page=2"), data);
    expect(JSON.parse(JSON.stringify(plain))).toEqual(data);
  });
});

describe("pageHandles", () => {
  it("hydrates when any matched route asks, and lists each script once", () => {
    expect(pageHandles([undefined, { scripts: ["/js/a.js"] }, { scripts: ["/js/a.js", "/js/b.js"] }])).toEqual({
      hydrate: false,
      scripts: ["/js/a.js", "/js/b.js"],
      usedStylesOnly: false,
    });
    expect(pageHandles([{ hydrate: true }, null]).hydrate).toBe(true);
  });

  it("inlines only the used styles unless a script may add HTML of its own (decision 0033)", () => {
    expect(pageHandles([undefined, { query: [] }]).usedStylesOnly).toBe(true);
    expect(pageHandles([{ scripts: ["/js/public-forms.js"], scriptsAddNoHtml: true }]).usedStylesOnly).toBe(true);
    expect(
      pageHandles([{ scripts: ["/js/public-forms.js"], scriptsAddNoHtml: true }, { scripts: ["/js/x.js"] }]).usedStylesOnly,
    ).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { editDistance, findDuplicates, nameKey, similarNames, type DuplicateCandidate } from "~/lib/racer/duplicates";

let n = 0;
const racer = (firstName: string, lastName: string, extra: Partial<DuplicateCandidate> = {}): DuplicateCandidate => ({
  id: ++n,
  firstName,
  lastName,
  email: null,
  boatNumber: "",
  ...extra,
});

describe("nameKey", () => {
  it("ignores case, accents, punctuation and spacing", () => {
    expect(nameKey("  Zoë   ÅNGSTRÖM ")).toBe("zoe angstrom");
    expect(nameKey("O'Neill")).toBe("oneill");
    expect(nameKey("José-María")).toBe("josemaria");
    expect(nameKey("Ｊｏｈｎ")).toBe("john");
  });
});

describe("editDistance", () => {
  it("counts edits and gives up above the limit", () => {
    expect(editDistance("smith", "smyth")).toBe(1);
    expect(editDistance("jon", "john")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("a", "abcdef")).toBe(3);
    expect(editDistance("", "")).toBe(0);
  });
});

describe("similarNames", () => {
  const name = (firstName: string, lastName: string) => ({ firstName, lastName });
  it.each([
    [name("Zoë", "Ångström"), name("zoe", "angstrom")],
    [name("Jon", "Smyth"), name("John", "Smith")],
    [name("Rob", "Darrell"), name("Robert", "Darrell")],
    [name("R", "Darrell"), name("Robert", "Darrell")],
    [name("Siobhan", "O'Neill"), name("Siobhan", "ONeill")],
  ])("%o and %o are probably one person", (a, b) => {
    expect(similarNames(a, b)).toBe(true);
    expect(similarNames(b, a)).toBe(true);
  });
  it.each([
    [name("Al", "Li"), name("Ed", "Le")],
    [name("Robert", "Darrell"), name("Robert", "Simmons")],
    [name("Anna", "Smith"), name("Maria", "Smith")],
    [name("Sam", "Jones"), name("Tim", "Jones")],
  ])("%o and %o are two people", (a, b) => {
    expect(similarNames(a, b)).toBe(false);
  });
});

describe("findDuplicates", () => {
  it("finds the same e-mail, the same name, and the same boat number with a similar name", () => {
    const a = racer("Zoë", "Ångström", { boatNumber: "77" });
    const b = racer("ZOE", "angstrom", { boatNumber: "77" });
    const c = racer("Pat", "Lee", { email: "pat@example.org" });
    const d = racer("Patricia", "Leigh", { email: " PAT@example.org" });
    const e = racer("Jon", "Smyth", { boatNumber: "12" });
    const f = racer("John", "Smith", { boatNumber: "12" });
    const g = racer("Mary", "Jones", { boatNumber: "12" });
    const h = racer("Kim", "Trott", { boatNumber: "" });
    const i = racer("Kym", "Trott", { boatNumber: "" });
    expect(findDuplicates([a, b, c, d, e, f, g, h, i])).toEqual([
      { a: a.id, b: b.id, reasons: ["name", "boat-number"] },
      { a: c.id, b: d.id, reasons: ["email"] },
      { a: e.id, b: f.id, reasons: ["boat-number"] },
    ]);
  });

  it("lists each pair once, lower id first, whatever the input order", () => {
    const a = racer("Ann", "Bell", { email: "ann@example.org", boatNumber: "3" });
    const b = racer("ann", "bell", { email: "ANN@example.org", boatNumber: "3" });
    expect(findDuplicates([b, a])).toEqual([{ a: a.id, b: b.id, reasons: ["email", "name", "boat-number"] }]);
  });

  it("finds nothing among different people, and handles a large club quickly", () => {
    const club = Array.from({ length: 3000 }, (_, k) =>
      racer(`First${k}x`, `Last${k}y`, { email: `r${k}@example.org`, boatNumber: String(k) }),
    );
    const started = performance.now();
    expect(findDuplicates(club)).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

/** People's names in the order a person expects (the database's ICU order, in JavaScript). */
import { describe, expect, it } from "vitest";
import { compareNames } from "~/lib/racer/names";

const sam = (lastName: string, firstName = "Sam") => ({ firstName, lastName });

describe("compareNames", () => {
  it("puts 'de Silva' between 'Dawson' and 'Evans', whatever the case of its first letter", () => {
    const sorted = ["Zuill", "Evans", "de Silva", "Dawson", "De Souza"].map((n) => sam(n)).sort(compareNames);
    expect(sorted.map((p) => p.lastName)).toEqual(["Dawson", "de Silva", "De Souza", "Evans", "Zuill"]);
  });

  it("sorts accented letters with their base letter, and apostrophes do not jump the queue", () => {
    const sorted = ["Ochoa", "O'Neill", "Ávila", "Azevedo", "Abbott"].map((n) => sam(n)).sort(compareNames);
    expect(sorted.map((p) => p.lastName)).toEqual(["Abbott", "Ávila", "Azevedo", "O'Neill", "Ochoa"]);
  });

  it("breaks a tie on the last name with the first name", () => {
    expect(compareNames(sam("Lee", "ann"), sam("Lee", "Bob"))).toBeLessThan(0);
    expect(compareNames(sam("Lee", "Bob"), sam("Lee", "Bob"))).toBe(0);
  });
});

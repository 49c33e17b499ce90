/** Plurals in every generated sentence (issue 21 item 14): "1 win to 0", never "1 wins to 0". */
import { describe, expect, it } from "vitest";
import { countBackReason, DEFAULT_RULES, describeRules } from "~/lib/championship/championship";
import { countOf, plural } from "~/lib/util/plural";
import { boatCount } from "~/lib/race-day/race-day";
import { resultsMailedNote } from "~/lib/registration/race-messages";
import { tryAgainIn } from "~/lib/util/try-again";

describe("countOf and plural", () => {
  it("use the singular for exactly 1, the plural for 0, 2 and fractions", () => {
    expect([0, 1, 2, 1.5, 21].map((n) => countOf(n, "win"))).toEqual(["0 wins", "1 win", "2 wins", "1.5 wins", "21 wins"]);
    expect(countOf(1, "race entry", "race entries")).toBe("1 race entry");
    expect(countOf(3, "race entry", "race entries")).toBe("3 race entries");
    expect(plural(1, "round is", "rounds are")).toBe("round is");
    expect(plural(4, "round is", "rounds are")).toBe("rounds are");
  });
});

describe("generated sentences", () => {
  it("count-back names one finish in the singular", () => {
    expect(countBackReason({ points: 10, finishes: [1] }, { points: 10, finishes: [0, 3] })).toBe(
      "ahead on count-back: 1 win to 0",
    );
    expect(countBackReason({ points: 10, finishes: [0, 1] }, { points: 10, finishes: [] })).toBe(
      "ahead on count-back: 1 2nd place to 0",
    );
    expect(countBackReason({ points: 10, finishes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1] }, { points: 10, finishes: [] })).toBe(
      "ahead on count-back: 1 11th place to 0",
    );
    expect(countBackReason({ points: 10, finishes: [2] }, { points: 10, finishes: [1] })).toBe(
      "ahead on count-back: 2 wins to 1",
    );
  });

  it("a season's rules read right with ones", () => {
    const ones = { ...DEFAULT_RULES, bestRounds: 1, dropRounds: 1, dropAfter: 1, minRounds: 1, minEntrants: 1 };
    expect(describeRules(ones)).toEqual([
      "Each racer's best round counts.",
      "Each racer's worst round is dropped once 1 round has been run.",
      "Racers need at least 1 round to be classified.",
      "A race counts in a class when at least 1 boat of that class raced.",
    ]);
    const many = { ...DEFAULT_RULES, bestRounds: 6, dropRounds: 2, dropAfter: 5, minRounds: 3, minEntrants: 4 };
    expect(describeRules(many)).toEqual([
      "Each racer's best 6 rounds count.",
      "Each racer's worst 2 rounds are dropped once 5 rounds have been run.",
      "Racers need at least 3 rounds to be classified.",
      "A race counts in a class when at least 4 boats of that class raced.",
    ]);
  });

  it("boats, minutes and e-mails", () => {
    expect([boatCount(0), boatCount(1), boatCount(2)]).toEqual(["0 boats", "1 boat", "2 boats"]);
    expect(tryAgainIn(30)).toBe("Please try again in 1 minute.");
    expect(resultsMailedNote(1)).toBe('A "results are up" e-mail is on its way to 1 driver who asked for one.');
  });
});

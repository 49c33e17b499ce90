import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  championshipTable,
  countBackReason,
  countedRoundLimit,
  DEFAULT_RULES,
  seasonPoints,
  SPEC_POINTS_TABLE,
  type ChampionshipRound,
  type ChampionshipRules,
  type RacerRounds,
} from "~/lib/championship/championship";
import { pointsForPosition } from "~/lib/championship/points";
import { rankStandings } from "~/lib/championship/standings";

const rules = (overrides: Partial<ChampionshipRules> = {}): ChampionshipRules => ({ ...DEFAULT_RULES, ...overrides });
const rounds = (n: number, entrants = 10): ChampionshipRound[] =>
  Array.from({ length: n }, (_, i) => ({ id: i + 1, entrants, countsForChampionship: true }));

/** A racer who finished `positions[i]` in round i + 1 (null = did not run), scored with SPEC's table. */
function racer(id: number, positions: (number | null)[], lastName = `Racer${id}`): RacerRounds {
  return {
    competitorId: id,
    firstName: "A",
    lastName,
    scores: positions.flatMap((position, i) =>
      position === null ? [] : [{ roundId: i + 1, points: pointsForPosition(position), positions: [position] }],
    ),
  };
}

describe("points table per season", () => {
  it("defaults to SPEC's table: 25, 20, 15, 13, 11, 10, 9, 8, 7, 6, then 5", () => {
    expect(SPEC_POINTS_TABLE).toEqual([25, 20, 15, 13, 11, 10, 9, 8, 7, 6]);
    expect([1, 2, 10, 11, 40].map((p) => seasonPoints(DEFAULT_RULES, p))).toEqual([25, 20, 6, 5, 5]);
  });

  it("under SPEC's table a stored points value wins", () => {
    expect(seasonPoints(DEFAULT_RULES, 1, 3)).toBe(3);
  });

  it("a season's own table scores every finish, stored points included", () => {
    const table = { pointsTable: [10, 8, 6], pointsBelow: 1 };
    expect([1, 3, 4].map((p) => seasonPoints(table, p))).toEqual([10, 6, 1]);
    expect(seasonPoints(table, 1, 25)).toBe(10);
  });
});

describe("best N of M", () => {
  it("counts only a racer's best N rounds and marks the others dropped", () => {
    const table = championshipTable(rules({ bestRounds: 3 }), rounds(5), [racer(1, [1, 10, 2, 5, 3])]);
    const row = table.classified[0]!;
    expect(row.points).toBe(25 + 20 + 15);
    expect(row.cells.map((c) => c?.dropped)).toEqual([false, true, false, true, false]);
  });

  it("counts every round of a racer who ran fewer than N", () => {
    const table = championshipTable(rules({ bestRounds: 3 }), rounds(5), [racer(1, [4, null, null, 6, null])]);
    expect(table.classified[0]!.points).toBe(13 + 10);
    expect(table.classified[0]!.cells.map((c) => c?.dropped ?? null)).toEqual([false, null, null, false, null]);
  });

  it("keeps the earlier of two equal scores", () => {
    const table = championshipTable(rules({ bestRounds: 1 }), rounds(2), [racer(1, [2, 2])]);
    expect(table.classified[0]!.cells.map((c) => c?.dropped)).toEqual([false, true]);
  });
});

describe("drop D rounds once K were run", () => {
  it("drops nothing before K rounds were held", () => {
    expect(countedRoundLimit(rules({ dropRounds: 2, dropAfter: 6 }), 5)).toBe(Infinity);
    const table = championshipTable(rules({ dropRounds: 2, dropAfter: 6 }), rounds(5), [racer(1, [1, 2, 3, 4, 5])]);
    expect(table.classified[0]!.points).toBe(25 + 20 + 15 + 13 + 11);
  });

  it("drops the worst D once K rounds were held", () => {
    expect(countedRoundLimit(rules({ dropRounds: 2, dropAfter: 6 }), 6)).toBe(4);
    const table = championshipTable(rules({ dropRounds: 2, dropAfter: 6 }), rounds(6), [racer(1, [1, 2, 3, 4, 5, 6])]);
    expect(table.classified[0]!.points).toBe(25 + 20 + 15 + 13);
  });

  it("a missed round is one of the drops: a racer who ran M - D rounds keeps them all", () => {
    const table = championshipTable(rules({ dropRounds: 2, dropAfter: 6 }), rounds(6), [racer(1, [1, null, 3, null, 5, 6])]);
    expect(table.classified[0]!.points).toBe(25 + 15 + 11 + 10);
  });

  it("combines with best N: the smaller limit wins", () => {
    expect(countedRoundLimit(rules({ bestRounds: 3, dropRounds: 1, dropAfter: 2 }), 8)).toBe(3);
    expect(countedRoundLimit(rules({ bestRounds: 7, dropRounds: 2, dropAfter: 4 }), 8)).toBe(6);
  });
});

describe("minimum rounds to be classified", () => {
  it("lists racers with too few rounds below the line, without a position", () => {
    const table = championshipTable(rules({ minRounds: 2 }), rounds(3), [racer(1, [1, null, null]), racer(2, [3, 3, null])]);
    expect(table.classified.map((r) => [r.competitorId, r.position])).toEqual([[2, 1]]);
    expect(table.notClassified.map((r) => [r.competitorId, r.position, r.points])).toEqual([[1, null, 25]]);
  });
});

describe("minimum entrants for a race to count in a class", () => {
  it("leaves out a race with too few boats in the class", () => {
    const small: ChampionshipRound[] = [
      { id: 1, entrants: 2, countsForChampionship: true },
      { id: 2, entrants: 3, countsForChampionship: true },
    ];
    const table = championshipTable(rules({ minEntrants: 3 }), small, [racer(1, [1, 2])]);
    expect(table.rounds.map((r) => r.id)).toEqual([2]);
    expect(table.classified[0]!.points).toBe(20);
    expect(table.classified[0]!.cells).toHaveLength(1);
  });
});

describe("a race that does not count", () => {
  it("is not a round: no column, no points, no wins, not in the drop count", () => {
    const list: ChampionshipRound[] = [...rounds(3), { id: 4, entrants: 10, countsForChampionship: false }];
    const table = championshipTable(rules({ dropRounds: 1, dropAfter: 4 }), list, [racer(1, [2, 2, 2, 1])]);
    expect(table.rounds.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(table.classified[0]!.points).toBe(60);
    expect(table.classified[0]!.wins).toBe(0);
  });

  it("a racer who only ran races that do not count is not in the table", () => {
    const list: ChampionshipRound[] = [{ id: 1, entrants: 10, countsForChampionship: false }];
    expect(championshipTable(DEFAULT_RULES, list, [racer(1, [1])]).classified).toEqual([]);
  });
});

describe("count-back", () => {
  it("without drops: equal points, more wins ahead, and the row says why", () => {
    // 25 + 25 + 25 + 5 = 80 = 20 + 20 + 20 + 20: three wins to none.
    const table = championshipTable(DEFAULT_RULES, rounds(4), [racer(2, [2, 2, 2, 2]), racer(1, [1, 1, 1, 11])]);
    expect(table.classified.map((r) => [r.competitorId, r.points])).toEqual([
      [1, 80],
      [2, 80],
    ]);
    expect(table.classified[0]!.countBack).toBe("ahead on count-back: 3 wins to 0");
    expect(table.classified[1]!.countBack).toBeNull();
  });

  it("names the place that decided: 2nd places when wins are equal", () => {
    expect(countBackReason({ points: 60, finishes: [1, 2] }, { points: 60, finishes: [1, 1, 2] })).toBe(
      "ahead on count-back: 2 2nd places to 1",
    );
    expect(countBackReason({ points: 60, finishes: [0, 0, 0, 1] }, { points: 60, finishes: [] })).toBe(
      "ahead on count-back: 1 4th place to 0",
    );
    expect(countBackReason({ points: 61, finishes: [] }, { points: 60, finishes: [3] })).toBeNull();
  });

  it("with drops: ties are on counted points, and finishes of dropped rounds still count back", () => {
    // Best 2: racer 1 counts 25 + 15 = 40 and drops an 11th place; racer 2 counts 20 + 20 = 40 and drops a 3rd.
    const table = championshipTable(rules({ bestRounds: 2 }), rounds(3), [racer(2, [2, 2, 3]), racer(1, [1, 3, 11])]);
    expect(table.classified.map((r) => [r.competitorId, r.points])).toEqual([
      [1, 40],
      [2, 40],
    ]);
    expect(table.classified[0]!.countBack).toBe("ahead on count-back: 1 win to 0");
    expect(table.classified[1]!.cells[2]).toEqual({ points: 15, dropped: true, positions: [3] });
    expect(table.classified[1]!.podiums).toBe(3);
  });

  it("with no rules, orders exactly like SPEC's standings", () => {
    const racers = [racer(1, [1, 4, 4]), racer(2, [2, 2, 5]), racer(3, [3, 1, null]), racer(4, [null, 3, 1])];
    const table = championshipTable(DEFAULT_RULES, rounds(3), racers);
    const spec = rankStandings(
      racers.map((r) => ({
        competitorId: r.competitorId,
        firstName: r.firstName,
        lastName: r.lastName,
        points: r.scores.reduce((sum, s) => sum + s.points, 0),
        finishes: Array.from({ length: 5 }, (_, i) => r.scores.filter((s) => s.positions.includes(i + 1)).length),
      })),
    );
    expect(table.classified.map((r) => [r.competitorId, r.points])).toEqual(spec.map((r) => [r.competitorId, r.points]));
  });
});

describe("progression", () => {
  it("cumulates counted points round by round, ending at the total", () => {
    const table = championshipTable(rules({ bestRounds: 2 }), rounds(4), [racer(1, [1, null, 11, 2])]);
    expect(table.classified[0]!.cumulative).toEqual([25, 25, 25, 45]);
  });
});

describe("properties", () => {
  const arbitraryRacers = fc.array(
    fc.array(fc.option(fc.integer({ min: 1, max: 15 }), { nil: null }), { minLength: 6, maxLength: 6 }),
    {
      minLength: 1,
      maxLength: 8,
    },
  );
  const arbitraryRules = fc.record({
    bestRounds: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
    drop: fc.option(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 8 })), { nil: null }),
    minRounds: fc.integer({ min: 0, max: 4 }),
  });
  const toRules = (r: { bestRounds: number | null; drop: [number, number] | null; minRounds: number }) =>
    rules({ bestRounds: r.bestRounds, dropRounds: r.drop?.[0] ?? null, dropAfter: r.drop?.[1] ?? null, minRounds: r.minRounds });

  it("a racer's total is the sum of the rounds counted in the grid", () => {
    fc.assert(
      fc.property(arbitraryRacers, arbitraryRules, (positions, r) => {
        const table = championshipTable(
          toRules(r),
          rounds(6),
          positions.map((p, i) => racer(i + 1, p)),
        );
        for (const row of [...table.classified, ...table.notClassified]) {
          const counted = row.cells.reduce((sum, cell) => sum + (cell && !cell.dropped ? cell.points : 0), 0);
          expect(row.points).toBe(counted);
          expect(row.cumulative.at(-1)).toBe(row.points);
        }
      }),
    );
  });

  it("dropping rounds never raises a racer's total", () => {
    fc.assert(
      fc.property(arbitraryRacers, arbitraryRules, (positions, r) => {
        const racers = positions.map((p, i) => racer(i + 1, p));
        const all = championshipTable(rules({ minRounds: r.minRounds }), rounds(6), racers);
        const dropped = championshipTable(toRules(r), rounds(6), racers);
        const totals = new Map([...all.classified, ...all.notClassified].map((row) => [row.competitorId, row.points]));
        for (const row of [...dropped.classified, ...dropped.notClassified]) {
          expect(row.points).toBeLessThanOrEqual(totals.get(row.competitorId)!);
        }
      }),
    );
  });
});

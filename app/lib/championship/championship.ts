/**
 * Season championship rules (DESIGN point 9). Pure: the database hands over one row per
 * racer per round (a round = one race in one class), this module decides which rounds count,
 * which are dropped, who is classified and in what order, and says why.
 *
 * With DEFAULT_RULES nothing is dropped or filtered, so a season's totals are SPEC's sum of every
 * result in it, ordered by the same count-back as app/lib/championship/standings.ts.
 */
import { POINTS_BELOW_TABLE, POINTS_BY_POSITION } from "~/lib/championship/points";
import { ordinal } from "~/lib/util/ordinal";
import { countOf, plural } from "~/lib/util/plural";
import { compareStandings } from "~/lib/championship/standings";

export interface ChampionshipRules {
  /** Points for 1st, 2nd, 3rd, ... */
  pointsTable: number[];
  /** Points for every finish below the table. */
  pointsBelow: number;
  /** Count only a racer's best N rounds; null = every round. */
  bestRounds: number | null;
  /** Drop a racer's worst D rounds once at least K rounds were held; both null = never. */
  dropRounds: number | null;
  dropAfter: number | null;
  /** Rounds a racer must have run to be classified. */
  minRounds: number;
  /** Entrants a class needs in a race for that race to count in that class. */
  minEntrants: number;
}

/** SPEC's table (app/lib/championship/points.ts) as a list: 25, 20, 15, 13, 11, 10, 9, 8, 7, 6. */
export const SPEC_POINTS_TABLE: readonly number[] = Object.keys(POINTS_BY_POSITION)
  .map(Number)
  .sort((a, b) => a - b)
  .map((position) => POINTS_BY_POSITION[position]!);

export const DEFAULT_RULES: Readonly<ChampionshipRules> = {
  pointsTable: [...SPEC_POINTS_TABLE],
  pointsBelow: POINTS_BELOW_TABLE,
  bestRounds: null,
  dropRounds: null,
  dropAfter: null,
  minRounds: 0,
  minEntrants: 0,
};

/** Whether the season scores with SPEC's table (25, 20, ... then 5). */
export function usesSpecTable(rules: Pick<ChampionshipRules, "pointsTable" | "pointsBelow">): boolean {
  return (
    rules.pointsBelow === POINTS_BELOW_TABLE &&
    rules.pointsTable.length === SPEC_POINTS_TABLE.length &&
    rules.pointsTable.every((p, i) => p === SPEC_POINTS_TABLE[i])
  );
}

/**
 * Points for one finish under a season's table. Under SPEC's table a stored points value wins
 * (SPEC section 9). A season with its own table scores every finish with it: the only stored
 * points are the results editor's (and the old site's) copies of SPEC's table, and honouring them
 * would leave the season's table without effect (docs/decisions/0013).
 */
export function seasonPoints(
  rules: Pick<ChampionshipRules, "pointsTable" | "pointsBelow">,
  position: number,
  stored?: number | null,
): number {
  return seasonScorer(rules)(position, stored);
}

/** seasonPoints() for every finish of one season: whether stored points win is decided once. */
export function seasonScorer(
  rules: Pick<ChampionshipRules, "pointsTable" | "pointsBelow">,
): (position: number, stored?: number | null) => number {
  const storedWins = usesSpecTable(rules);
  return (position, stored) => {
    if (storedWins && stored !== null && stored !== undefined) return stored;
    if (!Number.isInteger(position) || position < 1) return 0;
    return rules.pointsTable[position - 1] ?? rules.pointsBelow;
  };
}

/** How many of one racer's rounds count when `roundsHeld` rounds were held (Infinity = all). */
export function countedRoundLimit(rules: ChampionshipRules, roundsHeld: number): number {
  let limit = Infinity;
  if (rules.bestRounds !== null) limit = rules.bestRounds;
  if (rules.dropRounds !== null && rules.dropAfter !== null && roundsHeld >= rules.dropAfter) {
    limit = Math.min(limit, Math.max(0, roundsHeld - rules.dropRounds));
  }
  return limit;
}

export interface RoundScore {
  roundId: number;
  points: number;
  /** The racer's finishing positions in the round (one per heat). */
  positions: number[];
}

/**
 * The rounds that count: the racer's best `limit` scores. Among equal scores the earlier round is
 * kept (the total is the same either way; this just makes the grid stable).
 * `scores` are in round order; counted[i] says whether scores[i] counts.
 */
export function chooseCountedRounds(scores: readonly RoundScore[], limit: number): boolean[] {
  if (scores.length <= limit) return scores.map(() => true);
  const best = scores.map((_, i) => i).sort((a, b) => scores[b]!.points - scores[a]!.points || a - b);
  const counted = scores.map(() => false);
  for (let i = 0; i < limit; i++) counted[best[i]!] = true;
  return counted;
}

export interface ChampionshipRound {
  id: number;
  /** Distinct racers with a result in this race in this class. */
  entrants: number;
  countsForChampionship: boolean;
}

export interface RacerRounds {
  competitorId: number;
  firstName: string;
  lastName: string;
  scores: RoundScore[];
}

export interface GridCell {
  points: number;
  dropped: boolean;
  positions: number[];
}

export interface ChampionshipRow {
  competitorId: number;
  firstName: string;
  lastName: string;
  /** Counted points. */
  points: number;
  /** One cell per counted round (same order as `rounds`); null = did not run. */
  cells: (GridCell | null)[];
  /** Counted points after each round, for the progression chart. */
  cumulative: number[];
  roundsRun: number;
  /** finishes[i] = finishes in position i + 1 in the counted rounds' races, dropped rounds included. */
  finishes: number[];
  wins: number;
  podiums: number;
  classified: boolean;
  /** 1..n among classified racers; null below the line. */
  position: number | null;
  /** Why this row is ahead of the next one on equal points ("ahead on count-back: 3 wins to 2"). */
  countBack: string | null;
}

export interface ChampionshipTable<R extends ChampionshipRound = ChampionshipRound> {
  /** The rounds that count, in date order. */
  rounds: R[];
  classified: ChampionshipRow[];
  notClassified: ChampionshipRow[];
}

/** A race counts in a class when it is flagged to count and the class had enough entrants. */
export function roundCounts(rules: ChampionshipRules, round: ChampionshipRound): boolean {
  return round.countsForChampionship && round.entrants >= rules.minEntrants;
}

/** finishes[i] = how many of the rounds' heats the racer finished in position i + 1. */
function finishesOf(scores: readonly RoundScore[]): number[] {
  const finishes: number[] = [];
  for (const score of scores) {
    for (const position of score.positions) {
      if (position < 1) continue;
      for (let i = finishes.length; i < position; i++) finishes[i] = 0;
      finishes[position - 1]! += 1;
    }
  }
  return finishes;
}

/** "3 wins", "1 2nd place": `count` finishes in position index + 1. */
function finishesIn(index: number, count: number): string {
  return index === 0 ? countOf(count, "win") : countOf(count, `${ordinal(index + 1)} place`);
}

/** "ahead on count-back: 3 wins to 2", or null when points differ or every finish is equal. */
export function countBackReason(
  ahead: { points: number; finishes: number[] },
  behind: { points: number; finishes: number[] },
): string | null {
  if (ahead.points !== behind.points) return null;
  const length = Math.max(ahead.finishes.length, behind.finishes.length);
  for (let i = 0; i < length; i++) {
    const a = ahead.finishes[i] ?? 0;
    const b = behind.finishes[i] ?? 0;
    if (a !== b) return `ahead on count-back: ${finishesIn(i, a)} to ${b}`;
  }
  return null;
}

/**
 * The championship table of one class in one season. `rounds` are every race of the season in
 * that class in date order; `racers` carry their scores per round (rounds they did not run are
 * simply absent).
 */
export function championshipTable<R extends ChampionshipRound>(
  rules: ChampionshipRules,
  rounds: readonly R[],
  racers: readonly RacerRounds[],
): ChampionshipTable<R> {
  const counting = rounds.filter((round) => roundCounts(rules, round));
  const index = new Map(counting.map((round, i) => [round.id, i]));
  const limit = countedRoundLimit(rules, counting.length);

  // The standings are read on every request (bench/championship.bench.ts: 500 racers of 25
  // rounds): a racer's row is built in a few passes over their rounds, without sorting them or
  // flatMap (both allocate; garbage collection was a tenth of the time).
  const rows: ChampionshipRow[] = [];
  for (const racer of racers) {
    // Each score in its round's column: that orders them by date and leaves out rounds that do not count.
    const columns: (RoundScore | null)[] = counting.map(() => null);
    for (const score of racer.scores) {
      const column = index.get(score.roundId);
      if (column !== undefined) columns[column] = score;
    }
    const scores = columns.filter((score) => score !== null);
    if (scores.length === 0) continue;
    const counted = chooseCountedRounds(scores, limit);
    let i = 0;
    const cells = columns.map(
      (score): GridCell | null => score && { points: score.points, dropped: !counted[i++], positions: score.positions },
    );
    let running = 0;
    const cumulative = cells.map((cell) => (running += cell && !cell.dropped ? cell.points : 0));
    const finishes = finishesOf(scores);
    rows.push({
      competitorId: racer.competitorId,
      firstName: racer.firstName,
      lastName: racer.lastName,
      points: running,
      cells,
      cumulative,
      roundsRun: scores.length,
      finishes,
      wins: finishes[0] ?? 0,
      podiums: (finishes[0] ?? 0) + (finishes[1] ?? 0) + (finishes[2] ?? 0),
      classified: scores.length >= rules.minRounds,
      position: null,
      countBack: null,
    });
  }

  rows.sort(compareStandings);
  const classified = rows.filter((r) => r.classified);
  const notClassified = rows.filter((r) => !r.classified);
  for (const list of [classified, notClassified]) {
    list.forEach((row, i) => {
      const next = list[i + 1];
      row.countBack = next ? countBackReason(row, next) : null;
    });
  }
  classified.forEach((row, i) => (row.position = i + 1));
  return { rounds: counting, classified, notClassified };
}

/** The season's rules in words, for the standings page (an empty list = SPEC's plain sum). */
export function describeRules(rules: ChampionshipRules): string[] {
  const lines: string[] = [];
  if (!usesSpecTable(rules)) lines.push(`Points: ${rules.pointsTable.join(", ")}, then ${rules.pointsBelow}.`);
  if (rules.bestRounds !== null) {
    lines.push(`Each racer's best ${plural(rules.bestRounds, "round counts", `${rules.bestRounds} rounds count`)}.`);
  }
  if (rules.dropRounds !== null && rules.dropAfter !== null) {
    lines.push(
      `Each racer's worst ${plural(rules.dropRounds, "round is", `${rules.dropRounds} rounds are`)} dropped once ${countOf(rules.dropAfter, "round")} ${plural(rules.dropAfter, "has", "have")} been run.`,
    );
  }
  if (rules.minRounds > 0) lines.push(`Racers need at least ${countOf(rules.minRounds, "round")} to be classified.`);
  if (rules.minEntrants > 0)
    lines.push(`A race counts in a class when at least ${countOf(rules.minEntrants, "boat")} of that class raced.`);
  return lines;
}

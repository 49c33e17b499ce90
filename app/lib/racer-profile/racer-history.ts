/**
 * A racer's history (racer profile 2.0): lap times, what one race counts as for a
 * racer, personal bests per class, the recent-form trend and head-to-head. Pure: the domain
 * module hands over result rows; docs/decisions/0021 explains the choices.
 *
 * One rule throughout: a racer's finish in a race and class is their best heat position there
 * (the only finish a racer who ran one heat has), and their points there are the sum of their
 * heats' points (as a championship round counts them).
 */
import { canonicalBoatClass, classTabs } from "~/lib/platform/boat-classes";
import { lapTimeMillis } from "~/lib/race-day/lap-time";

export interface HistoryResult {
  raceId: number;
  raceTitle: string;
  /** yyyy-MM-dd */
  raceDate: string;
  boatClass: string;
  position: number;
  points: number;
  bestLap: string | null;
}

export interface RaceRef {
  raceId: number;
  raceTitle: string;
  raceDate: string;
}

export interface RaceFinish extends RaceRef {
  boatClass: string;
  /** Best heat position in this race and class. */
  position: number;
  /** Sum of the heats' points in this race and class. */
  points: number;
  /** Every heat position, best first. */
  positions: number[];
}

/** Oldest race first. Dates are yyyy-MM-dd, so their code units order them (localeCompare costs 20 times more). */
function byDate(a: RaceRef, b: RaceRef): number {
  return a.raceDate < b.raceDate ? -1 : a.raceDate > b.raceDate ? 1 : a.raceId - b.raceId;
}

/**
 * The order of a racer's results table: newest race first (date, then race id), then class and
 * heat. Classes compare by code unit, as PostgreSQL's C collation (the club's databases) does.
 */
export function newestRaceFirst(
  a: Pick<HistoryResult, "raceId" | "raceDate" | "boatClass"> & { heatNumber: number },
  b: Pick<HistoryResult, "raceId" | "raceDate" | "boatClass"> & { heatNumber: number },
): number {
  if (a.raceDate !== b.raceDate) return a.raceDate < b.raceDate ? 1 : -1;
  if (a.raceId !== b.raceId) return b.raceId - a.raceId;
  if (a.boatClass !== b.boatClass) return a.boatClass < b.boatClass ? -1 : 1;
  return a.heatNumber - b.heatNumber;
}

/** One finish per race and class, oldest race first (club classes first within a race). */
export function raceFinishes(results: readonly HistoryResult[]): RaceFinish[] {
  const finishes = new Map<string, RaceFinish>();
  for (const r of results) {
    const boatClass = canonicalBoatClass(r.boatClass);
    const key = `${r.raceId}\u0000${boatClass}`;
    const found = finishes.get(key);
    if (found) {
      found.positions.push(r.position);
      found.position = Math.min(found.position, r.position);
      found.points += r.points;
    } else {
      finishes.set(key, {
        raceId: r.raceId,
        raceTitle: r.raceTitle,
        raceDate: r.raceDate,
        boatClass,
        position: r.position,
        points: r.points,
        positions: [r.position],
      });
    }
  }
  const order = classTabs([...finishes.values()].map((f) => f.boatClass));
  return [...finishes.values()]
    .map((f) => ({ ...f, positions: f.positions.sort((a, b) => a - b) }))
    .sort((a, b) => byDate(a, b) || order.indexOf(a.boatClass) - order.indexOf(b.boatClass));
}

export interface ClassBests {
  boatClass: string;
  /** The fastest lap that parses (lapTimeMillis), first set; null when no lap time was recorded. */
  bestLap: (RaceRef & { lap: string; ms: number }) | null;
  /** The best finishing position, the race it was first reached in, and how often it was reached. */
  bestFinish: RaceRef & { position: number; times: number };
}

/**
 * Personal bests per class, club classes first. A best is the first time it was set: a later
 * equal lap or finish does not move it (the finish says how many times it was reached).
 */
export function personalBests(results: readonly HistoryResult[]): ClassBests[] {
  const oldestFirst = [...results].sort(byDate);
  const bests = new Map<string, ClassBests>();
  // Objects only when a best changes: a long career has hundreds of rows and a few bests.
  const ref = ({ raceId, raceTitle, raceDate }: HistoryResult): RaceRef => ({ raceId, raceTitle, raceDate });
  for (const r of oldestFirst) {
    const boatClass = canonicalBoatClass(r.boatClass);
    const ms = lapTimeMillis(r.bestLap);
    const found = bests.get(boatClass);
    if (!found) {
      bests.set(boatClass, {
        boatClass,
        bestLap: ms === null ? null : { ...ref(r), lap: r.bestLap!.trim(), ms },
        bestFinish: { ...ref(r), position: r.position, times: 1 },
      });
      continue;
    }
    if (ms !== null && (!found.bestLap || ms < found.bestLap.ms)) found.bestLap = { ...ref(r), lap: r.bestLap!.trim(), ms };
    if (r.position < found.bestFinish.position) found.bestFinish = { ...ref(r), position: r.position, times: 1 };
    else if (r.position === found.bestFinish.position) found.bestFinish.times += 1;
  }
  const order = classTabs([...bests.keys()]);
  return [...bests.values()].sort((a, b) => order.indexOf(a.boatClass) - order.indexOf(b.boatClass));
}

/** Each race day and class the racer has a result in, as stored (one per day and class, not per heat). */
export function raceDaysAndClasses(
  results: readonly Pick<HistoryResult, "raceDate" | "boatClass">[],
): { raceDate: string; boatClass: string }[] {
  const classesByDay = new Map<string, Set<string>>();
  for (const { raceDate, boatClass } of results) {
    const classes = classesByDay.get(raceDate);
    if (classes) classes.add(boatClass);
    else classesByDay.set(raceDate, new Set([boatClass]));
  }
  return [...classesByDay].flatMap(([raceDate, classes]) => [...classes].map((boatClass) => ({ raceDate, boatClass })));
}

/** How many races the profile's trend chart covers. */
export const TREND_RACES = 20;

/** The finishes of the racer's last `races` races (every class run in them), oldest first. */
export function recentFinishes(results: readonly HistoryResult[], races = TREND_RACES): RaceFinish[] {
  // The last races first, then their finishes: a long career has hundreds of races.
  const raced = new Map<number, RaceRef>();
  for (const r of results) if (!raced.has(r.raceId)) raced.set(r.raceId, r);
  const keep = new Set(
    [...raced.values()]
      .sort(byDate)
      .slice(-races)
      .map((r) => r.raceId),
  );
  return raceFinishes(results.filter((r) => keep.has(r.raceId)));
}

export interface Meeting extends RaceRef {
  boatClass: string;
  a: { position: number; points: number };
  b: { position: number; points: number };
  /** Who finished ahead: the better best-heat position; equal positions are level. */
  ahead: "a" | "b" | "level";
}

export interface HeadToHead {
  /** Newest first. */
  meetings: Meeting[];
  aheadA: number;
  aheadB: number;
  level: number;
  pointsA: number;
  pointsB: number;
  /** pointsA - pointsB over the meetings. */
  difference: number;
}

/**
 * Head-to-head of racers A and B: every race and class both have a result in (a "meeting"),
 * who finished ahead how often, and the points each scored in those meetings.
 */
export function headToHead(a: readonly HistoryResult[], b: readonly HistoryResult[]): HeadToHead {
  const key = (f: RaceFinish) => `${f.raceId}\u0000${f.boatClass}`;
  const bFinishes = new Map(raceFinishes(b).map((f) => [key(f), f]));
  const meetings: Meeting[] = [];
  for (const fa of raceFinishes(a)) {
    const fb = bFinishes.get(key(fa));
    if (!fb) continue;
    meetings.push({
      raceId: fa.raceId,
      raceTitle: fa.raceTitle,
      raceDate: fa.raceDate,
      boatClass: fa.boatClass,
      a: { position: fa.position, points: fa.points },
      b: { position: fb.position, points: fb.points },
      ahead: fa.position < fb.position ? "a" : fb.position < fa.position ? "b" : "level",
    });
  }
  meetings.reverse();
  const pointsA = meetings.reduce((sum, m) => sum + m.a.points, 0);
  const pointsB = meetings.reduce((sum, m) => sum + m.b.points, 0);
  return {
    meetings,
    aheadA: meetings.filter((m) => m.ahead === "a").length,
    aheadB: meetings.filter((m) => m.ahead === "b").length,
    level: meetings.filter((m) => m.ahead === "level").length,
    pointsA,
    pointsB,
    difference: pointsA - pointsB,
  };
}

/**
 * The public API's response shapes, made from what the public pages read. Each shape lists its
 * fields one by one (never a spread of a database row), so a column added to a table cannot reach
 * the API unnoticed; the OpenAPI document (openapi.ts) describes exactly these fields.
 */
import type { PublicResult } from "~/lib/races/results";
import { groupResults } from "~/lib/races/results";
import { raceTiming, type RaceStatus, type RaceTiming } from "~/lib/races/race-timing";
import { describeRules, type ChampionshipRow, type GridCell } from "~/lib/championship/championship";
import type { Ranked, StandingTotals } from "~/lib/championship/standings";
import type { ImageRef } from "~/lib/platform/image-ref";
import { racePictureUrl } from "~/lib/platform/site";
import { racerPath } from "~/lib/racer/erased";

export const API_BASE = "/api/v1";

export interface ApiRaceSummary {
  id: number;
  title: string;
  date: string;
  location: string;
  status: RaceStatus;
  timing: RaceTiming;
  links: { self: string; page: string };
}

export interface ApiResult {
  position: number;
  competitorId: number;
  racerName: string;
  boat: string;
  laps: number | null;
  totalTime: string | null;
  bestLap: string | null;
  lapTime: string | null;
  points: number;
  /** null: the racer was erased at their request (their resource answers 410). */
  links: { racer: string | null };
}

export interface ApiResultGroup {
  boatClass: string;
  heatNumber: number;
  label: string;
  results: ApiResult[];
}

export interface ApiRace extends ApiRaceSummary {
  description: string;
  /** The picture the race's page shows (its uploaded one, its own, or the bundled one): a path. */
  imageUrl: string;
  results: {
    /** The results are final (the results officer made them official). */
    official: boolean;
    officialAt: string | null;
    updatedAt: string | null;
    groups: ApiResultGroup[];
  };
}

interface RaceFields {
  id: number;
  title: string;
  date: string;
  location: string;
  status: RaceStatus;
}

export function raceSummary(race: RaceFields, today: string): ApiRaceSummary {
  return {
    id: race.id,
    title: race.title,
    date: race.date,
    location: race.location,
    status: race.status,
    timing: raceTiming(race.date, today),
    links: { self: `${API_BASE}/races/${race.id}`, page: `/results/${race.id}` },
  };
}

function apiResult(result: PublicResult): ApiResult {
  return {
    position: result.position,
    competitorId: result.competitorId,
    racerName: result.racerName,
    boat: result.boat,
    laps: result.laps,
    totalTime: result.totalTime,
    bestLap: result.bestLap,
    lapTime: result.lapTime,
    points: result.points,
    links: { racer: racerPath(result, `${API_BASE}/racers`) },
  };
}

export function raceDetail(
  race: RaceFields & { description: string; imageUrl: string | null },
  results: readonly PublicResult[],
  official: { officialAt: string | null; updatedAt: string | null },
  today: string,
  /** The race's uploaded picture (images.server.ts raceImageRef); null: none. */
  uploadedImage: ImageRef | null = null,
): ApiRace {
  return {
    ...raceSummary(race, today),
    description: race.description,
    imageUrl: racePictureUrl(race, uploadedImage),
    results: {
      official: official.officialAt !== null,
      officialAt: official.officialAt,
      updatedAt: official.updatedAt,
      // Grouped and labelled as the race page shows them (class, then heat).
      groups: groupResults(results).map((group) => ({
        boatClass: group.boatClass,
        heatNumber: group.heatNumber,
        label: group.label,
        results: group.results.map(apiResult),
      })),
    },
  };
}

export interface ApiSeason {
  key: string;
  name: string;
  startsOn: string;
  endsOn: string;
  pointsTable: number[];
  pointsBelow: number;
  /** The season's rules in words, as the standings page states them. */
  rules: string[];
}

export interface ApiStandingRow {
  /** null: not classified (below the season's minimum rounds). */
  position: number | null;
  classified: boolean;
  competitorId: number;
  name: string;
  boat: string;
  points: number;
  wins: number;
  podiums: number;
  /** finishes[i]: finishes in position i + 1. */
  finishes: number[];
  /** Rounds run in the season; null for the standings of every result. */
  roundsRun: number | null;
  countBack: string | null;
  /** One cell per round of the table (same order); null: did not run. Empty for every result. */
  rounds: (GridCell | null)[];
  /** null: the racer was erased at their request (their resource answers 410). */
  links: { racer: string | null };
}

export interface ApiRound {
  raceId: number;
  title: string;
  date: string;
  entrants: number;
  countsForChampionship: boolean;
  provisional: boolean;
}

export interface ApiStandingsTable {
  /** null: every class together (the standings of every result without a class). */
  boatClass: string | null;
  rounds: ApiRound[];
  rows: ApiStandingRow[];
}

export interface ApiStandings {
  /** null: the standings of every result of every race (`season=all`). */
  season: ApiSeason | null;
  seasons: { key: string; name: string }[];
  classes: string[];
  boatClass: string | null;
  provisionalRaces: { id: number; title: string }[];
  tables: ApiStandingsTable[];
}

interface SeasonFields {
  key: string;
  name: string;
  startsOn: string;
  endsOn: string;
  pointsTable: number[];
  pointsBelow: number;
  bestRounds: number | null;
  dropRounds: number | null;
  dropAfter: number | null;
  minRounds: number;
  minEntrants: number;
}

export function apiSeason(season: SeasonFields): ApiSeason {
  return {
    key: season.key,
    name: season.name,
    startsOn: season.startsOn,
    endsOn: season.endsOn,
    pointsTable: [...season.pointsTable],
    pointsBelow: season.pointsBelow,
    rules: describeRules(season),
  };
}

const podiums = (finishes: readonly number[]) => (finishes[0] ?? 0) + (finishes[1] ?? 0) + (finishes[2] ?? 0);

/** A row of the standings of every result (SPEC's standings). */
export function allResultsRow(row: Ranked<StandingTotals & { name: string; boat: string; erased: boolean }>): ApiStandingRow {
  return {
    position: row.position,
    classified: true,
    competitorId: row.competitorId,
    name: row.name,
    boat: row.boat,
    points: row.points,
    wins: row.wins,
    podiums: podiums(row.finishes),
    finishes: [...row.finishes],
    roundsRun: null,
    countBack: null,
    rounds: [],
    links: { racer: racerPath(row, `${API_BASE}/racers`) },
  };
}

/** A row of a season's championship of one class. */
export function championshipRow(row: ChampionshipRow & { name: string; boat: string; erased: boolean }): ApiStandingRow {
  return {
    position: row.position,
    classified: row.classified,
    competitorId: row.competitorId,
    name: row.name,
    boat: row.boat,
    points: row.points,
    wins: row.wins,
    podiums: row.podiums,
    finishes: [...row.finishes],
    roundsRun: row.roundsRun,
    countBack: row.countBack,
    rounds: row.cells.map((cell) => cell && { points: cell.points, dropped: cell.dropped, positions: [...cell.positions] }),
    links: { racer: racerPath(row, `${API_BASE}/racers`) },
  };
}

export function apiRound(round: {
  id: number;
  title: string;
  date: string;
  entrants: number;
  countsForChampionship: boolean;
  provisional: boolean;
}): ApiRound {
  return {
    raceId: round.id,
    title: round.title,
    date: round.date,
    entrants: round.entrants,
    countsForChampionship: round.countsForChampionship,
    provisional: round.provisional,
  };
}

export interface ApiRacer {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  boatName: string | null;
  boatNumber: string;
  boatClasses: string[];
  stats: { races: number; points: number; wins: number; podiums: number };
  seasons: {
    seasonKey: string;
    seasonName: string;
    boatClass: string;
    races: number;
    points: number;
    wins: number;
    podiums: number;
    bestFinish: number | null;
    position: number | null;
    classified: number;
  }[];
  results: {
    raceId: number;
    raceTitle: string;
    raceDate: string;
    boatClass: string;
    heatNumber: number;
    position: number;
    points: number;
    bestLap: string | null;
    links: { race: string };
  }[];
  links: { self: string; page: string };
}

/**
 * A racer as their public profile shows them. The input is the public columns only
 * (public-queries.server.ts); the fields are still picked one by one here.
 */
export function apiRacer(
  racer: {
    id: number;
    firstName: string;
    lastName: string;
    boatName: string | null;
    boatNumber: string;
    boatClasses: string[];
  },
  profile: {
    stats: ApiRacer["stats"];
    seasons: readonly ApiRacer["seasons"][number][];
    results: readonly {
      raceId: number;
      raceTitle: string;
      raceDate: string;
      boatClass: string;
      heatNumber: number;
      position: number;
      points: number;
      bestLap: string | null;
    }[];
  },
): ApiRacer {
  return {
    id: racer.id,
    name: `${racer.firstName} ${racer.lastName}`,
    firstName: racer.firstName,
    lastName: racer.lastName,
    boatName: racer.boatName,
    boatNumber: racer.boatNumber,
    boatClasses: [...racer.boatClasses],
    stats: { races: profile.stats.races, points: profile.stats.points, wins: profile.stats.wins, podiums: profile.stats.podiums },
    seasons: profile.seasons.map((s) => ({
      seasonKey: s.seasonKey,
      seasonName: s.seasonName,
      boatClass: s.boatClass,
      races: s.races,
      points: s.points,
      wins: s.wins,
      podiums: s.podiums,
      bestFinish: s.bestFinish,
      position: s.position,
      classified: s.classified,
    })),
    results: profile.results.map((r) => ({
      raceId: r.raceId,
      raceTitle: r.raceTitle,
      raceDate: r.raceDate,
      boatClass: r.boatClass,
      heatNumber: r.heatNumber,
      position: r.position,
      points: r.points,
      bestLap: r.bestLap,
      links: { race: `${API_BASE}/races/${r.raceId}` },
    })),
    links: { self: `${API_BASE}/racers/${racer.id}`, page: `/competitor/${racer.id}` },
  };
}

/** `?year=`: a four-digit year, else undefined (absent) or null (unusable: a 400). */
export function parseYear(value: string | null): number | undefined | null {
  if (value === null) return undefined;
  if (!/^\d{4}$/.test(value)) return null;
  const year = Number(value);
  return year >= 1900 && year <= 2999 ? year : null;
}

/** `?status=`: one of the race statuses, else undefined (absent) or null (unusable: a 400). */
export function parseRaceStatus(value: string | null): RaceStatus | undefined | null {
  if (value === null) return undefined;
  return value === "upcoming" || value === "completed" || value === "cancelled" ? value : null;
}

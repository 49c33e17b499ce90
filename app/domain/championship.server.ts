/**
 * Season championship reads. One query per standings view: the database sums each racer's
 * points per race per class under the season's points table (never shipping every result to
 * Node); app/lib/championship.ts then applies drops and count-back on that small set.
 */
import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { seasons } from "../../db/schema";
import { canonicalBoatClass, classTabs } from "../lib/boat-classes";
import {
  championshipTable,
  DEFAULT_RULES,
  type ChampionshipRound,
  type ChampionshipRow,
  type ChampionshipRules,
  type RacerRounds,
  usesSpecTable,
} from "../lib/championship";
import { ALL_SEASONS, calendarYearSeason, defaultSeasonKey, offeredSeasons, type SeasonRange } from "../lib/seasons";
import { parsePointsTable, type SeasonInput } from "../lib/season-schema";
import { boatLabel, type Ranked } from "../lib/standings";
import { isExclusionViolation, isUniqueViolation } from "./db-errors.server";
import { standings, standingsClasses, type Standing } from "./public-queries.server";

export interface Season extends SeasonRange, ChampionshipRules {
  /** null for a calendar year no defined season covers (SPEC's rules). */
  id: number | null;
}

const seasonColumns = {
  id: seasons.id,
  key: seasons.key,
  name: seasons.name,
  startsOn: seasons.startsOn,
  endsOn: seasons.endsOn,
  pointsTable: seasons.pointsTable,
  pointsBelow: seasons.pointsBelow,
  bestRounds: seasons.bestRounds,
  dropRounds: seasons.dropRounds,
  dropAfter: seasons.dropAfter,
  minRounds: seasons.minRounds,
  minEntrants: seasons.minEntrants,
};

/** Seasons an admin defined, newest first. */
export async function definedSeasons(db: Database): Promise<(Season & { id: number })[]> {
  return db.select(seasonColumns).from(seasons).orderBy(desc(seasons.startsOn));
}

export interface SeasonChoices {
  /** Newest first: what the selector offers. */
  offered: Season[];
  defaultKey: string;
}

/** The seasons a visitor can pick and the one shown by default. Two small queries. */
export async function seasonChoices(db: Database, today: string): Promise<SeasonChoices> {
  const [defined, dates] = await Promise.all([
    definedSeasons(db),
    db.execute<{ date: string }>(
      sql`SELECT DISTINCT r.date::text AS date FROM races r WHERE EXISTS (SELECT 1 FROM race_results rr WHERE rr.race_id = r.id)`,
    ),
  ]);
  const offered = offeredSeasons(
    defined,
    dates.rows.map((r) => r.date),
  ).map((s): Season => ("id" in s ? s : { ...calendarYearSeason(Number(s.key)), ...DEFAULT_RULES, id: null }));
  return { offered, defaultKey: defaultSeasonKey(defined, today) };
}

/**
 * `?season=` to a season: missing = the default; `all` = SPEC's standings (null);
 * anything not offered = undefined (the route answers 404).
 */
export function pickSeason(choices: SeasonChoices, requested: string | null): Season | null | undefined {
  const key = requested ?? choices.defaultKey;
  if (key === ALL_SEASONS) return null;
  return choices.offered.find((s) => s.key === key);
}

export interface Round extends ChampionshipRound {
  title: string;
  date: string;
}

export interface ChampionshipStanding extends ChampionshipRow {
  name: string;
  boat: string;
}

export interface ClassChampionship {
  boatClass: string;
  rounds: Round[];
  classified: ChampionshipStanding[];
  notClassified: ChampionshipStanding[];
}

/** A season's championship per class (club classes first), or of one class, under the season's rules. */
export async function seasonStandings(db: Database, season: Season, boatClass?: string): Promise<ClassChampionship[]> {
  const classFilter = boatClass ? sql`AND rr.boat_class = ${boatClass}` : sql``;
  const table = `{${season.pointsTable.map((p) => Math.trunc(p)).join(",")}}`;
  // The same rule as seasonPoints() in app/lib/championship.ts.
  const useStored = usesSpecTable(season);
  // One row per round (race and class) and one per racer and class, the racer's rounds folded
  // into JSON: a few hundred rows however many results the season has.
  const { rows } = await db.execute<
    | { kind: "round"; data: [raceId: number, boatClass: string, date: string, title: string, counts: boolean, entrants: number] }
    | {
        kind: "racer";
        data: [
          competitorId: number,
          boatClass: string,
          firstName: string,
          lastName: string,
          boatName: string | null,
          boatNumber: string | null,
          scores: [raceId: number, points: number, positions: number[]][],
        ];
      }
  >(sql`
    WITH per_round AS MATERIALIZED (
      SELECT rr.race_id, rr.boat_class, rr.competitor_id,
        sum(CASE WHEN ${useStored}::boolean AND rr.points IS NOT NULL THEN rr.points
          ELSE COALESCE((${table}::int[])[rr.position], ${season.pointsBelow}::int) END)::int AS points,
        array_agg(rr.position) AS positions
      FROM races r JOIN race_results rr ON rr.race_id = r.id
      WHERE r.date BETWEEN ${season.startsOn}::date AND ${season.endsOn}::date ${classFilter}
      GROUP BY rr.race_id, rr.boat_class, rr.competitor_id
    )
    (SELECT 'round' AS kind, json_build_array(r.id, x.boat_class, r.date::text, r.title, r.counts_for_championship, x.entrants) AS data
    FROM (SELECT race_id, boat_class, count(*)::int AS entrants FROM per_round GROUP BY race_id, boat_class) x
    JOIN races r ON r.id = x.race_id
    ORDER BY r.date, r.id)
    UNION ALL
    SELECT 'racer', json_build_array(c.id, x.boat_class, c.first_name, c.last_name, c.boat_name, c.boat_number, x.scores)
    FROM (
      SELECT competitor_id, boat_class, json_agg(json_build_array(race_id, points, positions)) AS scores
      FROM per_round GROUP BY competitor_id, boat_class
    ) x
    JOIN competitors c ON c.id = x.competitor_id
  `);

  const byClass = new Map<string, { rounds: Round[]; racers: (RacerRounds & { boat: string })[] }>();
  const groupOf = (boatClass: string) => {
    let found = byClass.get(boatClass);
    if (!found) byClass.set(boatClass, (found = { rounds: [], racers: [] }));
    return found;
  };
  for (const row of rows) {
    if (row.kind === "round") {
      const [id, boatClass, date, title, counts, entrants] = row.data;
      groupOf(boatClass).rounds.push({ id, title, date, entrants, countsForChampionship: counts });
    } else {
      const [competitorId, boatClass, firstName, lastName, boatName, boatNumber, scores] = row.data;
      groupOf(boatClass).racers.push({
        competitorId,
        firstName,
        lastName,
        boat: boatLabel(boatName, boatNumber),
        scores: scores.map(([roundId, points, positions]) => ({ roundId, points, positions: positions.sort((a, b) => a - b) })),
      });
    }
  }

  const tables: ClassChampionship[] = [];
  for (const name of classTabs([...byClass.keys()])) {
    const group = byClass.get(name);
    if (!group) continue;
    const boats = new Map(group.racers.map((r) => [r.competitorId, r.boat]));
    const result = championshipTable(season, group.rounds, group.racers);
    const withNames = (row: ChampionshipRow): ChampionshipStanding => ({
      ...row,
      name: `${row.firstName} ${row.lastName}`,
      boat: boats.get(row.competitorId) ?? "",
    });
    tables.push({
      boatClass: name,
      rounds: result.rounds,
      classified: result.classified.map(withNames),
      notClassified: result.notClassified.map(withNames),
    });
  }
  return tables;
}

export type StandingsView =
  | { kind: "not-found" }
  | {
      kind: "all" | "season";
      classes: string[];
      boatClass: string | null;
      choices: SeasonChoices;
      /** null = every result of every race (SPEC's standings). */
      season: Season | null;
      /** SPEC's standings (kind "all"). */
      rows: Ranked<Standing>[];
      /** The season's championship per class (kind "season"). */
      tables: ClassChampionship[];
    };

/** What /standings and /standings.csv show for `?season=` and `?class=`. */
export async function standingsView(db: Database, today: string, params: URLSearchParams): Promise<StandingsView> {
  const [choices, classes] = await Promise.all([seasonChoices(db, today), standingsClasses(db)]);
  const season = pickSeason(choices, params.get("season"));
  if (season === undefined) return { kind: "not-found" };
  const requested = params.get("class");
  const boatClass = (requested ? classes.find((c) => c === canonicalBoatClass(requested)) : undefined) ?? null;
  if (season === null) {
    return { kind: "all", classes, boatClass, choices, season, rows: await standings(db, boatClass ?? undefined), tables: [] };
  }
  return {
    kind: "season",
    classes,
    boatClass,
    choices,
    season,
    rows: [],
    tables: await seasonStandings(db, season, boatClass ?? undefined),
  };
}

/** SPEC: the home page shows the top 5. */
const HOME_STANDINGS = 5;

/** Latest Standings: SPEC's top 5, or with a season, the top 5 of each class's championship. */
export async function homeStandings(db: Database, today: string, requested: string | null) {
  const choices = await seasonChoices(db, today);
  // An unknown season on the home page shows the default rather than an error page.
  const season = pickSeason(choices, requested) ?? pickSeason(choices, null) ?? null;
  const seasonsOffered = choices.offered.map(({ key, name }) => ({ key, name }));
  const seasonKey = season?.key ?? ALL_SEASONS;
  if (season === null) {
    const rows = (await standings(db)).slice(0, HOME_STANDINGS);
    return { seasons: seasonsOffered, seasonKey, groups: rows.length ? [{ boatClass: null, rows }] : [] };
  }
  const tables = await seasonStandings(db, season);
  return {
    seasons: seasonsOffered,
    seasonKey,
    groups: tables.map((t) => ({
      boatClass: t.boatClass,
      rows: t.classified.slice(0, HOME_STANDINGS).map((r) => ({ ...r, position: r.position ?? 0 })),
    })),
  };
}

export type SaveSeasonOutcome =
  { ok: true; id: number; created: boolean } | { ok: false; field: "key" | "startsOn" | null; message: string };

/**
 * Creates or updates a season. The standings read the rules at every request, so a change shows
 * at once. Overlaps and duplicate keys are refused by the database's constraints, so two admins
 * saving at once cannot both win.
 */
export async function saveSeason(db: Database, input: SeasonInput): Promise<SaveSeasonOutcome> {
  const values = {
    key: input.key,
    name: input.name,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    // The schema has checked it parses.
    pointsTable: parsePointsTable(input.pointsTable)!,
    pointsBelow: input.pointsBelow,
    bestRounds: input.bestRounds ?? null,
    dropRounds: input.dropRounds ?? null,
    dropAfter: input.dropAfter ?? null,
    minRounds: input.minRounds ?? 0,
    minEntrants: input.minEntrants ?? 0,
  };
  try {
    if (input.id) {
      const [row] = await db
        .update(seasons)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(seasons.id, input.id))
        .returning({ id: seasons.id });
      return row
        ? { ok: true, id: row.id, created: false }
        : { ok: false, field: null, message: "This season no longer exists." };
    }
    const [row] = await db.insert(seasons).values(values).returning({ id: seasons.id });
    return { ok: true, id: row!.id, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "key", message: "Another season already has this key." };
    if (isExclusionViolation(error)) {
      const [other] = await db
        .select({ name: seasons.name })
        .from(seasons)
        .where(
          sql`daterange(${seasons.startsOn}, ${seasons.endsOn}, '[]') && daterange(${input.startsOn}::date, ${input.endsOn}::date, '[]') AND ${seasons.id} <> ${input.id ?? 0}`,
        )
        .limit(1);
      return { ok: false, field: "startsOn", message: `These dates overlap the season ${other?.name ?? "already defined"}.` };
    }
    throw error;
  }
}

export async function getSeason(db: Database, id: number): Promise<(Season & { id: number }) | null> {
  const [row] = await db.select(seasonColumns).from(seasons).where(eq(seasons.id, id));
  return row ?? null;
}

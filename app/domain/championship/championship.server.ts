/**
 * Season championship reads. Two small queries per standings view: the database groups the
 * season's results per racer and class (never shipping every result row to Node);
 * app/lib/championship/championship.ts then scores them under the season's points table and applies drops
 * and count-back on that small set.
 */
import { desc, eq, sql } from "drizzle-orm";
import { erasedRacer } from "~/domain/racer/erased.server";
import type { Database } from "~/db/client";
import { seasons } from "~/db/schema";
import { canonicalBoatClass, classTabs } from "~/lib/platform/boat-classes";
import {
  championshipTable,
  DEFAULT_RULES,
  type ChampionshipRound,
  type ChampionshipRow,
  type ChampionshipRules,
  type RacerRounds,
  type RoundScore,
  seasonScorer,
  usesSpecTable,
} from "~/lib/championship/championship";
import {
  ALL_SEASONS,
  calendarYearSeason,
  defaultSeason,
  endedSeasonNote,
  offeredSeasons,
  type SeasonRange,
} from "~/lib/championship/seasons";
import { parsePointsTable, type SeasonInput } from "~/lib/championship/season-schema";
import { type Ranked } from "~/lib/championship/standings";
import { boatLabel } from "~/lib/racer/names";
import { keptOrComputed, type ComputedOnce } from "~/domain/platform/computed-once.server";
import { provisionalRaces } from "~/domain/championship/provisional-races.server";
import { isExclusionViolation, isUniqueViolation } from "~/domain/platform/db-errors.server";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import { standings, standingsClasses, type Standing } from "~/domain/championship/all-time-standings.server";

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
  /** No season covers today: the default is the most recent one that has ended. */
  defaultEnded: boolean;
}

/**
 * The seasons a visitor can pick and the one shown by default. The offered seasons look at the
 * date of every race with results (about 5 ms at 20 seasons): they are kept until the data
 * changes, like the championships (decision 0024); only the default depends on today.
 */
export async function seasonChoices(db: Database, today: string, computed?: ComputedOnce | null): Promise<SeasonChoices> {
  const { defined, offered } = await keptOrComputed(computed, "season-choices", async () => {
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
    return { defined, offered };
  });
  const shown = defaultSeason(offered, defined, today);
  return { offered, defaultKey: shown.key, defaultEnded: shown.ended };
}

/**
 * SPEC's standings over every result (one class or all), kept until the data changes: an
 * aggregate of the whole history, shared by /standings, its CSV and the home page.
 */
function keptStandings(db: Database, boatClass: string | undefined, computed?: ComputedOnce | null) {
  return keptOrComputed(computed, `standings ${boatClass ?? ""}`, () => standings(db, boatClass));
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
  /** The race's results are not official yet (docs/decisions/0014-race-day.md). */
  provisional: boolean;
}

export interface ChampionshipStanding extends ChampionshipRow {
  name: string;
  boat: string;
  /** Erased at their request (decision 0053): the name is the anonymous label, linking nowhere. */
  erased: boolean;
}

export interface ClassChampionship {
  boatClass: string;
  rounds: Round[];
  classified: ChampionshipStanding[];
  notClassified: ChampionshipStanding[];
}

/** PostgreSQL's text of a one-dimensional int[] without NULLs ("{1,2,3}") as numbers. */
function intArray(text: string): number[] {
  return JSON.parse(`[${text.slice(1, -1)}]`) as number[];
}

/** The same with NULLs ("{1,NULL,3}"). */
function nullableIntArray(text: string): (number | null)[] {
  return JSON.parse(`[${text.slice(1, -1).replaceAll("NULL", "null")}]`) as (number | null)[];
}

/**
 * Adds `value` to the ascending `list`. A round's positions are a few heats: cheaper than sort(),
 * which allocates its work space at every call.
 */
function insertInOrder(list: number[], value: number): void {
  let at = list.length;
  list.push(value);
  for (; at > 0 && list[at - 1]! > value; at--) list[at] = list[at - 1]!;
  list[at] = value;
}

/**
 * A season's championship per class (club classes first), or of one class, under the season's rules.
 *
 * Two small queries at once (bench/championship.bench.ts: p50 under 20 ms at 100,000 results):
 * the season's races, and one row per racer and class with the race and position of each of
 * their results in the season as parallel arrays. The season's dates are applied first
 * (races_date_idx), then race_results_season_idx (migration 0011) gives each race's results from
 * the index alone. Node then scores each result (seasonScorer: the points rule stays in one
 * place, and looking positions up in the points table per row cost PostgreSQL more than it costs
 * Node), folds a racer's heats into rounds (a few thousand numbers, not rows), and
 * app/lib/championship/championship.ts applies drops and count-back.
 */
// eslint-disable-next-line max-lines-per-function -- one query per part of a season's championship (rounds, results, racers) read in parallel, then shaped in one pass
export async function seasonStandings(db: Database, season: Season, boatClass?: string): Promise<ClassChampionship[]> {
  const classFilter = boatClass ? sql`AND rr.boat_class = ${boatClass}` : sql``;
  const pointsFor = seasonScorer(season);
  // Stored points only count under SPEC's table (seasonPoints): only then do they travel.
  const storedPoints = usesSpecTable(season) ? sql`, array_agg(rr.points)::text AS stored_points` : sql``;
  const inSeason = sql`r.date BETWEEN ${season.startsOn}::date AND ${season.endsOn}::date`;
  const [races, racers] = await Promise.all([
    db.execute<{ id: number; date: string; title: string; counts: boolean; provisional: boolean }>(sql`
      SELECT r.id, r.date::text AS date, r.title, r.counts_for_championship AS counts, r.results_official_at IS NULL AS provisional
      FROM races r WHERE ${inSeason} ORDER BY r.date, r.id`),
    db.execute<{
      competitor_id: number;
      boat_class: string;
      first_name: string;
      last_name: string;
      boat_name: string | null;
      boat_number: string | null;
      race_ids: string;
      positions: string;
      stored_points?: string;
      erased: boolean;
    }>(sql`
      -- The arrays travel as their text ("{1,2,3}"): read with JSON.parse, several times faster
      -- in Node than node-postgres's array parser.
      SELECT x.*, c.first_name, c.last_name, c.boat_name, c.boat_number, ${erasedRacer(sql`c.id`)} AS erased
      FROM (
        -- One pass over the season's results: the arrays are filled in the same row order.
        SELECT rr.competitor_id, rr.boat_class, array_agg(rr.race_id)::text AS race_ids,
          array_agg(rr.position)::text AS positions ${storedPoints}
        FROM races r JOIN race_results rr ON rr.race_id = r.id
        WHERE ${inSeason} ${classFilter}
        GROUP BY rr.competitor_id, rr.boat_class
      ) x
      JOIN competitors c ON c.id = x.competitor_id`),
  ]);

  // Each racer's results are folded into one slot per race of the season, in date order.
  const slotOf = new Map(races.rows.map((race, slot) => [race.id, slot]));
  const byClass = new Map<string, { entrants: number[]; racers: (RacerRounds & { boat: string; erased: boolean })[] }>();
  for (const row of racers.rows) {
    let group = byClass.get(row.boat_class);
    if (!group) byClass.set(row.boat_class, (group = { entrants: races.rows.map(() => 0), racers: [] }));
    // Heats of one race add up to the racer's round.
    const rounds: (RoundScore | null)[] = races.rows.map(() => null);
    const raceIds = intArray(row.race_ids);
    const positions = intArray(row.positions);
    const stored = row.stored_points === undefined ? [] : nullableIntArray(row.stored_points);
    for (let i = 0; i < raceIds.length; i++) {
      const slot = slotOf.get(raceIds[i]!);
      // A race moved out of the season between the two queries: not one of its rounds.
      if (slot === undefined) continue;
      const position = positions[i]!;
      const points = pointsFor(position, stored[i]);
      const round = rounds[slot];
      if (round) {
        round.points += points;
        insertInOrder(round.positions, position);
      } else rounds[slot] = { roundId: raceIds[i]!, points, positions: [position] };
    }
    const scores = rounds.filter((round) => round !== null);
    for (const score of scores) group.entrants[slotOf.get(score.roundId)!]! += 1;
    group.racers.push({
      competitorId: row.competitor_id,
      firstName: row.first_name,
      lastName: row.last_name,
      boat: boatLabel(row.boat_name, row.boat_number),
      erased: row.erased,
      scores,
    });
  }

  const tables: ClassChampionship[] = [];
  for (const name of classTabs([...byClass.keys()])) {
    const group = byClass.get(name);
    if (!group) continue;
    // Every race of the season this class ran in, in date order.
    const rounds: Round[] = races.rows.flatMap((race, slot) => {
      const entrants = group.entrants[slot]!;
      return entrants === 0
        ? []
        : [
            {
              id: race.id,
              title: race.title,
              date: race.date,
              entrants,
              countsForChampionship: race.counts,
              provisional: race.provisional,
            },
          ];
    });
    const racerOf = new Map(group.racers.map((r) => [r.competitorId, r]));
    const result = championshipTable(season, rounds, group.racers);
    // The rows are this call's own: name them in place rather than copy 500 of them.
    const withNames = (row: ChampionshipRow): ChampionshipStanding =>
      Object.assign(row, {
        name: `${row.firstName} ${row.lastName}`,
        boat: racerOf.get(row.competitorId)?.boat ?? "",
        erased: racerOf.get(row.competitorId)?.erased ?? false,
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

/**
 * A season's championship (of one class, or of every class), through `computed` when the server
 * keeps championships until the data changes (decision 0024): every page that shows a season (its
 * standings, their CSV, the home page's tab, each racer's profile) then shares one computation of
 * all its classes.
 */
export async function keptSeasonStandings(
  db: Database,
  season: Season,
  { boatClass, computed }: { boatClass?: string; computed?: ComputedOnce | null } = {},
): Promise<ClassChampionship[]> {
  if (!computed) return seasonStandings(db, season, boatClass);
  // Every field of the season (dates, rules) decides its championship.
  const all = await computed.get(`season-standings ${JSON.stringify(season)}`, () => seasonStandings(db, season));
  return boatClass === undefined ? all : all.filter((table) => table.boatClass === boatClass);
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
      /** Shown by default because no season covers today: the most recent one that has ended. */
      endedSeason: boolean;
      /** The provisional races these standings count, in date order. */
      provisional: { id: number; title: string }[];
    };

/** What /standings and /standings.csv show for `?season=` and `?class=`. */
export async function standingsView(
  db: Database,
  today: string,
  params: URLSearchParams,
  computed?: ComputedOnce | null,
): Promise<StandingsView> {
  const [choices, classes] = await Promise.all([seasonChoices(db, today, computed), standingsClasses(db)]);
  const season = pickSeason(choices, params.get("season"));
  if (season === undefined) return { kind: "not-found" };
  const requested = params.get("class");
  const boatClass = (requested ? classes.find((c) => c === canonicalBoatClass(requested)) : undefined) ?? null;
  const endedSeason = season !== null && params.get("season") === null && choices.defaultEnded;
  if (season === null) {
    const [rows, provisional] = await Promise.all([
      keptStandings(db, boatClass ?? undefined, computed),
      provisionalRaces(db, boatClass ?? undefined),
    ]);
    return { kind: "all", classes, boatClass, choices, season, rows, tables: [], endedSeason, provisional };
  }
  const tables = await keptSeasonStandings(db, season, { boatClass: boatClass ?? undefined, computed });
  return {
    kind: "season",
    classes,
    boatClass,
    choices,
    season,
    rows: [],
    tables,
    endedSeason,
    provisional: provisionalRounds(tables),
  };
}

/** The provisional rounds the tables count (a race counts once, however many classes ran in it), in date order. */
function provisionalRounds(tables: readonly ClassChampionship[]): { id: number; title: string }[] {
  const rounds = new Map<number, Round>();
  for (const table of tables) for (const round of table.rounds) if (round.provisional) rounds.set(round.id, round);
  return [...rounds.values()].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id).map(({ id, title }) => ({ id, title }));
}

/** SPEC: the home page shows the top 5. */
const HOME_STANDINGS = 5;

/** Latest Standings: SPEC's top 5, or with a season, the top 5 of each class's championship. */
export async function homeStandings(db: Database, today: string, requested: string | null, computed?: ComputedOnce | null) {
  const choices = await seasonChoices(db, today, computed);
  // An unknown season on the home page shows the default rather than an error page.
  const season = pickSeason(choices, requested) ?? pickSeason(choices, null) ?? null;
  const seasonsOffered = choices.offered.map(({ key, name }) => ({ key, name }));
  const seasonKey = season?.key ?? ALL_SEASONS;
  // The same sentence as /standings when the default is a season that has ended.
  const endedNote =
    season && season.key === choices.defaultKey && requested !== season.key && choices.defaultEnded
      ? endedSeasonNote(season.name)
      : null;
  if (season === null) {
    const rows = (await keptStandings(db, undefined, computed)).slice(0, HOME_STANDINGS);
    return { seasons: seasonsOffered, seasonKey, endedNote, groups: rows.length ? [{ boatClass: null, rows }] : [] };
  }
  const tables = await keptSeasonStandings(db, season, { computed });
  return {
    seasons: seasonsOffered,
    seasonKey,
    endedNote,
    groups: tables.map((t) => ({
      boatClass: t.boatClass,
      rows: t.classified.slice(0, HOME_STANDINGS).map((r) => ({ ...r, position: r.position ?? 0 })),
    })),
  };
}

/** What the audit log records of a season: its columns but the id, which the entry names already. */
const { id: _id, ...auditedSeason } = seasonColumns;

export type SaveSeasonOutcome =
  { ok: true; id: number; created: boolean } | { ok: false; field: "key" | "startsOn" | null; message: string };

/**
 * Creates or updates a season. The standings read the rules at every request, so a change shows
 * at once. Overlaps and duplicate keys are refused by the database's constraints, so two admins
 * saving at once cannot both win.
 */
export async function saveSeason(db: Database, input: SeasonInput, actor: AuditActor = NO_ACTOR): Promise<SaveSeasonOutcome> {
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
    return await db.transaction(async (tx) => {
      if (input.id) {
        const [before] = await tx.select(auditedSeason).from(seasons).where(eq(seasons.id, input.id)).for("update");
        if (!before) return { ok: false, field: null, message: "This season no longer exists." } as const;
        await tx
          .update(seasons)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(seasons.id, input.id));
        const changes = diffFields(before, values);
        await recordAudit(tx, { actor, kind: "season.update", record: { type: "season", id: input.id }, changes });
        return { ok: true, id: input.id, created: false } as const;
      }
      const [row] = await tx.insert(seasons).values(values).returning({ id: seasons.id });
      const changes = diffFields(null, values);
      await recordAudit(tx, { actor, kind: "season.create", record: { type: "season", id: row!.id }, changes });
      return { ok: true, id: row!.id, created: true } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "key", message: "Another season already has this short form." };
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

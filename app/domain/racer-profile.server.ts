/**
 * Reads behind the racer profile 2.0 (issue 14): the racer's line in each season's championship,
 * the racers offered for head-to-head, and the head-to-head of two racers. The rules (personal
 * bests, what a race counts as, who was ahead) are in app/lib/racer-history.ts; the season
 * positions come from the championship itself (seasonStandings), never from a second rule.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client";
import { canonicalBoatClass, classTabs } from "../lib/boat-classes";
import { POINTS_BELOW_TABLE, POINTS_BY_POSITION, resultPoints } from "../lib/points";
import { headToHead, TREND_RACES, type HeadToHead, type HistoryResult } from "../lib/racer-history";
import { seasonContains, type SeasonRange } from "../lib/seasons";
import type { RacerStatistics } from "../lib/standings";
import { keptSeasonStandings, seasonChoices, type Season } from "./championship.server";
import type { ComputedOnce } from "./computed-once.server";
import { byName } from "./competitor-order.server";
import { competitorResults, getCompetitor, type CompetitorResult, type PublicCompetitor } from "./public-queries.server";

export interface SeasonLine {
  seasonKey: string;
  seasonName: string;
  boatClass: string;
  /** Rounds (races) the racer ran that count for the championship. */
  races: number;
  /** Counted points, as the season standings show them. */
  points: number;
  wins: number;
  podiums: number;
  /** Best finishing position in the season's counted rounds. */
  bestFinish: number | null;
  /** Championship position; null = not classified. */
  position: number | null;
  /** Racers classified in the class that season. */
  classified: number;
}

/**
 * The racer's row of every season championship they appear in, newest season first, club classes
 * first within a season. One championship query per season the racer has results in (run in
 * parallel): a position needs the whole field.
 */
export async function racerSeasons(
  db: Database,
  competitorId: number,
  results: readonly Pick<CompetitorResult, "raceDate" | "boatClass">[],
  today: string,
  /** The seasons offered (seasonChoices), when the caller has them already. */
  offeredSeasons?: readonly Season[],
  /** Championships kept until the data changes: every profile needs the same ones. */
  computed?: ComputedOnce | null,
): Promise<SeasonLine[]> {
  if (results.length === 0) return [];
  const offered = offeredSeasons ?? (await seasonChoices(db, today, computed)).offered;
  const raced = offered.flatMap((season) => {
    const classes = new Set(
      results.filter((r) => seasonContains(season, r.raceDate)).map((r) => canonicalBoatClass(r.boatClass)),
    );
    return classes.size ? [{ season, classes: [...classes] }] : [];
  });
  const perSeason = await Promise.all(
    raced.map(async ({ season, classes }) => {
      const tables = await keptSeasonStandings(db, season, {
        boatClass: classes.length === 1 ? classes[0] : undefined,
        computed,
      });
      return classTabs(classes).flatMap((boatClass): SeasonLine[] => {
        const table = tables.find((t) => t.boatClass === boatClass);
        const row = table && [...table.classified, ...table.notClassified].find((r) => r.competitorId === competitorId);
        if (!table || !row) return [];
        const best = row.finishes.findIndex((count) => count > 0);
        return [
          {
            seasonKey: season.key,
            seasonName: season.name,
            boatClass,
            races: row.roundsRun,
            points: row.points,
            wins: row.wins,
            podiums: row.podiums,
            bestFinish: best >= 0 ? best + 1 : null,
            position: row.position,
            classified: table.classified.length,
          },
        ];
      });
    }),
  );
  return perSeason.flat();
}

export interface Opponent {
  id: number;
  name: string;
  /** Has a result in a race and class this racer also has one in. */
  met: boolean;
}

/** Every other racer, by last name, with whether they have raced this one (head-to-head picker). */
export async function opponents(db: Database, competitorId: number): Promise<Opponent[]> {
  const { rows } = await db.execute<{ id: number; first_name: string; last_name: string; met: boolean }>(sql`
    SELECT c.id, c.first_name, c.last_name, c.id IN (
      -- The racer's races and classes first (a semi-join: each probed once, not once per heat).
      SELECT theirs.competitor_id FROM race_results theirs
      WHERE (theirs.race_id, theirs.boat_class) IN (
        SELECT mine.race_id, mine.boat_class FROM race_results mine WHERE mine.competitor_id = ${competitorId}
      )
    ) AS met
    FROM competitors c
    WHERE c.id <> ${competitorId}
    ORDER BY ${byName(sql`c.last_name`)}, ${byName(sql`c.first_name`)}, c.id
  `);
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, met: r.met }));
}

export type HeadToHeadView =
  | { kind: "not-found" }
  | { kind: "same"; racer: PublicCompetitor }
  | { kind: "ok"; a: PublicCompetitor; b: PublicCompetitor; h2h: HeadToHead };

/** /competitor/:id/vs/:otherId: both racers must exist; the same racer twice is its own answer. */
export async function headToHeadView(db: Database, id: number, otherId: number): Promise<HeadToHeadView> {
  const [a, b] = await Promise.all([getCompetitor(db, id), id === otherId ? null : getCompetitor(db, otherId)]);
  if (!a) return { kind: "not-found" };
  if (id === otherId) return { kind: "same", racer: a };
  if (!b) return { kind: "not-found" };
  const [resultsA, resultsB] = await Promise.all([competitorResults(db, a.id), competitorResults(db, b.id)]);
  return { kind: "ok", a, b, h2h: headToHead(resultsA, resultsB) };
}

/** A result's points as SQL: the stored value, else the club's table (app/lib/points.ts). */
const POINTS_SQL = sql.raw(
  `COALESCE(rr.points, CASE WHEN rr.position < 1 THEN 0 ${Object.entries(POINTS_BY_POSITION)
    .map(([position, points]) => `WHEN rr.position = ${Number(position)} THEN ${Number(points)}`)
    .join(" ")} ELSE ${POINTS_BELOW_TABLE} END)`,
);

type HistoryRow = {
  race_id: number;
  race_title: string;
  race_date: string;
  boat_class: string;
  position: number;
  points: number;
  best_lap: string | null;
  times?: number;
};

function historyResult(row: HistoryRow): HistoryResult {
  return {
    raceId: row.race_id,
    raceTitle: row.race_title,
    raceDate: row.race_date,
    boatClass: row.boat_class,
    position: row.position,
    points: row.points,
    bestLap: row.best_lap,
    ...(row.times === undefined ? {} : { times: row.times }),
  };
}

const HISTORY_COLUMNS = sql`r.id AS race_id, r.title AS race_title, r.date::text AS race_date, rr.boat_class,
  rr.position, ${POINTS_SQL}::int AS points, rr.best_lap`;

async function historyRows(db: Database, query: SQL): Promise<HistoryResult[]> {
  const { rows } = await db.execute<HistoryRow>(query);
  return rows.map(historyResult);
}

/** Career statistics (races, points, wins, podiums) counted by the database over every result. */
export async function racerCareer(db: Database, competitorId: number): Promise<RacerStatistics & { results: number }> {
  const { rows } = await db.execute<RacerStatistics & { results: number } & Record<string, unknown>>(sql`
    SELECT count(DISTINCT rr.race_id)::int AS races, COALESCE(sum(${POINTS_SQL}), 0)::int AS points,
      (count(*) FILTER (WHERE rr.position = 1))::int AS wins,
      (count(*) FILTER (WHERE rr.position BETWEEN 1 AND 3))::int AS podiums, count(*)::int AS results
    FROM race_results rr WHERE rr.competitor_id = ${competitorId}
  `);
  return rows[0] ?? { races: 0, points: 0, wins: 0, podiums: 0, results: 0 };
}

/**
 * The only results that can be a personal best, for personalBests(): per class as stored, the
 * first result at the racer's best position (standing for every result at that position, `times`)
 * and the first result with each lap text (times 0: it counts for its lap only). A career of
 * 200 results hands over a few rows.
 */
export async function personalBestCandidates(db: Database, competitorId: number): Promise<HistoryResult[]> {
  return historyRows(
    db,
    sql`
    (SELECT DISTINCT ON (rr.boat_class) ${HISTORY_COLUMNS},
       (count(*) OVER (PARTITION BY rr.boat_class, rr.position))::int AS times
     FROM race_results rr JOIN races r ON r.id = rr.race_id
     WHERE rr.competitor_id = ${competitorId}
     ORDER BY rr.boat_class, rr.position, r.date, r.id, rr.heat_number)
    UNION ALL
    (SELECT DISTINCT ON (rr.boat_class, rr.best_lap) ${HISTORY_COLUMNS}, 0 AS times
     FROM race_results rr JOIN races r ON r.id = rr.race_id
     WHERE rr.competitor_id = ${competitorId} AND rr.best_lap IS NOT NULL
     ORDER BY rr.boat_class, rr.best_lap, r.date, r.id, rr.heat_number)
  `,
  );
}

/** The racer's results in their last `races` races (every class run in them), for recentFinishes(). */
export async function lastRacesResults(db: Database, competitorId: number, races: number): Promise<HistoryResult[]> {
  return historyRows(
    db,
    sql`
    WITH last AS (
      SELECT r.id FROM races r
      WHERE EXISTS (SELECT 1 FROM race_results x WHERE x.race_id = r.id AND x.competitor_id = ${competitorId})
      ORDER BY r.date DESC, r.id DESC LIMIT ${races}
    )
    SELECT ${HISTORY_COLUMNS}
    FROM race_results rr JOIN races r ON r.id = rr.race_id
    WHERE rr.competitor_id = ${competitorId} AND rr.race_id IN (SELECT id FROM last)
    ORDER BY r.date, r.id, rr.boat_class, rr.heat_number
  `,
  );
}

/** Each race day and class the racer has a result in (one row per day and class, not per heat). */
export async function racerDaysAndClasses(
  db: Database,
  competitorId: number,
): Promise<{ raceDate: string; boatClass: string }[]> {
  const { rows } = await db.execute<{ race_date: string; boat_class: string }>(sql`
    SELECT DISTINCT r.date::text AS race_date, rr.boat_class
    FROM race_results rr JOIN races r ON r.id = rr.race_id
    WHERE rr.competitor_id = ${competitorId}
  `);
  return rows.map((r) => ({ raceDate: r.race_date, boatClass: r.boat_class }));
}

/** The racer's results of one season (null: all), newest race first (as competitorResults orders them). */
export async function racerResultsBetween(
  db: Database,
  competitorId: number,
  season: Pick<SeasonRange, "startsOn" | "endsOn"> | null,
): Promise<CompetitorResult[]> {
  const dates = season ? sql`AND r.date >= ${season.startsOn} AND r.date <= ${season.endsOn}` : sql``;
  const { rows } = await db.execute<{
    id: number;
    race_id: number;
    race_title: string;
    race_date: string;
    position: number;
    points: number | null;
    best_lap: string | null;
    boat_class: string;
    heat_number: number;
  }>(sql`
    SELECT rr.id, r.id AS race_id, r.title AS race_title, r.date::text AS race_date, rr.position, rr.points,
      rr.best_lap, rr.boat_class, rr.heat_number
    FROM race_results rr JOIN races r ON r.id = rr.race_id
    WHERE rr.competitor_id = ${competitorId} ${dates}
    ORDER BY r.date DESC, r.id DESC, rr.boat_class, rr.heat_number
  `);
  return rows.map((r) => ({
    id: r.id,
    raceId: r.race_id,
    raceTitle: r.race_title,
    raceDate: r.race_date,
    position: r.position,
    points: resultPoints(r.position, r.points),
    bestLap: r.best_lap,
    boatClass: r.boat_class,
    heatNumber: r.heat_number,
  }));
}

/**
 * Up to this many result rows, the Race Results table shows the whole career as it always did (a
 * small club's racer, the demo data); beyond, one season at a time.
 */
export const CAREER_TABLE_ROWS = 50;

export interface RacerProfile {
  stats: RacerStatistics;
  seasons: SeasonLine[];
  /** Rows for personalBests(). */
  bestCandidates: HistoryResult[];
  /** Rows for recentFinishes(). */
  lastRaces: HistoryResult[];
  /**
   * The seasons the racer has results in, newest first, offered above the Race Results table;
   * empty when the table shows the whole career.
   */
  resultSeasons: { key: string; name: string }[];
  /** The season the Race Results table shows; null when it shows the whole career. */
  resultSeason: { key: string; name: string } | null;
  /** The results shown, newest race first. */
  results: CompetitorResult[];
}

/**
 * Everything the profile shows about a racer's results, without loading a long career: the
 * statistics, season lines and best candidates are counted by the database over every season;
 * the Race Results table holds every result up to CAREER_TABLE_ROWS, else one season
 * (`?season=`; default and fallback the newest season the racer has results in).
 */
export async function racerProfile(
  db: Database,
  competitorId: number,
  {
    today,
    season: requestedSeason = null,
    careerTableRows = CAREER_TABLE_ROWS,
    computed = null,
  }: { today: string; season?: string | null; careerTableRows?: number; computed?: ComputedOnce | null },
): Promise<RacerProfile> {
  const [{ results: resultCount, ...stats }, days, bestCandidates, lastRaces, choices] = await Promise.all([
    racerCareer(db, competitorId),
    racerDaysAndClasses(db, competitorId),
    personalBestCandidates(db, competitorId),
    lastRacesResults(db, competitorId, TREND_RACES),
    seasonChoices(db, today, computed),
  ]);
  const bySeason = resultCount > careerTableRows;
  const resultSeasons = bySeason ? choices.offered.filter((season) => days.some((d) => seasonContains(season, d.raceDate))) : [];
  const shown = resultSeasons.find((s) => s.key === requestedSeason) ?? resultSeasons[0] ?? null;
  const [seasons, results] = await Promise.all([
    racerSeasons(db, competitorId, days, today, choices.offered, computed),
    resultCount === 0 ? Promise.resolve([]) : racerResultsBetween(db, competitorId, shown),
  ]);
  return {
    stats,
    seasons,
    bestCandidates,
    lastRaces,
    resultSeasons: resultSeasons.map(({ key, name }) => ({ key, name })),
    resultSeason: shown && { key: shown.key, name: shown.name },
    results,
  };
}

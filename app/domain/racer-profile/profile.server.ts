/**
 * Reads behind the racer profile 2.0: the racer's line in each season's championship,
 * the racers offered for head-to-head, and the head-to-head of two racers. The rules (personal
 * bests, what a race counts as, who was ahead) are in app/lib/racer-profile/racer-history.ts; the season
 * positions come from the championship itself (seasonStandings), never from a second rule.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { canonicalBoatClass, classTabs } from "~/lib/platform/boat-classes";
import {
  headToHead,
  newestRaceFirst,
  personalBests,
  raceDaysAndClasses,
  recentFinishes,
  type ClassBests,
  type HeadToHead,
  type RaceFinish,
} from "~/lib/racer-profile/racer-history";
import { resultPoints } from "~/lib/championship/points";
import { seasonContains } from "~/lib/championship/seasons";
import { racerStatistics, type RacerStatistics } from "~/lib/championship/standings";
import { keptSeasonStandings, seasonChoices, type Season } from "~/domain/championship/championship.server";
import type { ComputedOnce } from "~/domain/platform/computed-once.server";
import { byName } from "~/domain/racer/competitor-order.server";
import { erasedRacer } from "~/domain/racer/erased.server";
import { getCompetitor, type PublicCompetitor } from "~/domain/racer/public-racer.server";

export interface CompetitorResult {
  id: number;
  raceId: number;
  raceTitle: string;
  raceDate: string;
  position: number;
  points: number;
  bestLap: string | null;
  boatClass: string;
  heatNumber: number;
}

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
      -- race_entrants (migration 0017): one row per race, class and racer, not one per heat.
      SELECT field.competitor_id FROM race_entrants mine
      JOIN race_entrants field ON field.race_id = mine.race_id AND field.boat_class = mine.boat_class
      WHERE mine.competitor_id = ${competitorId}
    ) AS met
    FROM competitors c
    -- An erased racer's pages are gone (decision 0053): no head-to-head with them is offered.
    WHERE c.id <> ${competitorId} AND NOT ${erasedRacer(sql`c.id`)}
    ORDER BY ${byName(sql`c.last_name`)}, ${byName(sql`c.first_name`)}, c.id
  `);
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, met: r.met }));
}

export type HeadToHeadView =
  | { kind: "not-found" }
  /** Either racer was erased at their request: 410. */
  | { kind: "gone" }
  | { kind: "same"; racer: PublicCompetitor }
  | { kind: "ok"; a: PublicCompetitor; b: PublicCompetitor; h2h: HeadToHead };

/** /competitor/:id/vs/:otherId: both racers must exist; the same racer twice is its own answer. */
export async function headToHeadView(db: Database, id: number, otherId: number): Promise<HeadToHeadView> {
  const [a, b] = await Promise.all([getCompetitor(db, id), id === otherId ? null : getCompetitor(db, otherId)]);
  if (!a) return { kind: "not-found" };
  if (a.erased) return { kind: "gone" };
  if (id === otherId) return { kind: "same", racer: a };
  if (!b) return { kind: "not-found" };
  if (b.erased) return { kind: "gone" };
  const [resultsA, resultsB] = await Promise.all([careerResults(db, a.id), careerResults(db, b.id)]);
  return { kind: "ok", a, b, h2h: headToHead(resultsA, resultsB) };
}

/**
 * Every result of a racer, newest race first (then class and heat), one row per heat, in one raw
 * query without an object per row to map (a long career has 845 rows). The profile, its season
 * lines and head-to-head all read a career through it.
 */
export async function careerResults(db: Database, competitorId: number): Promise<CompetitorResult[]> {
  const { rows } = await db.execute<CompetitorResult & Record<string, unknown>>(sql`
    SELECT rr.id, r.id AS "raceId", r.title AS "raceTitle", r.date::text AS "raceDate", rr.position, rr.points,
      rr.best_lap AS "bestLap", rr.boat_class AS "boatClass", rr.heat_number AS "heatNumber"
    FROM race_results rr JOIN races r ON r.id = rr.race_id
    WHERE rr.competitor_id = ${competitorId}
  `);
  // The stored points, or the points table's (app/lib/championship/points.ts).
  for (const row of rows) row.points = resultPoints(row.position, row.points);
  // Sorted here: PostgreSQL's sort of a long career cost more than the query (0.5-1 ms at 845 rows).
  return rows.sort(newestRaceFirst);
}

/**
 * Up to this many result rows, the Race Results table shows the whole career as it always did (a
 * small club's racer, the demo data); beyond, one season at a time.
 */
export const CAREER_TABLE_ROWS = 50;

export interface RacerProfile {
  stats: RacerStatistics;
  seasons: SeasonLine[];
  bests: ClassBests[];
  /** The finishes of the last TREND_RACES races, oldest first. */
  recent: RaceFinish[];
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
 * Everything the profile shows about a racer's results. One query reads the whole career, one
 * row per heat (845 rows at 20 seasons cost less than the five aggregates it replaced: decision
 * 0023); the statistics, personal bests, trend and season lines come from it through the rules
 * in app/lib. The Race Results table holds every result up to CAREER_TABLE_ROWS, else one season
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
  const [career, choices] = await Promise.all([careerResults(db, competitorId), seasonChoices(db, today, computed)]);
  const days = raceDaysAndClasses(career);
  const bySeason = career.length > careerTableRows;
  const resultSeasons = bySeason ? choices.offered.filter((season) => days.some((d) => seasonContains(season, d.raceDate))) : [];
  const shown = resultSeasons.find((s) => s.key === requestedSeason) ?? resultSeasons[0] ?? null;
  const seasons = await racerSeasons(db, competitorId, days, today, choices.offered, computed);
  return {
    stats: racerStatistics(career),
    seasons,
    bests: personalBests(career),
    recent: recentFinishes(career),
    resultSeasons: resultSeasons.map(({ key, name }) => ({ key, name })),
    resultSeason: shown && { key: shown.key, name: shown.name },
    results: shown ? career.filter((r) => seasonContains(shown, r.raceDate)) : career,
  };
}

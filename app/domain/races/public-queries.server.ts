/**
 * The public pages' reads of races, results and a racer (SPEC's all-time standings are the
 * championship's: app/domain/championship/all-time-standings.server.ts). Each function selects
 * only public columns: a competitor's e-mail and telephone never leave this module.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { keptOrComputed, type ComputedOnce } from "~/domain/platform/computed-once.server";
import { competitors, raceResults, races } from "~/db/schema";
import { erasedRacer } from "~/domain/racer/erased.server";
import { resultPoints } from "~/lib/championship/points";
import type { PublicResult } from "~/lib/races/results";
import type { RaceStatus } from "~/lib/races/race-timing";
import { boatLabel } from "~/lib/racer/names";

export interface PublicRace {
  id: number;
  title: string;
  date: string;
  location: string;
  description: string;
  imageUrl: string | null;
  status: RaceStatus;
}

/** The columns of a race any page may show. */
export const raceColumns = {
  id: races.id,
  title: races.title,
  date: races.date,
  location: races.location,
  description: races.description,
  imageUrl: races.imageUrl,
  status: races.status,
};

export async function listRaces(db: Database): Promise<PublicRace[]> {
  return db.select(raceColumns).from(races).orderBy(asc(races.date), asc(races.id));
}

export async function getRace(db: Database, id: number): Promise<PublicRace | null> {
  const [race] = await db.select(raceColumns).from(races).where(eq(races.id, id));
  return race ?? null;
}

/** The earliest upcoming race dated today or later. */
export async function nextEvent(db: Database, today: string): Promise<PublicRace | null> {
  const [race] = await db
    .select(raceColumns)
    .from(races)
    .where(and(eq(races.status, "upcoming"), gte(races.date, today)))
    .orderBy(asc(races.date), asc(races.id))
    .limit(1);
  return race ?? null;
}

/**
 * One page of the results archive: completed races newest first, and how many the filter
 * matches in all (20 seasons of history are never loaded at once).
 */
export async function completedRacesPage(
  db: Database,
  { year, limit, offset }: { year?: number; limit: number; offset: number },
): Promise<{ races: PublicRace[]; total: number }> {
  const filters = [eq(races.status, "completed")];
  // A range on the indexed date rather than extract(year ...), which no index serves.
  if (year !== undefined) filters.push(gte(races.date, `${year}-01-01`), lt(races.date, `${year + 1}-01-01`));
  const where = and(...filters);
  // The count rides along with the page (one round trip); only a page past the end, which has
  // no rows to carry it, asks again.
  const rows = await db
    .select({ ...raceColumns, total: sql<number>`(count(*) OVER ())::int` })
    .from(races)
    .where(where)
    .orderBy(desc(races.date), desc(races.id))
    .limit(limit)
    .offset(offset);
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : ((
          await db
            .select({ total: sql<number>`count(*)::int` })
            .from(races)
            .where(where)
        )[0]?.total ?? 0));
  return { races: rows.map(({ total: _total, ...race }) => race), total };
}

/** The years with a completed race, newest first: the archive's filter. Kept until the data changes. */
export async function completedRaceYears(db: Database, computed?: ComputedOnce | null): Promise<number[]> {
  return keptOrComputed(computed, "completed-race-years", async () => {
    const rows = await db
      .selectDistinct({ year: sql<number>`extract(year from ${races.date})::int` })
      .from(races)
      .where(eq(races.status, "completed"));
    return rows.map((r) => r.year).sort((a, b) => b - a);
  });
}

/** The most recent completed race that has results, for the home page. */
export async function latestRaceWithResults(db: Database): Promise<PublicRace | null> {
  const [race] = await db
    .select(raceColumns)
    .from(races)
    .where(
      and(eq(races.status, "completed"), sql`exists (select 1 from ${raceResults} where ${raceResults.raceId} = ${races.id})`),
    )
    .orderBy(desc(races.date), desc(races.id))
    .limit(1);
  return race ?? null;
}

/** Results of the given races, ordered by race, class, heat and position. */
export async function resultsForRaces(db: Database, raceIds: number[]): Promise<PublicResult[]> {
  if (raceIds.length === 0) return [];
  const rows = await db
    .select(publicResultColumns)
    .from(raceResults)
    .innerJoin(competitors, eq(competitors.id, raceResults.competitorId))
    .where(inArray(raceResults.raceId, raceIds))
    .orderBy(asc(raceResults.raceId), asc(raceResults.boatClass), asc(raceResults.heatNumber), asc(raceResults.position));
  return rows.map(toPublicResult);
}

/**
 * The first `perHeat` finishers of each class and heat of the given races, and how many results
 * each race has in all: the archive and home page show the front of the field and link to the
 * race page for the rest, so a 40-boat race day never makes them long.
 */
export async function leadersOfRaces(
  db: Database,
  raceIds: number[],
  perHeat: number,
): Promise<{ results: PublicResult[]; totals: Map<number, number> }> {
  if (raceIds.length === 0) return { results: [], totals: new Map() };
  // The races' classes and heats (with each race's size) come from race_results_race_idx alone,
  // then each heat's front from the same index, a few rows per heat: about 1.5 ms for an archive
  // page of 2,000 results, where a window over them all sorted every one (5 ms).
  const { rows } = await db.execute<ResultRow & { race_total: number }>(sql`
    SELECT g.race_total, t.* FROM (
      SELECT race_id, boat_class, heat_number, (sum(count(*)) OVER (PARTITION BY race_id))::int AS race_total
      FROM race_results WHERE race_id IN ${raceIds}
      GROUP BY race_id, boat_class, heat_number
    ) g CROSS JOIN LATERAL (
      SELECT rr.id, rr.race_id AS "raceId", rr.competitor_id AS "competitorId", rr.position, rr.points AS "storedPoints",
        rr.lap_time AS "lapTime", rr.best_lap AS "bestLap", rr.total_time AS "totalTime", rr.laps,
        rr.heat_number AS "heatNumber", rr.boat_class AS "boatClass", c.first_name AS "firstName",
        c.last_name AS "lastName", c.boat_name AS "boatName", c.boat_number AS "boatNumber",
        ${erasedRacer(sql`c.id`)} AS erased
      FROM race_results rr JOIN competitors c ON c.id = rr.competitor_id
      WHERE rr.race_id = g.race_id AND rr.boat_class = g.boat_class AND rr.heat_number = g.heat_number
      ORDER BY rr.position, rr.id
      LIMIT ${perHeat}
    ) t
    ORDER BY t."raceId", t."boatClass", t."heatNumber", t.position, t.id
  `);
  const totals = new Map<number, number>();
  for (const row of rows) totals.set(row.raceId, row.race_total);
  return { results: rows.map(toPublicResult), totals };
}

const publicResultColumns = {
  id: raceResults.id,
  raceId: raceResults.raceId,
  competitorId: raceResults.competitorId,
  position: raceResults.position,
  storedPoints: raceResults.points,
  lapTime: raceResults.lapTime,
  bestLap: raceResults.bestLap,
  totalTime: raceResults.totalTime,
  laps: raceResults.laps,
  heatNumber: raceResults.heatNumber,
  boatClass: raceResults.boatClass,
  firstName: competitors.firstName,
  lastName: competitors.lastName,
  boatName: competitors.boatName,
  boatNumber: competitors.boatNumber,
  erased: erasedRacer(competitors.id),
};

/** A result row as both result queries read it: the result, its stored points and its racer. */
type ResultRow = Omit<PublicResult, "points" | "racerName" | "boat"> & {
  storedPoints: number | null;
  firstName: string;
  lastName: string;
  boatName: string | null;
  boatNumber: string;
};

/** Field by field, without rest and spread: an archive page maps hundreds of rows per request. */
function toPublicResult(row: ResultRow): PublicResult {
  return {
    id: row.id,
    raceId: row.raceId,
    competitorId: row.competitorId,
    position: row.position,
    points: resultPoints(row.position, row.storedPoints),
    lapTime: row.lapTime,
    bestLap: row.bestLap,
    totalTime: row.totalTime,
    laps: row.laps,
    heatNumber: row.heatNumber,
    boatClass: row.boatClass,
    racerName: `${row.firstName} ${row.lastName}`,
    erased: row.erased,
    boat: boatLabel(row.boatName, row.boatNumber),
  };
}

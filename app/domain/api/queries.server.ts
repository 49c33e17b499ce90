/**
 * The public API's reads. Each goes through the same public queries as the pages (public columns
 * only: public-queries.server.ts, the championship, the racer profile), then through the shapes of
 * app/lib/api/shape.ts. Not-found and unusable input become ApiProblem, never an exception.
 */
import { and, asc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client";
import { races } from "~/db/schema";
import type { ComputedOnce } from "~/domain/platform/computed-once.server";
import { raceImageRef } from "~/domain/images/images.server";
import { getRace, raceColumns, resultsForRaces } from "~/domain/races/public-queries.server";
import { getCompetitor } from "~/domain/racer/public-racer.server";
import { resultsStatus } from "~/domain/race-day/race-day.server";
import { standingsView } from "~/domain/championship/championship.server";
import { racerProfile } from "~/domain/racer-profile/profile.server";
import { ApiProblem } from "~/lib/api/problem";
import {
  allResultsRow,
  apiRacer,
  apiRound,
  apiSeason,
  championshipRow,
  parseRaceStatus,
  parseYear,
  raceDetail,
  raceSummary,
  type ApiRace,
  type ApiRaceSummary,
  type ApiRacer,
  type ApiStandings,
} from "~/lib/api/shape";
import { parseId } from "~/lib/util/params";

/** Upcoming races in the calendar answer; a club races a few dozen times a year. */
export const CALENDAR_LIMIT = 100;

function idOrNotFound(value: string | undefined, what: string): number {
  const id = parseId(value);
  if (id === null) throw new ApiProblem(404, `No ${what} has the id ${JSON.stringify(String(value ?? "").slice(0, 40))}.`);
  return id;
}

export async function apiRaces(db: Database, params: URLSearchParams, today: string): Promise<{ races: ApiRaceSummary[] }> {
  const year = parseYear(params.get("year"));
  if (year === null) throw new ApiProblem(400, "year must be a four-digit year, e.g. year=2026.");
  const status = parseRaceStatus(params.get("status"));
  if (status === null) throw new ApiProblem(400, "status must be upcoming, completed or cancelled.");
  const filters: SQL[] = [];
  // A range on the indexed date (races_date_idx), as the results archive does.
  if (year !== undefined) filters.push(gte(races.date, `${year}-01-01`), lt(races.date, `${year + 1}-01-01`));
  if (status) filters.push(eq(races.status, status));
  const rows = await db
    .select(raceColumns)
    .from(races)
    .where(and(...filters))
    .orderBy(asc(races.date), asc(races.id));
  return { races: rows.map((race) => raceSummary(race, today)) };
}

export async function apiRace(db: Database, rawId: string | undefined, today: string): Promise<ApiRace> {
  const id = idOrNotFound(rawId, "race");
  const race = await getRace(db, id);
  if (!race) throw new ApiProblem(404, `No race has the id ${id}.`);
  const [results, official, image] = await Promise.all([resultsForRaces(db, [id]), resultsStatus(db, id), raceImageRef(db, id)]);
  return raceDetail(race, results, official, today, image);
}

export async function apiCalendar(db: Database, today: string): Promise<{ today: string; races: ApiRaceSummary[] }> {
  const rows = await db
    .select(raceColumns)
    .from(races)
    .where(gte(races.date, today))
    .orderBy(asc(races.date), asc(races.id))
    .limit(CALENDAR_LIMIT);
  return { today, races: rows.map((race) => raceSummary(race, today)) };
}

/** The numbers of /standings for the same `?season=` and `?class=` (same function, same rules). */
export async function apiStandings(
  db: Database,
  params: URLSearchParams,
  today: string,
  computed: ComputedOnce | null,
): Promise<ApiStandings> {
  const view = await standingsView(db, today, params, computed);
  if (view.kind === "not-found") throw new ApiProblem(404, "No season has this key: see seasons in the standings answer.");
  // The page shows every class for a class it does not know; a client is told instead.
  if (params.get("class") && view.boatClass === null)
    throw new ApiProblem(404, `No standings for this class: the classes are ${view.classes.join(", ")}.`);
  const tables =
    view.kind === "all"
      ? [{ boatClass: view.boatClass, rounds: [], rows: view.rows.map(allResultsRow) }]
      : view.tables.map((table) => ({
          boatClass: table.boatClass,
          rounds: table.rounds.map(apiRound),
          rows: [...table.classified, ...table.notClassified].map(championshipRow),
        }));
  return {
    season: view.season && apiSeason(view.season),
    seasons: view.choices.offered.map(({ key, name }) => ({ key, name })),
    classes: view.classes,
    boatClass: view.boatClass,
    provisionalRaces: view.provisional.map(({ id, title }) => ({ id, title })),
    tables,
  };
}

export async function apiRacerProfile(
  db: Database,
  rawId: string | undefined,
  today: string,
  computed: ComputedOnce | null,
): Promise<ApiRacer> {
  const id = idOrNotFound(rawId, "racer");
  const racer = await getCompetitor(db, id);
  if (!racer) throw new ApiProblem(404, `No racer has the id ${id}.`);
  if (racer.erased)
    throw new ApiProblem(410, `The racer ${id} was erased at their request; their results stay under an anonymous name.`);
  // The whole career at once: the page splits a long one by season, an API client pages itself.
  const profile = await racerProfile(db, id, { today, careerTableRows: Number.POSITIVE_INFINITY, computed });
  return apiRacer(racer, profile);
}

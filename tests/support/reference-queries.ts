/**
 * Plain reference queries the app's faster reads are checked against (not used by the app).
 * careerResults (app/domain/racer-profile/profile.server.ts) reads a racer's career in one raw query and
 * sorts it in Node; this is the same read written the obvious way, ordered by PostgreSQL.
 */
import { asc, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client";
import { raceResults, races } from "~/db/schema";
import type { CompetitorResult } from "~/domain/racer-profile/profile.server";
import { resultPoints } from "~/lib/championship/points";

/** A racer's results, newest race first (then class and heat). */
export async function competitorResults(db: Database, competitorId: number): Promise<CompetitorResult[]> {
  const rows = await db
    .select({
      id: raceResults.id,
      raceId: races.id,
      raceTitle: races.title,
      raceDate: races.date,
      position: raceResults.position,
      storedPoints: raceResults.points,
      bestLap: raceResults.bestLap,
      boatClass: raceResults.boatClass,
      heatNumber: raceResults.heatNumber,
    })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(eq(raceResults.competitorId, competitorId))
    .orderBy(desc(races.date), desc(races.id), asc(raceResults.boatClass), asc(raceResults.heatNumber));
  return rows.map(({ storedPoints, ...row }) => ({ ...row, points: resultPoints(row.position, storedPoints) }));
}

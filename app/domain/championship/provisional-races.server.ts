import { and, asc, eq, exists, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { raceResults, races } from "~/db/schema";

/**
 * Races with results that are still provisional (of one class, or any), soonest first: what SPEC's
 * standings of every result count. A season's standings name their own rounds instead.
 */
export async function provisionalRaces(db: Database, boatClass?: string): Promise<{ id: number; title: string }[]> {
  return db
    .select({ id: races.id, title: races.title })
    .from(races)
    .where(
      and(
        isNull(races.resultsOfficialAt),
        exists(
          db
            .select({ one: sql`1` })
            .from(raceResults)
            .where(
              and(eq(raceResults.raceId, races.id), boatClass === undefined ? undefined : eq(raceResults.boatClass, boatClass)),
            ),
        ),
      ),
    )
    .orderBy(asc(races.date), asc(races.id));
}

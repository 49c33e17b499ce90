/**
 * The duty roster's retention (privacy notice version 3, RETENTION.dutyRosterYears): who was on
 * duty at a race, and the swaps asked or answered, go that many years after the race's results
 * were made official. A race whose results never were (cancelled, or abandoned without results)
 * counts from its race day instead, so no roster is kept for ever. The race's duty names and
 * places stay: they name nobody.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { RETENTION } from "~/lib/platform/retention";

/** Deletes the rosters past retention in one transaction; returns how many rows went. */
export async function pruneDutyRosters(db: Database, years: number = RETENTION.dutyRosterYears): Promise<number> {
  return db.transaction(async (tx) => {
    const old = sql`
      SELECT id FROM races
      WHERE coalesce(results_official_at, (date + 1)::timestamp AT TIME ZONE 'UTC') < now() - make_interval(years => ${years})`;
    const swaps = await tx.execute(sql`DELETE FROM duty_swaps WHERE race_id IN (${old})`);
    const places = await tx.execute(sql`DELETE FROM duty_places WHERE race_id IN (${old})`);
    return (swaps.rowCount ?? 0) + (places.rowCount ?? 0);
  });
}

/**
 * SPEC's all-time standings (section 9: every result of every race, SPEC's points table) and
 * their class tabs. A season's championship (championship.server.ts) builds on these for the
 * years before seasons were defined.
 */
import { sql } from "drizzle-orm";
import { erasedRacer } from "~/domain/racer/erased.server";
import type { Database } from "~/db/client";
import { classTabs, parseBoatClassList } from "~/lib/platform/boat-classes";
import { POINTS_BELOW_TABLE, POINTS_BY_POSITION } from "~/lib/championship/points";
import { rankStandings, type Ranked, type StandingTotals } from "~/lib/championship/standings";
import { boatLabel } from "~/lib/racer/names";

export interface Standing extends StandingTotals {
  name: string;
  boat: string;
  boatClass: string;
  /** Erased at their request (decision 0053): the name is the anonymous label, linking nowhere. */
  erased: boolean;
}

/** The points table as SQL, generated from the one table in app/lib/championship/points.ts. */
const pointsCase = sql.raw(
  `CASE rr.position ${Object.entries(POINTS_BY_POSITION)
    .map(([position, points]) => `WHEN ${Number(position)} THEN ${Number(points)}`)
    .join(" ")} ELSE ${POINTS_BELOW_TABLE} END`,
);

/**
 * SPEC's standings (every result of every race), aggregated by the database in one query from
 * result_totals (kept by triggers per racer, class and position: a few thousand rows however long
 * the history, migration 0016), then ordered with the count-back rule. `boatClass` undefined =
 * all classes.
 */
export async function standings(db: Database, boatClass?: string): Promise<Ranked<Standing>[]> {
  const classFilter = boatClass ? sql`WHERE rr.boat_class = ${boatClass}` : sql``;
  const { rows } = await db.execute<{
    id: number;
    first_name: string;
    last_name: string;
    boat_name: string | null;
    boat_number: string | null;
    boat_classes: string[];
    points: number;
    finishes: Record<string, number>;
    erased: boolean;
  }>(sql`
    WITH per_position AS (
      SELECT rr.competitor_id, rr.position, sum(rr.finishes)::int AS finishes,
             sum(rr.stored_points + rr.unscored * ${pointsCase})::int AS points
      FROM result_totals rr ${classFilter} GROUP BY rr.competitor_id, rr.position
    ),
    totals AS (
      SELECT competitor_id, sum(points)::int AS points, json_object_agg(position, finishes) AS finishes
      FROM per_position GROUP BY competitor_id
    )
    SELECT c.id, c.first_name, c.last_name, c.boat_name, c.boat_number, c.boat_classes, t.points, t.finishes,
      ${erasedRacer(sql`c.id`)} AS erased
    FROM totals t JOIN competitors c ON c.id = t.competitor_id
  `);
  return rankStandings(
    rows.map((row) => {
      const finishes: number[] = [];
      for (const [position, count] of Object.entries(row.finishes)) finishes[Number(position) - 1] = count;
      return {
        competitorId: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        name: `${row.first_name} ${row.last_name}`,
        boat: boatLabel(row.boat_name, row.boat_number),
        boatClass: boatClass ?? (row.boat_classes.length ? row.boat_classes.join(", ") : "Open"),
        points: row.points,
        finishes: Array.from(finishes, (n) => n ?? 0),
        erased: row.erased,
      };
    }),
  );
}

/** Class tabs: Open, Superboat, then any class found in results (or, with none, on racers). */
export async function standingsClasses(db: Database): Promise<string[]> {
  // A loose index scan (one probe of race_results_class_idx per class) instead of DISTINCT, which
  // reads every result: 0.1 ms rather than 15 at 100,000 results.
  const { rows: fromResults } = await db.execute<{ boat_class: string }>(sql`
    WITH RECURSIVE found AS (
      SELECT min(boat_class) AS boat_class FROM race_results
      UNION ALL
      SELECT (SELECT min(boat_class) FROM race_results WHERE boat_class > found.boat_class) FROM found
      WHERE found.boat_class IS NOT NULL
    )
    SELECT boat_class FROM found WHERE boat_class IS NOT NULL`);
  if (fromResults.length > 0) return classTabs(fromResults.map((r) => r.boat_class));
  const fromCompetitors = await db.execute<{ boat_class: string }>(
    sql`SELECT DISTINCT unnest(boat_classes) AS boat_class FROM competitors`,
  );
  return classTabs(fromCompetitors.rows.flatMap((r) => parseBoatClassList(r.boat_class)));
}

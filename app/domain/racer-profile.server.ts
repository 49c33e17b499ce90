/**
 * Reads behind the racer profile 2.0 (issue 14): the racer's line in each season's championship,
 * the racers offered for head-to-head, and the head-to-head of two racers. The rules (personal
 * bests, what a race counts as, who was ahead) are in app/lib/racer-history.ts; the season
 * positions come from the championship itself (seasonStandings), never from a second rule.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { canonicalBoatClass, classTabs } from "../lib/boat-classes";
import { headToHead, type HeadToHead } from "../lib/racer-history";
import { seasonContains } from "../lib/seasons";
import { seasonChoices, seasonStandings } from "./championship.server";
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
): Promise<SeasonLine[]> {
  if (results.length === 0) return [];
  const { offered } = await seasonChoices(db, today);
  const raced = offered.flatMap((season) => {
    const classes = new Set(
      results.filter((r) => seasonContains(season, r.raceDate)).map((r) => canonicalBoatClass(r.boatClass)),
    );
    return classes.size ? [{ season, classes: [...classes] }] : [];
  });
  const perSeason = await Promise.all(
    raced.map(async ({ season, classes }) => {
      const tables = await seasonStandings(db, season, classes.length === 1 ? classes[0] : undefined);
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
      SELECT theirs.competitor_id FROM race_results mine
      JOIN race_results theirs ON theirs.race_id = mine.race_id AND theirs.boat_class = mine.boat_class
      WHERE mine.competitor_id = ${competitorId}
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

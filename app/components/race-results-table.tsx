import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { groupResults, type PublicResult } from "~/lib/results";

/**
 * A race's results, grouped by class and heat when the race has several.
 * "summary": Pos, Name, Boat, Best Lap, Points (home page, archive).
 * "full": Pos, Racer, Boat, Best Lap, Total Time, Laps, Points (race page).
 * On a phone (below 640 px) Pos, name, Best Lap and Points stay in view: the boat folds under the
 * name and Total Time and Laps are left out (the race page keeps them from 640 px up).
 */
const WIDE = "hidden sm:table-cell";
export function RaceResultsTable({ results, variant }: { results: PublicResult[]; variant: "summary" | "full" }) {
  const full = variant === "full";
  return (
    <div className="space-y-5">
      {groupResults(results).map((group) => (
        <div key={`${group.boatClass}-${group.heatNumber}`}>
          {group.label && <h3 className="mb-1 px-3 text-sm font-semibold text-primary">{group.label}</h3>}
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-12">Pos</TableHead>
                <TableHead>{full ? "Racer" : "Name"}</TableHead>
                <TableHead className={WIDE}>Boat</TableHead>
                <TableHead>Best Lap</TableHead>
                {full && <TableHead className={WIDE}>Total Time</TableHead>}
                {full && <TableHead className={`${WIDE} text-right`}>Laps</TableHead>}
                <TableHead className="text-right">Points</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {group.results.map((result) => (
                <TableRow key={result.id}>
                  <TableCell className="font-semibold">{result.position}</TableCell>
                  <TableCell>
                    <a href={`/competitor/${result.competitorId}`} className="font-medium text-primary hover:underline">
                      {result.racerName}
                    </a>
                    {result.boat && <span className="block text-xs text-muted-foreground sm:hidden">{result.boat}</span>}
                  </TableCell>
                  <TableCell className={WIDE}>{result.boat}</TableCell>
                  <TableCell className="tabular-nums">{result.bestLap ?? "–"}</TableCell>
                  {full && <TableCell className={`${WIDE} tabular-nums`}>{result.totalTime ?? "–"}</TableCell>}
                  {full && <TableCell className={`${WIDE} text-right tabular-nums`}>{result.laps ?? "–"}</TableCell>}
                  <TableCell className="text-right font-semibold tabular-nums">{result.points}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ))}
    </div>
  );
}

/** Said under a table that shows only the front of each heat (archive, home page). */
export function LeadersNote({ shown, total, perHeat }: { shown: number; total: number; perHeat: number }) {
  if (shown >= total) return null;
  return (
    <p className="text-sm text-muted-foreground">
      The first {perHeat} of each heat; Full Results lists all {total}.
    </p>
  );
}

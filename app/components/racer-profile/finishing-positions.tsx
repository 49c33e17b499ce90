import { PositionChart } from "~/components/racer-profile/position-chart";
import { RaceLink } from "~/components/racer-profile/race-link";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { TrendGeometry } from "~/lib/championship/points-chart";
import type { RaceFinish } from "~/lib/racer-profile/racer-history";
import { ordinal } from "~/lib/util/ordinal";
import { countOf } from "~/lib/util/plural";

/**
 * The racer's finishing positions in their last races: the chart, and the same positions as a
 * table in a disclosure below it.
 */
export function FinishingPositions({
  chart,
  recent,
  racerName,
}: {
  chart: TrendGeometry;
  /** The finishes the chart draws, oldest first. */
  recent: readonly RaceFinish[];
  racerName: string;
}) {
  // The chart's x axis: race 1 is the oldest shown.
  const raceNumbers = new Map([...new Set(recent.map((f) => f.raceId))].map((id, i) => [id, i + 1]));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Finishing Positions</CardTitle>
        <CardDescription>The last {countOf(chart.races, "race")}, oldest first; 1st is at the top.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <PositionChart chart={chart} racerName={racerName} />
        <details>
          <summary className="cursor-pointer text-sm font-medium text-primary">Show the positions as a table</summary>
          <Table aria-label="Finishing positions in the last races" className="mt-2">
            <TableHeader>
              <TableRow>
                <TableHead className="text-right">#</TableHead>
                <TableHead>Race</TableHead>
                <TableHead>Class</TableHead>
                <TableHead className="text-right">Pos</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {recent.map((finish) => (
                <TableRow key={`${finish.raceId} ${finish.boatClass}`}>
                  <TableCell className="text-right tabular-nums">{raceNumbers.get(finish.raceId)}</TableCell>
                  <TableCell>
                    <RaceLink race={finish} />
                  </TableCell>
                  <TableCell>{finish.boatClass}</TableCell>
                  <TableCell className="text-right font-semibold tabular-nums">{ordinal(finish.position)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </details>
      </CardContent>
    </Card>
  );
}

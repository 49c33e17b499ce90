import { RaceLink } from "~/components/racer-profile/race-link";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ClassBests } from "~/lib/racer-profile/racer-history";
import { ordinal } from "~/lib/util/ordinal";

/** A racer's best lap and best finish per class, each with the race it was first set in. */
export function PersonalBests({ bests }: { bests: readonly ClassBests[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Personal Bests</CardTitle>
      </CardHeader>
      <CardContent>
        <Table aria-label="Personal bests by class">
          <TableHeader>
            <TableRow>
              <TableHead>Class</TableHead>
              <TableHead>Best Lap</TableHead>
              <TableHead>Best Finish</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {bests.map((best) => (
              <TableRow key={best.boatClass}>
                <TableCell className="font-medium">{best.boatClass}</TableCell>
                <TableCell>
                  {best.bestLap ? (
                    <>
                      <span className="font-semibold tabular-nums">{best.bestLap.lap}</span>
                      <RaceLink race={best.bestLap} />
                    </>
                  ) : (
                    "–"
                  )}
                </TableCell>
                <TableCell>
                  <span className="font-semibold">{ordinal(best.bestFinish.position)}</span>
                  {best.bestFinish.times > 1 && <span className="text-muted-foreground"> ({best.bestFinish.times} times)</span>}
                  <RaceLink race={best.bestFinish} prefix={best.bestFinish.times > 1 ? "first in" : undefined} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

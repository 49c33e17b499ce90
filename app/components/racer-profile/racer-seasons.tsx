import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { ordinal } from "~/lib/util/ordinal";
import { countOf } from "~/lib/util/plural";

/** Shown on a phone instead of the columns that do not fit (the columns come back from 640 px). */
const WIDE = "hidden sm:table-cell";

/** A racer's line in one season's championship (the loader's SeasonLine). */
interface SeasonRow {
  seasonKey: string;
  seasonName: string;
  boatClass: string;
  races: number;
  points: number;
  wins: number;
  podiums: number;
  bestFinish: number | null;
  /** null = not classified. */
  position: number | null;
  classified: number;
}

/** The racer's line in each season's championship, counted as in the season standings. */
export function RacerSeasons({ seasons }: { seasons: readonly SeasonRow[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Seasons</CardTitle>
        <CardDescription>Each season&apos;s championship, counted as in the season standings.</CardDescription>
      </CardHeader>
      <CardContent>
        <Table aria-label="Statistics by season">
          <TableHeader>
            <TableRow>
              <TableHead>Season</TableHead>
              <TableHead className={WIDE}>Class</TableHead>
              <TableHead className={`${WIDE} text-right`}>Races</TableHead>
              <TableHead className={`${WIDE} text-right`}>Wins</TableHead>
              <TableHead className={`${WIDE} text-right`}>Podiums</TableHead>
              <TableHead className={`${WIDE} text-right`}>Best</TableHead>
              <TableHead className="text-right">Pos</TableHead>
              <TableHead className="text-right">Points</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {seasons.map((line) => (
              <TableRow key={`${line.seasonKey} ${line.boatClass}`}>
                <TableCell>
                  <a
                    className="font-medium text-primary hover:underline"
                    href={`/standings?season=${encodeURIComponent(line.seasonKey)}&class=${encodeURIComponent(line.boatClass)}`}
                  >
                    {line.seasonName}
                  </a>
                  <span className="block text-xs text-muted-foreground sm:hidden">
                    {line.boatClass}: {countOf(line.races, "race")}, {countOf(line.wins, "win")},{" "}
                    {countOf(line.podiums, "podium")}
                    {line.bestFinish !== null && `, best ${ordinal(line.bestFinish)}`}
                  </span>
                </TableCell>
                <TableCell className={WIDE}>{line.boatClass}</TableCell>
                <TableCell className={`${WIDE} text-right tabular-nums`}>{line.races}</TableCell>
                <TableCell className={`${WIDE} text-right tabular-nums`}>{line.wins}</TableCell>
                <TableCell className={`${WIDE} text-right tabular-nums`}>{line.podiums}</TableCell>
                <TableCell className={`${WIDE} text-right tabular-nums`}>
                  {line.bestFinish === null ? "–" : ordinal(line.bestFinish)}
                </TableCell>
                <TableCell className="text-right font-semibold tabular-nums">
                  {line.position === null ? (
                    <>
                      <span aria-hidden="true">NC</span>
                      <span className="sr-only">Not classified</span>
                    </>
                  ) : (
                    <>
                      {ordinal(line.position)}
                      <span className="block text-xs font-normal text-muted-foreground">of {line.classified}</span>
                    </>
                  )}
                </TableCell>
                <TableCell className="text-right tabular-nums">{line.points}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

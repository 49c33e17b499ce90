import { RaceResultsTable } from "~/components/races/race-results-table";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { PublicResult } from "~/lib/races/results";

/**
 * A race page's Results: the full table, marked Official (with when) or Provisional, and on race
 * day the time of the last update; until then a "Results Not Available" note.
 */
export function RaceResultsCard({
  raceId,
  results,
  resultsMark,
  lastUpdated,
}: {
  raceId: number;
  results: PublicResult[];
  /** Official results carry the club date and time they became official. */
  resultsMark: { official: boolean; date: string; time: string } | { official: boolean };
  lastUpdated: string | null;
}) {
  return (
    <Card className="min-w-0">
      <CardHeader layout="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Results</CardTitle>
        {lastUpdated && (
          <span className="text-sm text-muted-foreground" data-testid="last-updated">
            {`Last updated ${lastUpdated}`}
          </span>
        )}
        {results.length > 0 &&
          ("date" in resultsMark ? (
            <Badge variant="past" data-testid="results-mark">
              Official {resultsMark.date} {resultsMark.time}
            </Badge>
          ) : (
            <Badge variant="upcoming" data-testid="results-mark">
              Provisional
            </Badge>
          ))}
      </CardHeader>
      <CardContent>
        {results.length > 0 ? (
          <>
            <RaceResultsTable results={results} variant="full" />
            <a href={`/results/${raceId}/results.csv`} className="mt-3 inline-block text-sm font-medium text-primary" download>
              Download CSV
            </a>
          </>
        ) : (
          <div className="rounded-md bg-muted p-6 text-center">
            <p className="font-semibold">Results Not Available</p>
            <p className="mt-1 text-sm text-muted-foreground">Results will appear here once the race has been run and timed.</p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

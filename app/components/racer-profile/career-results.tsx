import { SeasonSelect } from "~/components/championship/season-select";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table } from "~/components/ui/table";
import { formatShortDate } from "~/lib/util/dates";

/** One heat's result of the racer (the loader's CompetitorResult). */
interface CareerResult {
  id: number;
  raceId: number;
  raceTitle: string;
  raceDate: string;
  position: number;
  points: number;
  bestLap: string | null;
  boatClass: string;
  heatNumber: number;
}

/**
 * The profile's Race Results: every result of a short career, else one season at a time with a
 * season picker (issue 11). `results` null = they failed to load (an alert, the rest of the
 * profile still shows). Plain cells styled by `.career-table` in app.css.
 */
// eslint-disable-next-line max-lines-per-function -- a table's markup, one column per line in the order the screen shows them
export function CareerResults({
  competitorId,
  results,
  resultSeasons,
  resultSeason,
}: {
  competitorId: number;
  results: readonly CareerResult[] | null;
  resultSeasons: readonly { key: string; name: string }[];
  resultSeason: { key: string; name: string } | null;
}) {
  return (
    <Card id="race-results">
      <CardHeader>
        <CardTitle>Race Results</CardTitle>
        {resultSeasons.length > 1 && resultSeason && (
          <SeasonSelect
            action={`/competitor/${competitorId}`}
            seasons={resultSeasons}
            current={resultSeason.key}
            withAllSeasons={false}
          />
        )}
      </CardHeader>
      <CardContent>
        {results === null ? (
          <div role="alert" className="py-4 text-center">
            <p className="font-semibold">Failed to load competitor race results</p>
            <p className="text-sm text-muted-foreground">An error occurred while loading competitor results</p>
          </div>
        ) : results.length === 0 ? (
          <p className="py-4 text-center text-muted-foreground">No race results found for this competitor.</p>
        ) : (
          <Table className="career-table">
            <thead>
              <tr>
                <th scope="col">Race</th>
                <th scope="col" className="wide">
                  Date
                </th>
                <th scope="col" className="num">
                  Position
                </th>
                <th scope="col">Best Lap</th>
                <th scope="col" className="num">
                  Points
                </th>
              </tr>
            </thead>
            <tbody>
              {results.map((result) => (
                <tr key={result.id}>
                  <td>
                    <a href={`/results/${result.raceId}`}>{result.raceTitle}</a>
                    <small>
                      {result.boatClass}, Heat {result.heatNumber}
                      <span className="sm:hidden">, {formatShortDate(result.raceDate)}</span>
                    </small>
                  </td>
                  <td className="wide">{formatShortDate(result.raceDate)}</td>
                  <td className="num">
                    <strong>{result.position}</strong>
                  </td>
                  <td className="lap">{result.bestLap ?? "–"}</td>
                  <td className="num">{result.points}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
        {results !== null && results.length > 0 && (
          <a
            href={`/competitor/${competitorId}/results.csv`}
            className="mt-3 inline-block text-sm font-medium text-primary"
            download
          >
            Download CSV (whole career)
          </a>
        )}
      </CardContent>
    </Card>
  );
}

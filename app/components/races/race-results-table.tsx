import { RacerLink } from "~/components/racer/racer-link";
import { Table } from "~/components/ui/table";
import { groupResults, type PublicResult } from "~/lib/races/results";

/**
 * A race's results as one table (SPEC: "a results table"), a row group per class and heat when
 * the race has several, headed by its label ("Open, Heat 2", a level-3 heading screen readers can
 * jump to) and sharing the column headers.
 * "summary": Pos, Name, Boat, Best Lap, Points (home page, archive).
 * "full": Pos, Racer, Boat, Best Lap, Total Time, Laps, Points (race page).
 * On a phone (below 640 px) Pos, name, Best Lap and Points stay in view: the boat folds under the
 * name and Total Time and Laps are left out (the race page keeps them from 640 px up).
 *
 * A race day has hundreds of rows, so a cell carries at most one short class naming its role and
 * `.ranked-table` in app.css styles the roles (the first cell is Pos, the last Points): half the
 * bytes React renders and the browser parses, compared with utility classes on every cell. One
 * table rather than one per heat spares the archive a hundred tables' wrappers and headers.
 */
export function RaceResultsTable({ results, variant }: { results: PublicResult[]; variant: "summary" | "full" }) {
  const full = variant === "full";
  return (
    <Table className="ranked-table">
      <thead>
        <tr>
          <th scope="col">Pos</th>
          <th scope="col">{full ? "Racer" : "Name"}</th>
          <th scope="col" className="wide">
            Boat
          </th>
          <th scope="col">Best Lap</th>
          {full && (
            <th scope="col" className="wide">
              Total Time
            </th>
          )}
          {full && (
            <th scope="col" className="wide num">
              Laps
            </th>
          )}
          <th scope="col">Points</th>
        </tr>
      </thead>
      {groupResults(results).map((group) => (
        <tbody key={`${group.boatClass}-${group.heatNumber}`}>
          {group.label && (
            <tr>
              <th scope="rowgroup" colSpan={full ? 7 : 5}>
                <h3>{group.label}</h3>
              </th>
            </tr>
          )}
          {group.results.map((result) => (
            <tr key={result.id}>
              <td>{result.position}</td>
              <td>
                <RacerLink racer={result}>{result.racerName}</RacerLink>
                {result.boat && <small>{result.boat}</small>}
              </td>
              <td className="wide">{result.boat}</td>
              <td>{result.bestLap ?? "–"}</td>
              {full && <td className="wide">{result.totalTime ?? "–"}</td>}
              {full && <td className="wide num">{result.laps ?? "–"}</td>}
              <td>{result.points}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </Table>
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

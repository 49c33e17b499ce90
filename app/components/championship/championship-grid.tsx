import { Avatar } from "~/components/racer/avatar";
import { RacerLink } from "~/components/racer/racer-link";
import { PositionWithMedal } from "~/components/championship/medal";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatShortDate } from "~/lib/util/dates";
import { countOf } from "~/lib/util/plural";

interface GridRound {
  id: number;
  title: string;
  date: string;
  /** Results not official yet: the column is marked, in words for screen readers. */
  provisional: boolean;
}

interface GridRow {
  competitorId: number;
  /** Erased at their request: the label is not a link. */
  erased: boolean;
  name: string;
  boat: string;
  position: number | null;
  points: number;
  wins: number;
  podiums: number;
  countBack: string | null;
  cells: ({ points: number; dropped: boolean } | null)[];
}

/**
 * One class's championship, round by round: the working behind every total. Dropped rounds are
 * struck through with their meaning spelled out for screen readers; rounds not run stay blank.
 * Cells holding screen-reader text are `relative`, so that text stays inside the table's scroll
 * box instead of widening the page on a phone. The sticky Pos, Racer and Points cells (`.pos`,
 * `.racer`, `.total`) and the rest are styled once in app.css: a season grid has hundreds of cells.
 */
// eslint-disable-next-line max-lines-per-function -- a table's markup, one column per line in the order the screen shows them
export function ChampionshipGrid({
  boatClass,
  seasonName,
  rounds,
  classified,
  notClassified,
  minRounds,
}: {
  boatClass: string;
  seasonName: string;
  rounds: readonly GridRound[];
  classified: readonly GridRow[];
  notClassified: readonly GridRow[];
  minRounds: number;
}) {
  const columns = rounds.length + 6;
  const anyProvisional = rounds.some((round) => round.provisional);
  const row = (r: GridRow) => (
    <TableRow key={r.competitorId}>
      <TableCell className="pos">
        {r.position === null ? <span aria-label="not classified">–</span> : <PositionWithMedal position={r.position} />}
      </TableCell>
      <TableCell className="racer">
        <RacerLink racer={r}>
          <Avatar name={r.name} />
          {r.name}
        </RacerLink>
        {r.boat && <small>{r.boat}</small>}
        {r.countBack && <small>{r.countBack}</small>}
      </TableCell>
      {r.cells.map((cell, i) => (
        <TableCell key={rounds[i]!.id}>
          {cell === null ? null : cell.dropped ? (
            <>
              <s aria-hidden="true">{cell.points}</s>
              <span className="sr-only">{`${countOf(cell.points, "point")}, dropped`}</span>
            </>
          ) : (
            cell.points
          )}
        </TableCell>
      ))}
      <TableCell className="total">{r.points}</TableCell>
      <TableCell>{r.wins}</TableCell>
      <TableCell>{r.podiums}</TableCell>
    </TableRow>
  );
  return (
    <div className="space-y-1">
      {/* The cue on a phone; wider screens see the columns scroll under the shaded edges. */}
      <p className="text-xs text-muted-foreground sm:hidden">Scroll the table sideways for every round.</p>
      <Table className="championship-grid">
        <TableCaption>
          {boatClass}, {seasonName}: points per round. Struck-through points are dropped rounds; a blank means the racer did not
          run that round.{anyProvisional && " Rounds marked P have provisional results: they may still change."}
        </TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead className="pos">Pos</TableHead>
            <TableHead className="racer">Racer</TableHead>
            {rounds.map((round, i) => (
              <TableHead key={round.id} className="text-right">
                <a href={`/results/${round.id}`} className="hover:underline">
                  <abbr
                    title={`${round.title}, ${formatShortDate(round.date)}${round.provisional ? ", provisional results" : ""}`}
                  >
                    R{i + 1}
                  </abbr>
                  <span className="sr-only">
                    {" "}
                    {round.title}, {formatShortDate(round.date)}
                    {round.provisional && ", provisional results"}
                  </span>
                  {round.provisional && (
                    <sup aria-hidden="true" className="ml-0.5 font-semibold text-amber-700" data-provisional="">
                      P
                    </sup>
                  )}
                </a>
              </TableHead>
            ))}
            <TableHead className="total">Points</TableHead>
            <TableHead className="text-right">Wins</TableHead>
            <TableHead className="text-right">Podiums</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {classified.map(row)}
          {notClassified.length > 0 && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columns} className="border-t-2 border-foreground/40 pt-4 text-left text-sm font-medium">
                Not classified (fewer than {countOf(minRounds, "round")})
              </TableCell>
            </TableRow>
          )}
          {notClassified.map(row)}
        </TableBody>
      </Table>
    </div>
  );
}

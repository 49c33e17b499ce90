import { Avatar } from "~/components/avatar";
import { PositionWithMedal } from "~/components/medal";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatShortDate } from "~/lib/dates";

interface GridRound {
  id: number;
  title: string;
  date: string;
  /** Results not official yet: the column is marked, in words for screen readers. */
  provisional: boolean;
}

interface GridRow {
  competitorId: number;
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
 * Pos and Racer stay at the left edge and Points at the right while the round columns scroll
 * sideways inside the table's own box (never the page), each with a shadow that shows there is
 * more under it. Pos is exactly 4rem wide, so Racer sticks right after it.
 */
const STICKY = "sticky z-10 bg-background";
const STICKY_POS = `${STICKY} left-0 w-16 min-w-16 text-left`;
const STICKY_NAME = `${STICKY} left-16 text-left border-r shadow-[6px_0_8px_-4px_rgb(0_0_0/0.3)]`;
const STICKY_POINTS = `${STICKY} right-0 border-l shadow-[-6px_0_8px_-4px_rgb(0_0_0/0.3)]`;

/**
 * One class's championship, round by round: the working behind every total. Dropped rounds are
 * struck through with their meaning spelled out for screen readers; rounds not run stay blank.
 * Cells holding screen-reader text are `relative`, so that text stays inside the table's scroll
 * box instead of widening the page on a phone.
 */
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
      <TableCell className={STICKY_POS}>
        {r.position === null ? <span aria-label="not classified">–</span> : <PositionWithMedal position={r.position} />}
      </TableCell>
      <TableCell className={`${STICKY_NAME} min-w-32 sm:min-w-40`}>
        <a
          href={`/competitor/${r.competitorId}`}
          className="inline-flex items-center gap-2 font-medium text-primary hover:underline"
        >
          <Avatar name={r.name} />
          {r.name}
        </a>
        {r.boat && <div className="text-xs text-muted-foreground">{r.boat}</div>}
        {r.countBack && <div className="text-xs text-muted-foreground">{r.countBack}</div>}
      </TableCell>
      {r.cells.map((cell, i) => (
        <TableCell key={rounds[i]!.id}>
          {cell === null ? null : cell.dropped ? (
            <>
              <s aria-hidden="true" className="text-muted-foreground">
                {cell.points}
              </s>
              <span className="sr-only">{cell.points} points, dropped</span>
            </>
          ) : (
            cell.points
          )}
        </TableCell>
      ))}
      <TableCell className={`${STICKY_POINTS} font-semibold`}>{r.points}</TableCell>
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
            <TableHead className={STICKY_POS}>Pos</TableHead>
            <TableHead className={STICKY_NAME}>Racer</TableHead>
            {rounds.map((round, i) => (
              <TableHead key={round.id} className="relative text-right">
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
            <TableHead className={`${STICKY_POINTS} text-right`}>Points</TableHead>
            <TableHead className="text-right">Wins</TableHead>
            <TableHead className="text-right">Podiums</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {classified.map(row)}
          {notClassified.length > 0 && (
            <TableRow className="hover:bg-transparent">
              <TableCell colSpan={columns} className="border-t-2 border-foreground/40 pt-4 text-left text-sm font-medium">
                Not classified (fewer than {minRounds} rounds)
              </TableCell>
            </TableRow>
          )}
          {notClassified.map(row)}
        </TableBody>
      </Table>
    </div>
  );
}

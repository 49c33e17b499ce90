import type { ReactNode } from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

/** SPEC's columns after Racer; each also labels its value on a phone's card. */
export const COMPETITOR_COLUMNS = { boat: "Boat", boatClass: "Class", wins: "Wins", points: "Points" } as const;

/** The competitors (rows passed in); on a phone each is a card with labelled buttons (issue 32 item 4). */
export function CompetitorsTable({ children }: { children: ReactNode }) {
  return (
    <Table cards>
      <TableHeader>
        <TableRow>
          <TableHead>Racer</TableHead>
          <TableHead>{COMPETITOR_COLUMNS.boat}</TableHead>
          <TableHead>{COMPETITOR_COLUMNS.boatClass}</TableHead>
          <TableHead className="text-right">{COMPETITOR_COLUMNS.wins}</TableHead>
          <TableHead className="text-right">{COMPETITOR_COLUMNS.points}</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}

/** SPEC: while competitors load, four skeleton rows. */
export function CompetitorSkeletonRows() {
  return Array.from({ length: 4 }, (_, i) => (
    <TableRow key={i} data-testid="competitor-skeleton">
      <TableCell>
        <div className="flex items-center gap-2">
          <Skeleton round className="size-8" />
          <Skeleton className="h-4 w-32" />
        </div>
      </TableCell>
      {Object.values(COMPETITOR_COLUMNS).map((label) => (
        <TableCell key={label} label={label}>
          <Skeleton className="h-4 w-full min-w-10" />
        </TableCell>
      ))}
      <TableCell>
        <Skeleton className="h-4 w-full min-w-10" />
      </TableCell>
    </TableRow>
  ));
}

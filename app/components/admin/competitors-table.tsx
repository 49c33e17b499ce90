import type { ReactNode } from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

export function CompetitorsTable({ children }: { children: ReactNode }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Racer</TableHead>
          <TableHead>Boat</TableHead>
          <TableHead>Class</TableHead>
          <TableHead className="text-right">Wins</TableHead>
          <TableHead className="text-right">Points</TableHead>
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
      {Array.from({ length: 5 }, (_, j) => (
        <TableCell key={j}>
          <Skeleton className="h-4 w-full min-w-10" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

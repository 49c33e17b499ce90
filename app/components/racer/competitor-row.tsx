import type { ReactNode } from "react";
import { History, Pencil, Trash2 } from "~/components/ui/icons";
import { Link } from "react-router";
import { AvatarPicture } from "~/components/racer/avatar-picture";
import { Button, buttonClasses } from "~/components/ui/button";
import { CardActionLabel, TableCell, TableRow } from "~/components/ui/table";
import { COMPETITOR_COLUMNS } from "~/components/racer/competitors-table";
import { formatBoatClasses } from "~/lib/platform/boat-classes";
import { boatLabel } from "~/lib/racer/names";
import type { AvatarDrawing } from "~/lib/racer/avatar";

/** What a row shows of a competitor (the admin list's row type has more). */
export type CompetitorRowData = {
  id: number;
  name: string;
  boatName: string | null;
  boatNumber: string;
  boatClasses: string[];
  wins: number;
  points: number;
  avatar: AvatarDrawing;
  /** Erased at their request (decision 0053): the record cannot be edited, so no Edit is offered. */
  erased?: boolean;
};

/**
 * One competitor of the admin list, with its edit and delete buttons. `note`: what later features
 * say about the racer under the name (their no-shows), composed by the route.
 */
export function CompetitorRow({
  competitor,
  deleting,
  onEdit,
  onDelete,
  note,
}: {
  competitor: CompetitorRowData;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
  note?: ReactNode;
}) {
  return (
    <TableRow aria-busy={deleting || undefined} className={deleting ? "opacity-50" : undefined}>
      <TableCell>
        <span className="inline-flex items-center gap-2 font-medium">
          <AvatarPicture drawing={competitor.avatar} />
          {competitor.name}
        </span>
        {note}
      </TableCell>
      <TableCell label={COMPETITOR_COLUMNS.boat}>{boatLabel(competitor.boatName, competitor.boatNumber)}</TableCell>
      <TableCell label={COMPETITOR_COLUMNS.boatClass}>{formatBoatClasses(competitor.boatClasses)}</TableCell>
      <TableCell label={COMPETITOR_COLUMNS.wins} className="tabular-nums md:text-right">
        {competitor.wins}
      </TableCell>
      <TableCell label={COMPETITOR_COLUMNS.points} className="tabular-nums md:text-right">
        {competitor.points}
      </TableCell>
      <TableCell className="md:text-right md:whitespace-nowrap">
        <Link
          to={`/admin/audit?record=competitor:${competitor.id}`}
          aria-label={`History of ${competitor.name}`}
          className={buttonClasses({ variant: "ghost", size: "rowIcon" })}
        >
          <History aria-hidden />
          <CardActionLabel>History</CardActionLabel>
        </Link>
        {competitor.erased ? (
          <span className="px-2 text-sm text-muted-foreground">Erased at their request</span>
        ) : (
          <Button variant="ghost" size="rowIcon" aria-label={`Edit ${competitor.name}`} onClick={onEdit}>
            <Pencil aria-hidden />
            <CardActionLabel>Edit</CardActionLabel>
          </Button>
        )}
        <Button variant="ghost" size="rowIcon" aria-label={`Delete ${competitor.name}`} disabled={deleting} onClick={onDelete}>
          <Trash2 aria-hidden className="text-destructive" />
          <CardActionLabel>Delete</CardActionLabel>
        </Button>
      </TableCell>
    </TableRow>
  );
}

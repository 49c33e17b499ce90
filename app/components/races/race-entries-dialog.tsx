import { Download } from "~/components/ui/icons";
import { Link } from "react-router";
import type { ListedRace } from "~/components/races/race-table";
import { buttonClasses } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { boatLabel } from "~/lib/racer/names";

/** One entry of a race, as the entries dialog lists it. */
export interface ListedEntry {
  competitorId: number;
  firstName: string;
  lastName: string;
  boatName: string | null;
  boatNumber: string;
  boatClass: string;
}

/** Who entered the race in which class, with the CSV download. */
export function RaceEntriesDialog({ race, entries, onClose }: { race: ListedRace; entries: ListedEntry[]; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent maxWidth="2xl">
        <DialogHeader>
          <DialogTitle>Entries for {race.title}</DialogTitle>
          <DialogDescription>Who registered for which class.</DialogDescription>
        </DialogHeader>
        {entries.length === 0 ? (
          <p className="text-muted-foreground">No entries yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Class</TableHead>
                <TableHead>Racer</TableHead>
                <TableHead>Boat</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((e) => (
                <TableRow key={`${e.boatClass}-${e.competitorId}`}>
                  <TableCell>{e.boatClass}</TableCell>
                  <TableCell>
                    {e.firstName} {e.lastName}
                  </TableCell>
                  <TableCell>{boatLabel(e.boatName, e.boatNumber)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <DialogFooter>
          {/* reloadDocument: a file download, not a page of the app. */}
          <Link
            to={`/admin/races/${race.id}/entries.csv`}
            reloadDocument
            download
            className={buttonClasses({ variant: "outline" })}
          >
            <Download aria-hidden />
            Download CSV
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

import { useFetcher } from "react-router";
import { useCloseOnSuccess, type RaceAnswer } from "~/components/races/race-form-dialog";
import type { ListedRace } from "~/components/races/race-table";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { countOf } from "~/lib/util/plural";

/** Asks before deleting a race, saying how many results and entries go with it. */
export function RaceDeleteDialog({ formKey, race, onClose }: { formKey: string; race: ListedRace; onClose: () => void }) {
  const fetcher = useFetcher<RaceAnswer>({ key: formKey });
  useCloseOnSuccess(fetcher, onClose);
  const busy = fetcher.state !== "idle";
  const n = race.resultCount;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {race.title}?</DialogTitle>
          <DialogDescription>
            {n === 0
              ? "This race has no results."
              : `Its ${countOf(n, "result")} will be deleted with it and leave the standings.`}{" "}
            {race.entryCount > 0 && `${countOf(race.entryCount, "race entry", "race entries")} will be deleted too.`} This cannot
            be undone.
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={race.id} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? "Deleting..." : "Delete Race"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

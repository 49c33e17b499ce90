import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Download, Grid3x3, ListChecks, Pencil, Plus, Trash2, Trophy } from "lucide-react";
import { useId, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import { configContext, dbContext } from "~/context";
import { deleteRace, entriesByRace, listAdminRaces, saveRace, type AdminRace, type RaceEntry } from "~/domain/races/races.server";
import { requireAdmin } from "~/domain/admin/auth.server";
import { readForm } from "~/domain/platform/read-form.server";
import { useFetcherOutcome } from "~/components/admin/use-fetcher-outcome";
import { showToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { raceSchema } from "~/lib/admin/admin-schemas";
import { formatShortDate } from "~/lib/util/dates";
import { toClubLocalInput } from "~/lib/registration/entry-window";
import { parseId } from "~/lib/util/params";
import { RACE_STATUS_LABELS, RACE_STATUSES } from "~/lib/races/race-timing";
import { boatLabel } from "~/lib/championship/standings";
import type { Toast } from "~/lib/util/toast";
import { countOf, plural } from "~/lib/util/plural";
import type { Route } from "./+types/races";
import { useZodForm } from "~/components/ui/use-zod-form";

export const meta: Route.MetaFunction = () => [{ title: "Race Management" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.get(dbContext);
  const [races, entries] = await Promise.all([listAdminRaces(db), entriesByRace(db)]);
  const { timeZone } = context.get(configContext);
  // The form shows the entry window on the club's clock.
  return {
    races: races.map((race) => ({
      ...race,
      entriesOpen: toClubLocalInput(race.entriesOpenAt, timeZone),
      entriesClose: toClubLocalInput(race.entriesCloseAt, timeZone),
    })),
    entries,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const db = context.get(dbContext);
  const formData = await readForm(request, raceSchema, { extraFields: ["intent"] });

  if (formData.get("intent") === "delete") {
    const id = parseId(formData.get("id"));
    const outcome = id ? await deleteRace(db, id) : { ok: false, results: 0 };
    if (!outcome.ok) {
      return data(
        {
          ok: false,
          toast: { type: "error", title: "Failed to delete race", description: "This race no longer exists." } satisfies Toast,
        },
        { status: 404 },
      );
    }
    const description = outcome.results ? `${countOf(outcome.results, "result")} deleted with it.` : undefined;
    return { ok: true, toast: { type: "success", title: "Race deleted successfully", description } satisfies Toast };
  }

  const submission = parseWithZod(formData, { schema: raceSchema });
  const failTitle = formData.get("id") ? "Failed to update race" : "Failed to create race";
  if (submission.status !== "success") {
    return data(
      {
        ok: false,
        result: submission.reply(),
        toast: { type: "error", title: failTitle, description: "Please correct the marked fields." } satisfies Toast,
      },
      { status: 400 },
    );
  }
  const outcome = await saveRace(db, submission.value, context.get(configContext).timeZone);
  if (!outcome.ok) {
    return data(
      {
        ok: false,
        result: submission.reply({ formErrors: ["This race no longer exists."] }),
        toast: { type: "error", title: failTitle, description: "This race no longer exists." } satisfies Toast,
      },
      { status: 404 },
    );
  }
  return {
    ok: true,
    toast: {
      type: "success",
      title: outcome.created ? "Race created successfully" : "Race updated successfully",
    } satisfies Toast,
  };
}

/** A race as the list and the form have it: the entry window also on the club's clock. */
type ListedRace = AdminRace & { entriesOpen: string; entriesClose: string };

type Open =
  | { kind: "form"; n: number; race: ListedRace | null }
  | { kind: "delete"; n: number; race: ListedRace }
  | { kind: "entries"; n: number; race: ListedRace };

export default function Races({ loaderData }: Route.ComponentProps) {
  const [open, setOpen] = useState<Open | null>(null);
  const [counter, setCounter] = useState(0);
  const show = (next: Omit<Open, "n">) => {
    setCounter(counter + 1);
    setOpen({ ...next, n: counter + 1 } as Open);
  };
  const close = () => setOpen(null);

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <CardTitle>Race Management</CardTitle>
        <Button onClick={() => show({ kind: "form", race: null })}>
          <Plus aria-hidden />
          Add Race
        </Button>
      </CardHeader>
      <CardContent>
        {loaderData.races.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No races found. Click "Add Race" to create a new race.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Race</TableHead>
                <TableHead>Date</TableHead>
                <TableHead>Location</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {loaderData.races.map((race) => (
                <TableRow key={race.id}>
                  <TableCell className="font-medium">{race.title}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatShortDate(race.date)}</TableCell>
                  <TableCell>{race.location}</TableCell>
                  <TableCell>
                    <Badge
                      variant={race.status === "completed" ? "past" : race.status === "cancelled" ? "cancelled" : "upcoming"}
                    >
                      {RACE_STATUS_LABELS[race.status]}
                    </Badge>
                    {!race.countsForChampionship && (
                      <div className="mt-1 text-xs text-muted-foreground">Not in the championship</div>
                    )}
                  </TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    {race.status === "completed" ? (
                      <Button asChild variant="outline" size="sm">
                        <Link to={`/admin/results?race=${race.id}`} aria-label={`Results of ${race.title}`}>
                          <Trophy aria-hidden />
                          Results
                        </Link>
                      </Button>
                    ) : (
                      <Button variant="outline" size="sm" disabled aria-label={`Results of ${race.title}`}>
                        <Trophy aria-hidden />
                        Results
                      </Button>
                    )}
                    <Button variant="ghost" size="sm" onClick={() => show({ kind: "entries", race })}>
                      <ListChecks aria-hidden />
                      {/* The name starts with what the button shows (WCAG 2.5.3, label in name). */}
                      {race.entryCount}
                      <span className="sr-only">{` ${plural(race.entryCount, "entry", "entries")} of ${race.title}`}</span>
                    </Button>
                    <Button asChild variant="ghost" size="sm">
                      <Link to={`/admin/races/${race.id}/heats`} aria-label={`Heats of ${race.title}`}>
                        <Grid3x3 aria-hidden />
                        Heats
                      </Link>
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${race.title}`}
                      onClick={() => show({ kind: "form", race })}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${race.title}`}
                      onClick={() => show({ kind: "delete", race })}
                    >
                      <Trash2 aria-hidden className="text-destructive" />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {open?.kind === "form" && <RaceDialog key={open.n} formKey={`race-${open.n}`} race={open.race} onClose={close} />}
      {open?.kind === "delete" && (
        <DeleteRaceDialog key={open.n} formKey={`race-delete-${open.n}`} race={open.race} onClose={close} />
      )}
      {open?.kind === "entries" && (
        <EntriesDialog race={open.race} entries={loaderData.entries[open.race.id] ?? []} onClose={close} />
      )}
    </Card>
  );
}

function useCloseOnSuccess(fetcher: ReturnType<typeof useFetcher<typeof action>>, onClose: () => void) {
  useFetcherOutcome(fetcher, (answer) => {
    showToast(answer.toast);
    if (answer.ok) onClose();
  });
}

function RaceDialog({ formKey, race, onClose }: { formKey: string; race: ListedRace | null; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>({ key: formKey });
  useCloseOnSuccess(fetcher, onClose);
  const busy = fetcher.state !== "idle";
  const lastResult =
    fetcher.state === "idle" && fetcher.data && "result" in fetcher.data
      ? (fetcher.data.result as SubmissionResult<string[]>)
      : undefined;
  const [form, fields] = useZodForm(raceSchema, {
    id: useId(),
    lastResult,
    defaultValue: race
      ? {
          title: race.title,
          date: race.date,
          location: race.location,
          description: race.description,
          imageUrl: race.imageUrl ?? "",
          status: race.status,
          countsForChampionship: race.countsForChampionship,
          entriesOpen: race.entriesOpen,
          entriesClose: race.entriesClose,
        }
      : { status: "upcoming", countsForChampionship: true },
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{race ? "Edit Race" : "Add New Race"}</DialogTitle>
          <DialogDescription>Title, date, place and status of the race.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="save" />
          {race && <input type="hidden" name="id" value={race.id} />}
          <div className="space-y-2">
            <Label htmlFor={fields.title.id}>Title</Label>
            <Input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} />
            <FieldError id={fields.title.errorId} errors={fields.title.errors} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={fields.date.id}>Date</Label>
              <Input {...getInputProps(fields.date, { type: "date" })} key={fields.date.key} />
              <FieldError id={fields.date.errorId} errors={fields.date.errors} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={fields.status.id}>Status</Label>
              <NativeSelect {...getSelectProps(fields.status)} key={fields.status.key}>
                {RACE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {RACE_STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={fields.status.errorId} errors={fields.status.errors} />
            </div>
          </div>
          <div className="space-y-2">
            <Label htmlFor={fields.location.id}>Location</Label>
            <Input {...getInputProps(fields.location, { type: "text" })} key={fields.location.key} />
            <FieldError id={fields.location.errorId} errors={fields.location.errors} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={fields.description.id}>Description</Label>
            <Textarea {...getTextareaProps(fields.description)} key={fields.description.key} />
            <FieldError id={fields.description.errorId} errors={fields.description.errors} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={fields.imageUrl.id}>Image URL</Label>
            <Input
              {...getInputProps(fields.imageUrl, { type: "text" })}
              key={fields.imageUrl.key}
              placeholder="/images/race-default.svg"
            />
            <FieldError id={fields.imageUrl.errorId} errors={fields.imageUrl.errors} />
          </div>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">Entry window (club time, optional)</legend>
            <div className="space-y-2">
              <Label htmlFor={fields.entriesOpen.id}>Entries open</Label>
              <Input {...getInputProps(fields.entriesOpen, { type: "datetime-local" })} key={fields.entriesOpen.key} />
              <FieldError id={fields.entriesOpen.errorId} errors={fields.entriesOpen.errors} />
            </div>
            <div className="space-y-2">
              <Label htmlFor={fields.entriesClose.id}>Entries close</Label>
              <Input {...getInputProps(fields.entriesClose, { type: "datetime-local" })} key={fields.entriesClose.key} />
              <FieldError id={fields.entriesClose.errorId} errors={fields.entriesClose.errors} />
            </div>
          </fieldset>
          <div className="flex items-center gap-2">
            <Checkbox
              {...getInputProps(fields.countsForChampionship, { type: "checkbox" })}
              key={fields.countsForChampionship.key}
            />
            <Label htmlFor={fields.countsForChampionship.id}>Counts for the championship</Label>
          </div>
          <FieldError id={form.errorId} errors={form.errors} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : race ? "Update Race" : "Add Race"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

function DeleteRaceDialog({ formKey, race, onClose }: { formKey: string; race: ListedRace; onClose: () => void }) {
  const fetcher = useFetcher<typeof action>({ key: formKey });
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

function EntriesDialog({ race, entries, onClose }: { race: ListedRace; entries: RaceEntry[]; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
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
          <Button asChild variant="outline">
            {/* reloadDocument: a file download, not a page of the app. */}
            <Link to={`/admin/races/${race.id}/entries.csv`} reloadDocument download>
              <Download aria-hidden />
              Download CSV
            </Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load race data" />;
}

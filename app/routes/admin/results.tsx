import { parseWithZod } from "@conform-to/zod/v4";
import { Plus, Pencil } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { data, Form, Link, useFetcher, useNavigate, useSubmit } from "react-router";
import { dbContext } from "~/context";
import { competitorOptions, raceOptions, replaceHeatResults } from "~/domain/admin-results.server";
import { requireAdmin } from "~/domain/auth.server";
import { readFormData } from "~/domain/forms.server";
import { resultsForRaces } from "~/domain/public-queries.server";
import { showToast, useFetcherOutcome } from "~/components/admin/show-toast";
import { RouteError } from "~/components/route-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, NativeSelect } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import {
  DEFAULT_COMPETITOR_COUNT,
  effectivePosition,
  MAX_COMPETITORS_PER_HEAT,
  resultsSchema,
} from "~/lib/admin-schemas";
import { BOAT_CLASSES, canonicalBoatClass, classTabs, DEFAULT_BOAT_CLASS } from "~/lib/boat-classes";
import { formatShortDate } from "~/lib/dates";
import { parseId } from "~/lib/params";
import { pointsForPosition } from "~/lib/points";
import type { PublicResult } from "~/lib/results";
import type { Toast } from "~/lib/toast";
import type { Route } from "./+types/results";

export const meta: Route.MetaFunction = () => [{ title: "Results Management" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const [races, competitors] = await Promise.all([raceOptions(db), competitorOptions(db)]);
  const raceId = parseId(params.get("race") ?? undefined);
  const race = races.find((r) => r.id === raceId) ?? null;
  let results: PublicResult[] = [];
  let resultsFailed = false;
  if (race) {
    try {
      results = await resultsForRaces(db, [race.id]);
    } catch (error) {
      console.error(error);
      resultsFailed = true;
    }
  }
  const classes = classTabs(results.map((r) => r.boatClass)).filter((c) => results.some((r) => r.boatClass === c));
  const requestedClass = canonicalBoatClass(params.get("class") ?? "");
  const boatClass = classes.includes(requestedClass) ? requestedClass : (classes[0] ?? DEFAULT_BOAT_CLASS);
  const heats = [...new Set(results.filter((r) => r.boatClass === boatClass).map((r) => r.heatNumber))].sort((a, b) => a - b);
  const requestedHeat = Number(params.get("heat"));
  const heatNumber = heats.includes(requestedHeat) ? requestedHeat : (heats[0] ?? 1);
  return { races, competitors, race, results, resultsFailed, classes, boatClass, heats, heatNumber };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: resultsSchema });
  const fail = (description: string, status: number, formError?: string) =>
    data(
      {
        ok: false as const,
        errors: { ...(submission.reply().error ?? {}), ...(formError ? { "": [formError] } : {}) },
        toast: { type: "error", title: "Error", description } satisfies Toast,
      },
      { status },
    );
  if (submission.status !== "success") return fail("Failed to save results", 400);
  try {
    const outcome = await replaceHeatResults(context.get(dbContext), submission.value);
    if (outcome.ok) {
      const { raceId, boatClass, heatNumber } = submission.value;
      return {
        ok: true as const,
        saved: { raceId, boatClass, heatNumber },
        toast: { type: "success", title: "Race results saved successfully" } satisfies Toast,
      };
    }
    switch (outcome.reason) {
      case "race-not-found":
        return fail("Failed to save race results", 404, "This race no longer exists.");
      case "competitor-not-found":
        return fail("Failed to save race results", 409, "A chosen competitor no longer exists. Reload the page and try again.");
      case "delete-failed":
        return fail("Failed to update race results", 409, "The previous results could not be replaced; nothing was changed.");
      case "insert-failed":
        return fail("Failed to save race results", 409, "The results could not be saved; the previous results are unchanged.");
    }
  } catch (error) {
    console.error(error);
    return fail("An unexpected error occurred", 500, "Nothing was changed. Please try again.");
  }
}

function withParams(raceId: number, boatClass: string, heat: number) {
  return `/admin/results?race=${raceId}&class=${encodeURIComponent(boatClass)}&heat=${heat}`;
}

export default function Results({ loaderData }: Route.ComponentProps) {
  const { races, competitors, race, results, resultsFailed, classes, boatClass, heats, heatNumber } = loaderData;
  const submit = useSubmit();
  const [dialogKey, setDialogKey] = useState<number | null>(null);
  const shown = results.filter((r) => r.boatClass === boatClass && r.heatNumber === heatNumber);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Results Management</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Form method="get" className="flex-1 space-y-2" onChange={(e) => submit(e.currentTarget)}>
            <Label htmlFor="race-select">Race</Label>
            <div className="flex gap-2">
              <NativeSelect id="race-select" name="race" defaultValue={race?.id ?? ""} key={race?.id ?? "none"}>
                <option value="" disabled>
                  Select a racing event
                </option>
                {races.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.title} ({formatShortDate(r.date)})
                  </option>
                ))}
              </NativeSelect>
              <noscript>
                <Button type="submit" variant="outline">
                  Show
                </Button>
              </noscript>
            </div>
          </Form>
          <Button disabled={!race} onClick={() => setDialogKey(Date.now())}>
            {results.length ? <Pencil aria-hidden /> : <Plus aria-hidden />}
            {results.length ? "Edit Results" : "Add Results"}
          </Button>
        </div>

        {race && classes.length > 1 && (
          <div role="group" aria-label="Boat class" className="flex flex-wrap gap-2">
            {classes.map((c) => (
              <Button key={c} asChild size="sm" variant={c === boatClass ? "default" : "outline"}>
                <Link to={withParams(race.id, c, 1)} aria-current={c === boatClass ? "true" : undefined} preventScrollReset>
                  {c}
                </Link>
              </Button>
            ))}
          </div>
        )}
        {race && heats.length > 1 && (
          <div role="group" aria-label="Heat" className="flex flex-wrap gap-2">
            {heats.map((h) => (
              <Button key={h} asChild size="sm" variant={h === heatNumber ? "default" : "outline"}>
                <Link to={withParams(race.id, boatClass, h)} aria-current={h === heatNumber ? "true" : undefined} preventScrollReset>
                  Heat {h}
                </Link>
              </Button>
            ))}
          </div>
        )}

        {!race ? (
          <p className="py-6 text-center text-muted-foreground">Please select a racing event to view or edit its results.</p>
        ) : resultsFailed ? (
          <p role="alert" className="py-6 text-center text-destructive">
            Failed to load race results
          </p>
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No results available for this race.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-16">Pos</TableHead>
                <TableHead>Competitor</TableHead>
                <TableHead className="text-right">Points</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="tabular-nums">{r.position}</TableCell>
                  <TableCell>{r.racerName}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.points}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {race && dialogKey !== null && (
        <ResultsDialog
          key={dialogKey}
          formKey={`results-${dialogKey}`}
          race={race}
          results={results}
          competitors={competitors}
          initialClass={boatClass}
          initialHeat={heatNumber}
          onClose={() => setDialogKey(null)}
        />
      )}
    </Card>
  );
}

interface Row {
  position: string;
  competitorId: string;
  laps: string;
  lapTime: string;
  bestLap: string;
  totalTime: string;
}

const emptyRow = (position: number): Row => ({ position: String(position), competitorId: "", laps: "", lapTime: "", bestLap: "", totalTime: "" });

/** The editor's rows for a heat and class: the saved results, or 5 empty ones for a new heat. */
function rowsFor(results: readonly PublicResult[], boatClass: string, heat: number): Row[] {
  const existing = results
    .filter((r) => r.boatClass === boatClass && r.heatNumber === heat)
    .sort((a, b) => a.position - b.position);
  if (existing.length === 0) return Array.from({ length: DEFAULT_COMPETITOR_COUNT }, (_, i) => emptyRow(i + 1));
  return existing.map((r) => ({
    position: String(r.position),
    competitorId: String(r.competitorId),
    laps: r.laps === null ? "" : String(r.laps),
    lapTime: r.lapTime ?? "",
    bestLap: r.bestLap ?? "",
    totalTime: r.totalTime ?? "",
  }));
}

/** SPEC: growing appends empty rows with the next positions; shrinking truncates. */
function resize(rows: Row[], count: number): Row[] {
  if (count <= rows.length) return rows.slice(0, count);
  return [...rows, ...Array.from({ length: count - rows.length }, (_, i) => emptyRow(rows.length + i + 1))];
}

type Errors = Record<string, string[] | null | undefined>;

function ResultsDialog({
  formKey,
  race,
  results,
  competitors,
  initialClass,
  initialHeat,
  onClose,
}: {
  formKey: string;
  race: { id: number; title: string };
  results: PublicResult[];
  competitors: { id: number; label: string }[];
  initialClass: string;
  initialHeat: number;
  onClose: () => void;
}) {
  const fetcher = useFetcher<typeof action>({ key: formKey });
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [heatInput, setHeatInput] = useState(String(initialHeat));
  const [boatClass, setBoatClass] = useState(initialClass);
  const [rows, setRows] = useState<Row[]>(() => rowsFor(results, initialClass, initialHeat));
  const [countInput, setCountInput] = useState(String(rows.length));
  const [clientErrors, setClientErrors] = useState<Errors | null>(null);
  const busy = fetcher.state !== "idle";

  const heat = Number(heatInput);
  const editing = useMemo(
    () => results.some((r) => r.boatClass === boatClass && r.heatNumber === heat),
    [results, boatClass, heat],
  );
  const serverErrors: Errors | null = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : null;
  const errors = clientErrors ?? serverErrors ?? {};
  const errorOf = (name: string) => errors[name] ?? undefined;

  useFetcherOutcome(fetcher, (answer) => {
    showToast(answer.toast);
    if (answer.ok) {
      onClose();
      const { raceId, boatClass: c, heatNumber: h } = answer.saved;
      navigate(withParams(raceId, c, h), { preventScrollReset: true });
    }
  });

  // Switching heat or class loads that heat's saved results (or a fresh heat of 5).
  const load = (nextClass: string, nextHeat: string) => {
    const h = Number(nextHeat);
    if (!Number.isInteger(h) || h < 1) return;
    const next = rowsFor(results, nextClass, h);
    setRows(next);
    setCountInput(String(next.length));
  };

  const setCount = (value: string) => {
    setCountInput(value);
    const n = Number(value);
    if (Number.isInteger(n) && n >= 1 && n <= MAX_COMPETITORS_PER_HEAT) setRows((current) => resize(current, n));
  };

  const update = (index: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const submission = parseWithZod(formData, { schema: resultsSchema });
    if (submission.status !== "success") {
      setClientErrors(submission.error ?? {});
      return;
    }
    setClientErrors(null);
    fetcher.submit(formData, { method: "post" });
  };

  const title = editing ? `Edit Results for ${race.title}` : `Add Results for ${race.title}`;
  const cell = "space-y-1";
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-5xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Points follow the position (club points table).</DialogDescription>
        </DialogHeader>
        <form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
          <input type="hidden" name="raceId" value={race.id} />
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="space-y-2">
              <Label htmlFor="heatNumber">Heat Number</Label>
              <Input
                id="heatNumber"
                name="heatNumber"
                type="number"
                inputMode="numeric"
                min={1}
                value={heatInput}
                aria-invalid={errorOf("heatNumber") ? true : undefined}
                onChange={(e) => {
                  setHeatInput(e.target.value);
                  load(boatClass, e.target.value);
                }}
              />
              <FieldError errors={errorOf("heatNumber")} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="boatClass">Boat Class</Label>
              <NativeSelect
                id="boatClass"
                name="boatClass"
                value={boatClass}
                aria-invalid={errorOf("boatClass") ? true : undefined}
                onChange={(e) => {
                  setBoatClass(e.target.value);
                  load(e.target.value, heatInput);
                }}
              >
                {BOAT_CLASSES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
              <FieldError errors={errorOf("boatClass")} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="competitorCount">Number of Competitors</Label>
              <Input
                id="competitorCount"
                name="competitorCount"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_COMPETITORS_PER_HEAT}
                value={countInput}
                aria-invalid={errorOf("competitorCount") ? true : undefined}
                onChange={(e) => setCount(e.target.value)}
              />
              <FieldError errors={errorOf("competitorCount")} />
            </div>
          </div>

          <ol className="space-y-3">
            {rows.map((row, i) => {
              const name = (field: keyof Row) => `rows[${i}].${field}`;
              return (
                <li key={i} className="grid grid-cols-2 gap-2 rounded-md border p-3 sm:grid-cols-[5rem_1fr_4rem_5rem_6rem_6rem_6rem]" data-testid="result-row">
                  <div className={cell}>
                    <Label htmlFor={`pos-${i}`} className="text-xs">Position</Label>
                    <Input
                      id={`pos-${i}`}
                      name={name("position")}
                      inputMode="numeric"
                      value={row.position}
                      aria-invalid={errorOf(name("position")) ? true : undefined}
                      onChange={(e) => update(i, { position: e.target.value })}
                    />
                    <FieldError errors={errorOf(name("position"))} />
                  </div>
                  <div className={`${cell} col-span-2 sm:col-span-1`}>
                    <Label htmlFor={`competitor-${i}`} className="text-xs">Competitor</Label>
                    <NativeSelect
                      id={`competitor-${i}`}
                      name={name("competitorId")}
                      value={row.competitorId}
                      aria-invalid={errorOf(name("competitorId")) ? true : undefined}
                      onChange={(e) => update(i, { competitorId: e.target.value })}
                    >
                      <option value="">Select a competitor</option>
                      {competitors.map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.label}
                        </option>
                      ))}
                    </NativeSelect>
                    <FieldError errors={errorOf(name("competitorId"))} />
                  </div>
                  <div className={cell}>
                    <Label htmlFor={`points-${i}`} className="text-xs">Points</Label>
                    <Input id={`points-${i}`} readOnly tabIndex={-1} value={pointsForPosition(effectivePosition(row.position))} className="bg-muted" />
                  </div>
                  <div className={cell}>
                    <Label htmlFor={`laps-${i}`} className="text-xs">Laps</Label>
                    <Input id={`laps-${i}`} name={name("laps")} inputMode="numeric" value={row.laps} onChange={(e) => update(i, { laps: e.target.value })} />
                    <FieldError errors={errorOf(name("laps"))} />
                  </div>
                  <div className={cell}>
                    <Label htmlFor={`lap-time-${i}`} className="text-xs">Lap Time</Label>
                    <Input id={`lap-time-${i}`} name={name("lapTime")} value={row.lapTime} onChange={(e) => update(i, { lapTime: e.target.value })} />
                    <FieldError errors={errorOf(name("lapTime"))} />
                  </div>
                  <div className={cell}>
                    <Label htmlFor={`best-lap-${i}`} className="text-xs">Best Lap</Label>
                    <Input id={`best-lap-${i}`} name={name("bestLap")} value={row.bestLap} onChange={(e) => update(i, { bestLap: e.target.value })} />
                    <FieldError errors={errorOf(name("bestLap"))} />
                  </div>
                  <div className={cell}>
                    <Label htmlFor={`total-time-${i}`} className="text-xs">Total Time</Label>
                    <Input id={`total-time-${i}`} name={name("totalTime")} value={row.totalTime} onChange={(e) => update(i, { totalTime: e.target.value })} />
                    <FieldError errors={errorOf(name("totalTime"))} />
                  </div>
                </li>
              );
            })}
          </ol>
          <FieldError errors={errorOf("")} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Saving..." : "Save Results"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load race data" />;
}

import { useMemo, useRef, useState } from "react";
import { useFetcher, useNavigate } from "react-router";
import { FinishOrderPad } from "~/components/race-day/finish-order-pad";
import { useFetcherOutcome } from "~/components/ui/use-fetcher-outcome";
import { showToast } from "~/components/layout/show-toast";
import { Dialog, DialogContent, DialogDescription, DialogFormFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input, NativeSelect } from "~/components/ui/input";
import { FieldError, Label } from "~/components/ui/label";
import { effectivePosition, MAX_COMPETITORS_PER_HEAT, resultsSchema } from "~/lib/race-day/results-schema";
import { formErrors, formPayload } from "~/lib/util/form-data";
import { BOAT_CLASSES } from "~/lib/platform/boat-classes";
import { drawFor, type HeatDraw } from "~/lib/race-day/finish-order";
import { pointsForPosition } from "~/lib/championship/points";
import type { PublicResult } from "~/lib/races/results";
import {
  resizeRows,
  resultsEditorUrl,
  rowsFor,
  type FieldErrors,
  type ResultRow,
  type ResultsAnswer,
} from "~/lib/race-day/results-editor";

/**
 * The dialog that adds or edits one heat's results of a race: heat, class and number of
 * competitors, then one row per finisher. When the race has a draw for the heat, its boats can be
 * tapped in finishing order to fill the rows (FinishOrderPad). Checked in the browser with the server's schema, saved
 * by the route's action; on success it closes and shows the saved heat.
 */
// eslint-disable-next-line max-lines-per-function -- the dialog's form: heat, class and count share the rows' state and the fetcher
export function ResultsDialog({
  formKey,
  race,
  results,
  competitors,
  draws,
  initialClass,
  initialHeat,
  onClose,
}: {
  formKey: string;
  race: { id: number; title: string };
  results: PublicResult[];
  competitors: { id: number; label: string }[];
  draws: HeatDraw[];
  initialClass: string;
  initialHeat: number;
  onClose: () => void;
}) {
  const fetcher = useFetcher<ResultsAnswer>({ key: formKey });
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [heatInput, setHeatInput] = useState(String(initialHeat));
  const [boatClass, setBoatClass] = useState(initialClass);
  const [rows, setRows] = useState<ResultRow[]>(() => rowsFor(results, initialClass, initialHeat));
  const [countInput, setCountInput] = useState(String(rows.length));
  const [clientFieldErrors, setClientFieldErrors] = useState<FieldErrors | null>(null);
  const busy = fetcher.state !== "idle";

  const heat = Number(heatInput);
  const editing = useMemo(
    () => results.some((r) => r.boatClass === boatClass && r.heatNumber === heat),
    [results, boatClass, heat],
  );
  const serverFieldErrors: FieldErrors | null = fetcher.data && !fetcher.data.ok ? fetcher.data.errors : null;
  const errors = clientFieldErrors ?? serverFieldErrors ?? {};
  const errorOf = (name: string) => errors[name] ?? undefined;

  useFetcherOutcome(fetcher, (answer) => {
    showToast(answer.toast);
    if (answer.ok) {
      onClose();
      const { raceId, boatClass: c, heatNumber: h } = answer.saved;
      void navigate(resultsEditorUrl(raceId, c, h), { preventScrollReset: true });
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
    if (Number.isInteger(n) && n >= 1 && n <= MAX_COMPETITORS_PER_HEAT) setRows((current) => resizeRows(current, n));
  };

  const draw = drawFor(draws, boatClass, heat);
  const setTapped = (next: ResultRow[]) => {
    setRows(next);
    setCountInput(String(next.length));
  };

  const update = (index: number, patch: Partial<ResultRow>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formData = new FormData(event.currentTarget);
    const errors = formErrors(resultsSchema, formPayload(formData).payload);
    if (errors) {
      setClientFieldErrors(errors);
      return;
    }
    setClientFieldErrors(null);
    void fetcher.submit(formData, { method: "post" });
  };

  const title = editing ? `Edit Results for ${race.title}` : `Add Results for ${race.title}`;
  // At the lake on a phone: 48 px fields (controlSize "touch"), the right keyboard for each (numbers, times).
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent maxWidth="5xl">
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

          {draw && <FinishOrderPad draw={draw} rows={rows} onRows={setTapped} />}

          <ol className="space-y-3">
            {rows.map((row, i) => (
              <ResultRowFields
                key={i}
                index={i}
                row={row}
                competitors={competitors}
                errorOf={errorOf}
                onChange={(patch) => update(i, patch)}
              />
            ))}
          </ol>
          <FieldError errors={errorOf("")} />
          <DialogFormFooter onCancel={onClose} busy={busy} submitLabel={"Save Results"} submitSize="touch" />
        </form>
      </DialogContent>
    </Dialog>
  );
}

const cell = "space-y-1";

/** One finisher's fields: 48 px on a phone (controlSize "touch"), the right keyboard for each. */
// eslint-disable-next-line max-lines-per-function -- a form row: its seven fields in the order the screen shows them
function ResultRowFields({
  index: i,
  row,
  competitors,
  errorOf,
  onChange,
}: {
  index: number;
  row: ResultRow;
  competitors: { id: number; label: string }[];
  errorOf: (name: string) => string[] | undefined;
  onChange: (patch: Partial<ResultRow>) => void;
}) {
  const name = (field: keyof ResultRow) => `rows[${i}].${field}`;
  return (
    <li
      className="grid grid-cols-2 gap-2 rounded-md border p-3 sm:grid-cols-[5rem_1fr_4rem_5rem_6rem_6rem_6rem]"
      data-testid="result-row"
    >
      <div className={cell}>
        <Label htmlFor={`pos-${i}`} size="xs">
          Position
        </Label>
        <Input
          id={`pos-${i}`}
          controlSize="touch"
          name={name("position")}
          inputMode="numeric"
          value={row.position}
          aria-invalid={errorOf(name("position")) ? true : undefined}
          onChange={(e) => onChange({ position: e.target.value })}
        />
        <FieldError errors={errorOf(name("position"))} />
      </div>
      <div className={`${cell} col-span-2 sm:col-span-1`}>
        <Label htmlFor={`competitor-${i}`} size="xs">
          Competitor
        </Label>
        <NativeSelect
          id={`competitor-${i}`}
          controlSize="touch"
          name={name("competitorId")}
          value={row.competitorId}
          aria-invalid={errorOf(name("competitorId")) ? true : undefined}
          onChange={(e) => onChange({ competitorId: e.target.value })}
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
        <Label htmlFor={`points-${i}`} size="xs">
          Points
        </Label>
        <Input id={`points-${i}`} readOnly tabIndex={-1} value={pointsForPosition(effectivePosition(row.position))} muted />
      </div>
      <div className={cell}>
        <Label htmlFor={`laps-${i}`} size="xs">
          Laps
        </Label>
        <Input
          id={`laps-${i}`}
          controlSize="touch"
          name={name("laps")}
          inputMode="numeric"
          pattern="[0-9]*"
          value={row.laps}
          onChange={(e) => onChange({ laps: e.target.value })}
        />
        <FieldError errors={errorOf(name("laps"))} />
      </div>
      <TimeField
        id={`lap-time-${i}`}
        label="Lap Time"
        name={name("lapTime")}
        value={row.lapTime}
        errors={errorOf(name("lapTime"))}
        onChange={(lapTime) => onChange({ lapTime })}
      />
      <TimeField
        id={`best-lap-${i}`}
        label="Best Lap"
        name={name("bestLap")}
        value={row.bestLap}
        errors={errorOf(name("bestLap"))}
        onChange={(bestLap) => onChange({ bestLap })}
      />
      <TimeField
        id={`total-time-${i}`}
        label="Total Time"
        name={name("totalTime")}
        value={row.totalTime}
        errors={errorOf(name("totalTime"))}
        onChange={(totalTime) => onChange({ totalTime })}
      />
    </li>
  );
}

function TimeField(props: {
  id: string;
  label: string;
  name: string;
  value: string;
  errors: string[] | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <div className={cell}>
      <Label htmlFor={props.id} size="xs">
        {props.label}
      </Label>
      <Input
        id={props.id}
        controlSize="touch"
        inputMode="decimal"
        placeholder="m:ss.cc"
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
      <FieldError errors={props.errors} />
    </div>
  );
}

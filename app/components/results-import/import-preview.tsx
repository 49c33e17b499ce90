import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { InTurns } from "~/components/ui/in-turns";
import { NativeSelect } from "~/components/ui/input";
import { FIELD_LABELS, IMPORT_FIELDS } from "~/lib/results-import/headers";
import type { ImportTable } from "~/lib/results-import/parse";
import type { ImportSettings } from "~/lib/results-import/preview";
import type { PreviewScreen } from "~/lib/results-import/screen";
import { countOf } from "~/lib/util/plural";

interface Props {
  draft: { id: string; fileName: string; settings: ImportSettings & { encoding?: string | null } };
  preview: PreviewScreen;
  busy: boolean;
}

const FORMATS: Record<ImportTable["format"], string> = {
  table: "a table",
  "rotorhazard-csv": "RotorHazard's CSV results export",
  "rotorhazard-json": "RotorHazard's JSON results export",
};

/**
 * The import's preview: the column mapping (a select per column), what each heat gets, the new
 * racers, and every row with its racer or why it cannot be used. One form, so it works without
 * JavaScript: "Update preview" saves the selects, "Confirm import" saves and imports what is shown.
 */
// eslint-disable-next-line max-lines-per-function -- the preview's sections in the order the screen shows them
export function ImportPreview({ draft, preview, busy }: Props) {
  const { mapping } = preview;
  const importable = preview.heats.filter((h) => !h.blocked);
  const held = preview.heats.filter((h) => h.blocked);
  return (
    <Form method="post" className="space-y-6">
      <input type="hidden" name="draft" value={draft.id} />
      <input type="hidden" name="digest" value={preview.digest} />
      <p className="text-sm text-muted-foreground">
        {draft.fileName
          ? `${draft.fileName}${draft.settings.encoding ? ` (read as ${draft.settings.encoding})` : ""}: `
          : "Pasted cells: "}
        {FORMATS[preview.format]}, {countOf(preview.rowCount, "row")}.
        {preview.remembered ? " The columns are mapped as the last file with these headers was." : ""}
      </p>

      <fieldset className="space-y-2">
        <legend className="font-semibold">Columns</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {preview.headers.map((header, i) => (
            <label key={i} className="flex items-center justify-between gap-2 text-sm">
              <span className="min-w-0 truncate" title={header}>
                {header}
              </span>
              <NativeSelect
                name={`map.${i}`}
                defaultValue={mapping[i] ?? ""}
                fullWidth={false}
                className="w-40 shrink-0"
                aria-label={`Column "${header}"`}
              >
                <option value="">(ignore)</option>
                {IMPORT_FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {FIELD_LABELS[f]}
                  </option>
                ))}
              </NativeSelect>
            </label>
          ))}
        </div>
      </fieldset>

      <section aria-label="Summary" className="space-y-1 text-sm">
        <p>
          <strong>To import:</strong>{" "}
          {importable.length
            ? importable.map((h) => `${h.boatClass} heat ${h.heatNumber} (${countOf(h.boats, "boat")})`).join(", ")
            : "nothing"}
        </p>
        {preview.defaultsNotes.map((note) => (
          <p key={note}>
            <strong>Class and heat:</strong> {note}
          </p>
        ))}
        {held.length > 0 && (
          <p className="text-destructive">
            <strong>Not imported, unusable rows:</strong> {held.map((h) => `${h.boatClass} heat ${h.heatNumber}`).join(", ")}
          </p>
        )}
        {preview.newRacerCount > 0 && (
          <p>
            <strong>New racers to create:</strong> {preview.newRacers.join(", ")}
            {preview.newRacerCount > preview.newRacers.length &&
              ` and ${countOf(preview.newRacerCount - preview.newRacers.length, "more racer")}`}
          </p>
        )}
        {preview.unusable > 0 && (
          <p className="text-destructive">{countOf(preview.unusable, "row")} cannot be used (see below).</p>
        )}
        {(preview.unlisted.matched > 0 || preview.unlisted.needingLook > 0) && (
          <p>
            Listed below: {countOf(preview.rows.length, "row")} of {preview.rowCount}.
            {preview.unlisted.matched > 0 &&
              ` ${countOf(preview.unlisted.matched, "row")} matched by boat number or name not listed.`}
            {preview.unlisted.needingLook > 0 &&
              ` ${countOf(preview.unlisted.needingLook, "more row")} to check not listed: correct the file, or import it in parts.`}
          </p>
        )}
      </section>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="update" variant="outline" disabled={busy}>
          Update preview
        </Button>
        <Button type="submit" name="intent" value="confirm" disabled={busy || importable.length === 0}>
          Confirm import
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        The imported results are provisional: the Results screen you land on has &quot;Mark results official&quot;.
      </p>

      <ol aria-label="Rows of the file" className="divide-y rounded-md border">
        <InTurns items={preview.rows}>
          {(row) => (
            <li
              key={row.index}
              data-status={row.problems.length ? "unusable" : row.racer ? "matched" : "new"}
              className="space-y-1 px-3 py-2 text-sm break-words"
            >
              <p>
                <span className="text-muted-foreground">Line {row.line}: </span>
                {/* bdi: a name's text-direction characters (refused for new racers) cannot reorder the line. */}
                <bdi>
                  {row.boat && `#${row.boat} `}
                  {row.name}
                </bdi>
                {" → "}
                {row.racer ? (
                  <>
                    <strong>{row.racer.label}</strong>{" "}
                    <Badge variant="outline">
                      {row.racer.by === "boat" ? "by boat" : row.racer.by === "name" ? "by name" : "chosen"}
                    </Badge>
                  </>
                ) : row.newRacer ? (
                  <Badge>new racer</Badge>
                ) : (
                  "no racer"
                )}
              </p>
              {row.suggestions.length > 0 && (
                <NativeSelect
                  name={`choice.${row.index}`}
                  defaultValue={typeof row.choice === "number" ? String(row.choice) : "new"}
                  aria-label={`Racer for line ${row.line} (${row.name || row.boat})`}
                >
                  <option value="new">Create a new racer</option>
                  {row.suggestions.map((s) => (
                    <option key={s.id} value={s.id}>
                      Did you mean {s.label}?
                    </option>
                  ))}
                </NativeSelect>
              )}
              {row.notes.map((n) => (
                <p key={n} className="text-xs text-muted-foreground">
                  {n}
                </p>
              ))}
              {row.problems.length > 0 ? (
                <ul className="text-destructive">
                  {row.problems.map((p) => (
                    <li key={p}>Unusable: {p}</li>
                  ))}
                </ul>
              ) : row.result ? (
                <p>
                  {row.result.boatClass} heat {row.result.heatNumber}, P{row.result.position}
                  {row.result.laps !== null && `, ${countOf(row.result.laps, "lap")}`}
                  {row.result.totalTime && `, ${row.result.totalTime}`}
                  {row.result.bestLap && `, best ${row.result.bestLap}`}
                  {row.result.lapsAdjustment !== null &&
                    `, ${row.result.lapsAdjustment > 0 ? "+" : ""}${row.result.lapsAdjustment} laps adjusted${row.result.lapsAdjustmentReason ? `: ${row.result.lapsAdjustmentReason}` : ""}`}
                </p>
              ) : null}
            </li>
          )}
        </InTurns>
      </ol>
    </Form>
  );
}

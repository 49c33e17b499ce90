import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { BOAT_CLASSES } from "~/lib/platform/boat-classes";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/lib/results-import/limits";

/** The first step of the results import: a file or pasted cells, and where rows without a class or heat go. */
export function ImportUploadForm({ busy }: { busy: boolean }) {
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4">
      <div className="space-y-2">
        <Label htmlFor="import-file">Results file (CSV, or RotorHazard's CSV or JSON export)</Label>
        <Input
          id="import-file"
          name="file"
          type="file"
          accept=".csv,.tsv,.txt,.json,text/csv,application/json"
          aria-describedby="import-file-hint"
        />
        <p id="import-file-hint" className="text-sm text-muted-foreground">
          RotorHazard is a free lap-timing program: if the race was timed with it, upload its results export as it is.
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="import-text">Or paste cells copied from a spreadsheet</Label>
        <Textarea id="import-text" name="text" rows={8} mono aria-describedby="import-limits" />
        <p id="import-limits" className="text-sm text-muted-foreground">
          Headers in the first row (position, boat, name, laps, total time, best lap, class, heat, laps adjusted, reason). At most{" "}
          {MAX_IMPORT_BYTES / 1024} KB and {MAX_IMPORT_ROWS.toLocaleString("en")} rows.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div className="space-y-2">
          <Label htmlFor="import-class">Class, when the file has none</Label>
          <NativeSelect id="import-class" name="defaultClass" defaultValue={BOAT_CLASSES[0]}>
            {BOAT_CLASSES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-2">
          <Label htmlFor="import-heat">Heat, when the file has none</Label>
          <Input id="import-heat" name="defaultHeat" type="number" min={1} max={99} defaultValue={1} inputMode="numeric" />
        </div>
      </div>
      <Button type="submit" name="intent" value="preview" disabled={busy}>
        Preview
      </Button>
    </Form>
  );
}

import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** /admin/settings (posted to its own action, told apart by its field): how long racers may ask for a results check after the race day's last results save. */
/** `max` comes from the loader: the rules module stays out of the screen's script. */
export function ResultsCheckSettingForm({ minutes, max }: { minutes: number; max: number }) {
  return (
    <section aria-labelledby="results-check-setting" className="space-y-3">
      <h2 id="results-check-setting" className="text-lg font-semibold">
        Results check
      </h2>
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <div className="space-y-1.5">
          <Label htmlFor="results-check-minutes">Minutes open after the last results of the day</Label>
          <Input
            id="results-check-minutes"
            name="minutes"
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            required
            defaultValue={minutes}
            fullWidth={false}
            className="w-28"
            aria-describedby="results-check-minutes-hint"
          />
        </div>
        <Button type="submit" variant="outline">
          Save
        </Button>
      </Form>
      <p id="results-check-minutes-hint" className="text-sm text-muted-foreground">
        Racers ask from their entry link; the results can be made official once this time has passed and every request is decided.
        0: no window.
      </p>
    </section>
  );
}

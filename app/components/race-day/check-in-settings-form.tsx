import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { CheckInSettings } from "~/lib/race-day/check-in";

/** Race day's check-in (issue 36 item 1): when racing starts and how long before it racers may check in. */
/** `maxBefore` comes from the loader: the rules module stays out of the screen's script. */
export function CheckInSettingsForm({ settings, maxBefore }: { settings: CheckInSettings; maxBefore: number }) {
  return (
    <Form method="post" action="/admin/settings/check-in" className="space-y-3" aria-labelledby="check-in-settings">
      <h2 id="check-in-settings" className="text-lg font-semibold">
        Check-in at the lake
      </h2>
      <p className="text-sm text-muted-foreground">
        Racers check in from their entry link from this long before racing starts until the race day ends.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="check-in-start">Racing starts at</Label>
          <Input
            id="check-in-start"
            name="startTime"
            type="time"
            defaultValue={settings.startTime}
            fullWidth={false}
            className="w-32"
            required
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="check-in-opens">Check-in opens (minutes before)</Label>
          <Input
            id="check-in-opens"
            name="opensMinutesBefore"
            type="number"
            inputMode="numeric"
            min={0}
            max={maxBefore}
            defaultValue={settings.opensMinutesBefore}
            fullWidth={false}
            className="w-32"
            required
          />
        </div>
        <Button type="submit">Save check-in</Button>
      </div>
    </Form>
  );
}

import { Button } from "~/components/ui/button";

/**
 * Picks the other racer of a head-to-head: a plain GET form to /competitor/:id/vs (which redirects
 * to /competitor/:id/vs/:otherId), so it works without JavaScript. No auto-submit: choosing from a
 * long list with the keyboard must not leave the page (docs/decisions/0021).
 */
export function HeadToHeadPicker({
  competitorId,
  opponents,
  current,
}: {
  competitorId: number;
  opponents: readonly { id: number; name: string; met: boolean }[];
  current?: number;
}) {
  const met = opponents.filter((o) => o.met);
  const others = opponents.filter((o) => !o.met);
  const options = (list: typeof opponents) =>
    list.map((o) => (
      <option key={o.id} value={o.id}>
        {o.name}
      </option>
    ));
  if (opponents.length === 0) return <p className="text-sm text-muted-foreground">No other racers yet.</p>;
  return (
    <form method="get" action={`/competitor/${competitorId}/vs`} className="flex flex-wrap items-end gap-2">
      <label className="grid min-w-0 gap-1 text-sm font-medium">
        Compare with
        <select
          name="other"
          required
          defaultValue={current ?? ""}
          className="h-10 max-w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
        >
          <option value="" disabled>
            Choose a racer
          </option>
          {met.length > 0 && others.length > 0 ? (
            <>
              <optgroup label="Raced against">{options(met)}</optgroup>
              <optgroup label="Other racers">{options(others)}</optgroup>
            </>
          ) : (
            options(opponents)
          )}
        </select>
      </label>
      <Button type="submit" variant="outline">
        Compare
      </Button>
    </form>
  );
}

import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ALL_SEASONS } from "~/lib/championship/seasons";

/**
 * The season selector: a plain GET form with a Show button, so it works without JavaScript;
 * app/read-page.js (every read page's inline script) submits it as soon as a season is picked.
 */
export function SeasonSelect({
  action,
  seasons,
  current,
  hidden = {},
  withAllSeasons = true,
}: {
  action: string;
  seasons: readonly { key: string; name: string }[];
  current: string;
  /** Other query parameters the page keeps (class, tab). */
  hidden?: Record<string, string | null>;
  /** Offer "All seasons" (`?season=all`) after the seasons. */
  withAllSeasons?: boolean;
}) {
  return (
    <Form method="get" action={action} className="flex flex-wrap items-end gap-2" data-auto-submit="">
      {Object.entries(hidden).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label className="grid gap-1 text-sm font-medium">
        Season
        <select
          name="season"
          defaultValue={current}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary"
        >
          {seasons.map((season) => (
            <option key={season.key} value={season.key}>
              {season.name}
            </option>
          ))}
          {withAllSeasons && <option value={ALL_SEASONS}>All seasons</option>}
        </select>
      </label>
      <Button type="submit" variant="outline">
        Show
      </Button>
    </Form>
  );
}

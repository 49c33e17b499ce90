import { CalendarDays, MapPin } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { dbContext } from "~/context";
import { completedRaces, completedRaceYears, resultsForRaces } from "~/domain/public-queries.server";
import { RaceResultsTable } from "~/components/race-results-table";
import { RouteError } from "~/components/route-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatLongDate } from "~/lib/dates";
import type { Route } from "./+types/results";

export const meta: Route.MetaFunction = () => [{ title: "Race Results Archive" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const yearParam = new URL(request.url).searchParams.get("year");
  const year = yearParam && /^\d{4}$/.test(yearParam) ? Number(yearParam) : undefined;
  const [years, races] = await Promise.all([completedRaceYears(db), completedRaces(db, year)]);
  const results = await resultsForRaces(db, races.map((r) => r.id));
  return {
    year: year ?? null,
    years,
    races: races.map((race) => ({ ...race, results: results.filter((r) => r.raceId === race.id) })),
  };
}

export default function Results({ loaderData }: Route.ComponentProps) {
  const { year, years, races } = loaderData;
  const submit = useSubmit();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Race Results Archive</h1>
        <Form method="get" className="flex items-center gap-2" onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}>
          <label htmlFor="year" className="text-sm font-medium">
            Year
          </label>
          <select
            id="year"
            name="year"
            defaultValue={year ?? ""}
            key={year ?? "all"}
            className="h-10 rounded-md border bg-background px-3 text-sm"
          >
            <option value="">All Years</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
          <noscript>
            <Button type="submit" variant="outline" size="sm">
              Filter
            </Button>
          </noscript>
        </Form>
      </div>

      {races.length === 0 ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground">
          No race results found for the selected filters.
        </p>
      ) : (
        <div className="space-y-6">
          {races.map((race) => (
            <Card key={race.id}>
              <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
                <div className="space-y-1">
                  <CardTitle>
                    <Link to={`/results/${race.id}`} className="hover:underline">
                      {race.title}
                    </Link>
                  </CardTitle>
                  <CardDescription className="flex flex-wrap gap-x-4 gap-y-1">
                    <span className="inline-flex items-center gap-1">
                      <CalendarDays aria-hidden className="size-4" />
                      {formatLongDate(race.date)}
                    </span>
                    <span className="inline-flex items-center gap-1">
                      <MapPin aria-hidden className="size-4" />
                      {race.location}
                    </span>
                  </CardDescription>
                </div>
                <Button asChild variant="outline" size="sm">
                  <Link to={`/results/${race.id}`}>Full Results</Link>
                </Button>
              </CardHeader>
              {race.results.length > 0 && (
                <CardContent>
                  <RaceResultsTable results={race.results} variant="summary" />
                </CardContent>
              )}
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to fetch races" />;
}

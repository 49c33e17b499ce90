import { Form } from "react-router";
import { computedOnceContext, dbContext } from "~/context";
import { completedRacesPage, completedRaceYears, leadersOfRaces } from "~/domain/races/public-queries.server";
import { LeadersNote, RaceResultsTable } from "~/components/races/race-results-table";
import { RouteError } from "~/components/layout/route-error";
import { Button, buttonClasses } from "~/components/ui/button";
import { RaceWhenWhere } from "~/components/races/race-when-where";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { readPageData, type PageHandle } from "~/lib/platform/page";
import { PageLinks } from "~/components/ui/page-links";
import { readPageOf, requestedPage } from "~/lib/util/paging";
import type { Route } from "./+types/results";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const site = previewSite(matches);
  const year = loaderData?.year;
  return linkPreview(site, location, {
    title: "Race Results Archive",
    description: `${year ? `Race results of ${year}` : "Every race result"} of the ${site?.clubName ?? "club"}: finishing order, laps and times per class and heat.`,
  });
};

/** Races per archive page: 20 seasons of history are read a page at a time. */
const PAGE_SIZE = 10;
/** Finishers per class and heat shown in the archive; the race page has them all. */
const PER_HEAT = 3;

/** The page cache keys this page on these parameters only (the rest cannot change it). */
export const handle: PageHandle = { query: ["year", "page"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const yearParam = params.get("year");
  const year = yearParam && /^\d{4}$/.test(yearParam) ? Number(yearParam) : undefined;
  const [years, { races, page, pages }] = await Promise.all([
    completedRaceYears(db, context.get(computedOnceContext)),
    readPageOf(requestedPage(params.get("page")), PAGE_SIZE, (offset) =>
      completedRacesPage(db, { year, limit: PAGE_SIZE, offset }),
    ),
  ]);
  const { results, totals } = await leadersOfRaces(
    db,
    races.map((r) => r.id),
    PER_HEAT,
  );
  return readPageData(request, {
    year: year ?? null,
    years,
    page,
    pages,
    races: races.map((race) => ({
      ...race,
      results: results.filter((r) => r.raceId === race.id),
      totalResults: totals.get(race.id) ?? 0,
    })),
  });
}

/** The archive's address for a page, keeping the year filter. */
function pageHref(year: number | null, page: number): string {
  const params = new URLSearchParams();
  if (year !== null) params.set("year", String(year));
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/results?${query}` : "/results";
}

/** Consecutive races of the same year, newest first: the archive's year sections. */
function byYear<T extends { date: string }>(races: T[]): { year: string; races: T[] }[] {
  const groups: { year: string; races: T[] }[] = [];
  for (const race of races) {
    const year = race.date.slice(0, 4);
    const last = groups[groups.length - 1];
    if (last?.year === year) last.races.push(race);
    else groups.push({ year, races: [race] });
  }
  return groups;
}

// Plain links, the button's classes computed once: the page does not hydrate, and React Router's
// <Link> costs several hooks a race (decision 0023).
const FULL_RESULTS = buttonClasses({ variant: "outline", size: "sm" });

export default function Results({ loaderData }: Route.ComponentProps) {
  const { year, years, races, page, pages } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Race Results Archive</h1>
        <Form method="get" className="flex items-center gap-2" data-auto-submit>
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
        <p className="rounded-lg border p-6 text-center text-muted-foreground">No race results found for the selected filters.</p>
      ) : (
        <div className="space-y-8">
          {byYear(races).map((group) => (
            <div key={group.year} className="space-y-6" aria-labelledby={`year-${group.year}`} role="group">
              <h2 id={`year-${group.year}`} className="border-b pb-1 text-2xl font-bold">
                {group.year}
              </h2>
              {group.races.map((race) => (
                <Card key={race.id}>
                  <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
                    <div className="space-y-1">
                      <CardTitle>
                        <a href={`/results/${race.id}`} className="hover:underline">
                          {race.title}
                        </a>
                      </CardTitle>
                      <CardDescription className="flex flex-wrap gap-x-4 gap-y-1">
                        <RaceWhenWhere race={race} layout="inline" />
                      </CardDescription>
                    </div>
                    <a href={`/results/${race.id}`} className={FULL_RESULTS}>
                      Full Results
                    </a>
                  </CardHeader>
                  {race.results.length > 0 && (
                    <CardContent>
                      <RaceResultsTable results={race.results} variant="summary" />
                      <LeadersNote shown={race.results.length} total={race.totalResults} perHeat={PER_HEAT} />
                    </CardContent>
                  )}
                </Card>
              ))}
            </div>
          ))}
          <PageLinks
            label="Archive pages"
            page={page}
            pages={pages}
            href={(n) => pageHref(year, n)}
            previous="Newer races"
            next="Older races"
          />
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to fetch races" />;
}

import { CalendarDays, MapPin } from "lucide-react";
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { configContext, dbContext } from "~/context";
import { getRace, resultsForRaces } from "~/domain/races/public-queries.server";
import { entryList, resultsStatus } from "~/domain/race-day/race-day.server";
import { raceHeats } from "~/domain/race-day/heats.server";
import { EntryList } from "~/components/race/entry-list";
import { NotFoundMessage } from "~/components/layout/not-found";
import { RaceResultsTable } from "~/components/race/race-results-table";
import { RouteError } from "~/components/layout/route-error";
import { Badge } from "~/components/ui/badge";
import { RaceWhenWhere } from "~/components/race/race-when-where";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatClubDateTime, clubToday, formatLongDate } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import { raceDetailStatus, raceTiming } from "~/lib/races/race-timing";
import { heatLine, nextHeat } from "~/lib/race-day/race-day";
import { readPageData, type PageHandle } from "~/lib/site/page";
import { entryWindowText } from "~/lib/registration/entry-window";
import { raceEntryWindow } from "~/domain/registration/race-entries.server";
import { raceImage } from "~/lib/site/site";
import type { Route } from "./+types/race";
import { linkPreview, previewSite } from "~/lib/site/link-preview";

/**
 * Today's race updates itself (issue 13): public/js/live-race.js listens to /live/races/:id
 * (Server-Sent Events) and swaps the [data-live-race] region with the page fetched again.
 * The page ships no React; without JavaScript a reload shows the same.
 */
export const handle: PageHandle = { scripts: ["/js/live-race.js"], query: [] };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [{ title: "Race Not Found" }];
  const { race, results, status } = loaderData;
  const when = `${formatLongDate(race.date)}, ${race.location}`;
  return linkPreview(previewSite(matches), location, {
    title: race.title,
    description:
      results.length > 0
        ? `Results of ${race.title} (${when}): finishing order, laps and times per class and heat.`
        : `${race.title}: ${status.toLowerCase()} race, ${when}. ${race.description}`,
  });
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const race = id ? await getRace(db, id) : null;
  if (!race) throw data("Race Not Found", { status: 404 });
  const config = context.get(configContext);
  const today = clubToday(config);
  const timing = raceTiming(race.date, today);
  const [results, entries, classes, official, window] = await Promise.all([
    resultsForRaces(db, [race.id]),
    // Entries matter until the race is over: upcoming and today's races show them.
    timing === "past" ? null : entryList(db, race.id),
    raceHeats(db, race.id),
    resultsStatus(db, race.id),
    raceEntryWindow(db, race.id),
  ]);
  const resultsMark = official.officialAt
    ? { official: true, ...formatClubDateTime(official.officialAt, config.timeZone) }
    : { official: false };
  const changes = official.changes.map((c) => ({
    description: c.description,
    at: c.changedAt,
    ...formatClubDateTime(c.changedAt, config.timeZone),
  }));
  // Race day: the page follows the results as they are saved, and marks the heat that runs next.
  const live = timing === "today" && race.status !== "cancelled";
  const drawn = classes.flatMap((c) =>
    c.heats.map((h) => ({
      boatClass: c.boatClass,
      heatNumber: h.heatNumber,
      line: heatLine(c.boatClass, h.heatNumber, h.boats),
    })),
  );
  const next = live ? nextHeat(drawn, results) : null;
  const heats = drawn.map((h) => ({ line: h.line, nextUp: h === next }));
  const lastUpdated = live && official.updatedAt ? formatClubDateTime(official.updatedAt, config.timeZone).time : null;
  const status = raceDetailStatus(race.date, today, race.status);
  // "Entries closed on Thursday, March 5, 2026, 6 pm": only while the race is still to come.
  const entryWindow = status === "Upcoming" ? entryWindowText(window, new Date(), config.timeZone) : null;
  return readPageData(request, {
    race,
    results,
    entries,
    heats,
    resultsMark,
    changes,
    live,
    lastUpdated,
    status,
    entryWindow,
  });
}

export default function RaceDetail({ loaderData }: Route.ComponentProps) {
  const { race, results, entries, heats, resultsMark, changes, live, lastUpdated, status, entryWindow } = loaderData;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{race.title}</h1>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
          <RaceWhenWhere race={race} layout="inline" />
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2" data-live-race={live ? `/live/races/${race.id}` : undefined}>
          {heats.length > 0 && (
            <Card>
              <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
                <CardTitle>Heats</CardTitle>
                <a href={`/calendar/${race.id}/heat-sheet`} className="text-sm text-primary hover:underline">
                  Print heat sheet
                </a>
              </CardHeader>
              <CardContent>
                <ul className="space-y-1.5 text-sm">
                  {heats.map(({ line, nextUp }) => (
                    <li key={line} className={nextUp ? "font-semibold" : undefined} data-next-up={nextUp || undefined}>
                      {line}
                      {nextUp && (
                        <Badge variant="upcoming" className="ml-2">
                          Next up
                        </Badge>
                      )}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
          {entries && (
            <Card>
              <CardHeader>
                <CardTitle>Entry List</CardTitle>
              </CardHeader>
              <CardContent>
                <EntryList classes={entries} />
              </CardContent>
            </Card>
          )}
          <Card className="min-w-0">
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle>Results</CardTitle>
              {lastUpdated && (
                <span className="text-sm text-muted-foreground" data-testid="last-updated">
                  {`Last updated ${lastUpdated}`}
                </span>
              )}
              {results.length > 0 &&
                ("date" in resultsMark ? (
                  <Badge variant="past" data-testid="results-mark">
                    Official {resultsMark.date} {resultsMark.time}
                  </Badge>
                ) : (
                  <Badge variant="upcoming" data-testid="results-mark">
                    Provisional
                  </Badge>
                ))}
            </CardHeader>
            <CardContent>
              {results.length > 0 ? (
                <RaceResultsTable results={results} variant="full" />
              ) : (
                <div className="rounded-md bg-muted p-6 text-center">
                  <p className="font-semibold">Results Not Available</p>
                  <p className="mt-1 text-sm text-muted-foreground">
                    Results will appear here once the race has been run and timed.
                  </p>
                </div>
              )}
            </CardContent>
          </Card>
          {changes.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>Changes after the results became official</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="space-y-1.5 text-sm" aria-label="Change log">
                  {changes.map((c) => (
                    <li key={c.at + c.description}>
                      {c.description}, <time dateTime={c.at}>{c.time}</time>{" "}
                      <span className="text-muted-foreground">({c.date})</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
        </div>
        <aside className="space-y-6">
          <Card className="overflow-hidden">
            <img
              src={raceImage(race.title, race.imageUrl)}
              alt=""
              width={640}
              height={360}
              // Below the results on a phone.
              loading="lazy"
              className="aspect-video w-full object-cover"
            />
            <CardHeader>
              <CardTitle>Race Details</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              {race.description && <p>{race.description}</p>}
              <p>
                <a
                  href={`/calendar/${race.id}/event.ics`}
                  download
                  className="inline-flex items-center gap-1 font-medium underline"
                >
                  <CalendarDays aria-hidden className="size-4" />
                  Add to calendar
                </a>
              </p>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <RaceWhenWhere race={race} layout="terms" />
                <dt className="text-muted-foreground">Status</dt>
                <dd>
                  <Badge variant={status === "Cancelled" ? "cancelled" : status === "Upcoming" ? "upcoming" : "past"}>
                    {status}
                  </Badge>
                </dd>
                {entryWindow && (
                  <>
                    <dt className="text-muted-foreground">Entries</dt>
                    <dd data-testid="entry-window">{entryWindow}</dd>
                  </>
                )}
              </dl>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Location</CardTitle>
            </CardHeader>
            <CardContent>
              <div className="flex aspect-video items-center justify-center gap-2 rounded-md bg-sky-50 text-sm text-sky-900">
                <MapPin aria-hidden className="size-5" />
                {race.location}
              </div>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundMessage
        title="Race Not Found"
        message="The race you are looking for does not exist or has been removed."
        to="/results"
        linkText="Back to Results"
      />
    );
  }
  return <RouteError message="Failed to fetch race details" />;
}

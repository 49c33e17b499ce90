import { createContext, data } from "react-router";
import { configContext, dbContext } from "~/context";
import { getRace, resultsForRaces } from "~/domain/races/public-queries.server";
import { entryList, resultsStatus } from "~/domain/race-day/race-day.server";
import { raceHeats } from "~/domain/race-day/heats.server";
import { EntryList } from "~/components/race-day/entry-list";
import { CheckInCounts } from "~/components/race-day/check-in-counts";
import { checkInCounts } from "~/domain/race-day/check-in.server";
import { checkedInLine } from "~/lib/race-day/check-in";
import { raceNotices } from "~/domain/news/news.server";
import { RaceNotices } from "~/components/news/notice";
import { showNotice } from "~/lib/news/shown";
import { RaceDetails } from "~/components/races/race-details";
import { raceImageRef } from "~/domain/images/images.server";
import { RaceHeats } from "~/components/races/race-heats";
import { RaceResultsCard } from "~/components/races/race-results-card";
import { RaceWhenWhere } from "~/components/races/race-when-where";
import { ResultChanges } from "~/components/races/result-changes";
import { RaceResultsChecks } from "~/components/race-day/results-checks";
import { raceResultsChecks } from "~/domain/race-day/results-checks.server";
import { raceRoster } from "~/domain/race-day/duties.server";
import { RaceDuties } from "~/components/race-day/race-duties";
import { dutyLine } from "~/lib/race-day/duties";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatClubDateTime, clubToday, formatLongDate } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import { raceDetailStatus, raceTiming } from "~/lib/races/race-timing";
import { heatLine, nextHeat } from "~/lib/race-day/race-day";
import { readPageData, type PageHandle } from "~/lib/platform/page";
import { entryWindowState, entryWindowText } from "~/lib/races/entry-window";
import { buttonClasses } from "~/components/ui/button";
import { raceEntryWindow } from "~/domain/registration/race-entries.server";
import type { Route } from "./+types/race";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";
import { raceCard, raceImage } from "~/lib/link-preview/preview-card";

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
  const site = previewSite(matches);
  return linkPreview(site, location, {
    title: race.title,
    description:
      results.length > 0
        ? `Results of ${race.title} (${when}): finishing order, laps and times per class and heat.`
        : `${race.title}: ${status.toLowerCase()} race, ${when}. ${race.description}`,
    image: site && results.length > 0 ? raceImage(race.id, raceCard(site.clubName, race, results)) : undefined,
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
  const raceDay = timing === "today" && race.status !== "cancelled";
  const [results, entries, classes, official, window, notices, image, checkIns, checks, roster] = await Promise.all([
    resultsForRaces(db, [race.id]),
    // Entries matter until the race is over: upcoming and today's races show them.
    timing === "past" ? null : entryList(db, race.id),
    raceHeats(db, race.id),
    resultsStatus(db, race.id),
    raceEntryWindow(db, race.id),
    raceNotices(db, race.id),
    raceImageRef(db, race.id),
    // Race day: how many boats of each class are at the lake (issue 36 item 1), live like the results.
    raceDay ? checkInCounts(db, race.id) : null,
    raceResultsChecks(db, race.id, config.timeZone),
    // Who is on duty (issue 36 item 2), names only, until the race is over.
    timing === "past" || race.status !== "upcoming" ? null : raceRoster(db, race.id),
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
  const live = raceDay;
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
  // The way in for racers: the entry form with this race chosen, while it takes entries (the
  // same rule as the form's list: upcoming, not past, inside its window).
  const canEnter = race.status === "upcoming" && timing !== "past" && entryWindowState(window, new Date()) === "open";
  const page = readPageData(request, {
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
    canEnter,
    checkIns: checkIns?.map((c) => ({ boatClass: c.boatClass, line: checkedInLine(c.checkedIn, c.entered) })) ?? null,
    notices: notices.map((n) => showNotice(n, config.timeZone)),
    // An uploaded picture; without one the page is as before (the bundled picture).
    ...(image ? { image } : {}),
    checks,
    duties: roster?.map((d) => dutyLine({ ...d, people: d.people.map((p) => p.name) })) ?? [],
  });
  if (checks.openUntil) context.set(changesByTheClock, true);
  return page;
}

/** "Open until 15:40" ends without a write, which would drop the kept page: not kept while it says so. */
const changesByTheClock = createContext(false);

export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }, next) => {
    const response = await next();
    if (context.get(changesByTheClock)) response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
];

/**
 * A race's page: heats, entry list, results and their change log beside the race's details, each
 * a section in app/components/races/. A read page: server HTML, no React in the browser.
 */
export default function RaceDetail({ loaderData }: Route.ComponentProps) {
  const {
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
    canEnter,
    notices,
    checkIns,
    checks,
    duties,
  } = loaderData;
  const image = "image" in loaderData ? loaderData.image : undefined;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold">{race.title}</h1>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground">
          <RaceWhenWhere race={race} layout="inline" />
        </p>
        {canEnter && (
          <a href={`/race-registration?race=${race.id}`} className={buttonClasses()}>
            Enter this race
          </a>
        )}
      </header>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2" data-live-race={live ? `/live/races/${race.id}` : undefined}>
          {notices.length > 0 && <RaceNotices notices={notices} />}
          {heats.length > 0 && <RaceHeats raceId={race.id} heats={heats} />}
          {entries && (
            <Card>
              <CardHeader>
                <CardTitle>Entry List</CardTitle>
              </CardHeader>
              <CardContent className="space-y-4">
                {checkIns && checkIns.length > 0 && <CheckInCounts counts={checkIns} />}
                <EntryList classes={entries} />
              </CardContent>
            </Card>
          )}
          {duties.length > 0 && <RaceDuties lines={duties} />}
          <RaceResultsCard raceId={race.id} results={results} resultsMark={resultsMark} lastUpdated={lastUpdated} />
          {(checks.openUntil || checks.list.length > 0) && (
            <RaceResultsChecks openUntil={checks.openUntil} checks={checks.list} />
          )}
          {changes.length > 0 && <ResultChanges changes={changes} />}
        </div>
        <RaceDetails race={race} image={image} status={status} entryWindow={entryWindow} />
      </div>
    </div>
  );
}

export { RaceErrorBoundary as ErrorBoundary } from "~/components/races/race-not-found";

import { readPageData, type PageHandle } from "~/lib/site/page";
import { data } from "react-router";
import { computedOnceContext, configContext, dbContext, loggerContext } from "~/context";
import { getCompetitor } from "~/domain/races/public-queries.server";
import { opponents, racerProfile, type RacerProfile } from "~/domain/racer/profile.server";
import { Avatar } from "~/components/racer/avatar";
import { HeadToHeadPicker } from "~/components/racer/head-to-head-picker";
import { PositionChart } from "~/components/racer/position-chart";
import { SeasonSelect } from "~/components/championship/season-select";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatBoatClasses } from "~/lib/races/boat-classes";
import { formatShortDate, clubToday } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import { positionTrendChart } from "~/lib/championship/points-chart";
import { ordinal } from "~/lib/util/ordinal";
import { boatLabel } from "~/lib/championship/standings";
import { countOf } from "~/lib/util/plural";
import type { Route } from "./+types/competitor";
import { linkPreview, previewSite } from "~/lib/site/link-preview";

/** Shown on a phone instead of the columns that do not fit (the columns come back from 640 px). */
const WIDE = "hidden sm:table-cell";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [{ title: "Racer Not Found" }];
  const { competitor, stats } = loaderData;
  const site = previewSite(matches);
  return linkPreview(site, location, {
    title: competitor.name,
    type: "profile",
    description: `${competitor.name} races with the ${site?.clubName ?? "club"}: ${countOf(stats.races, "race")}, ${countOf(stats.wins, "win")}, ${countOf(stats.podiums, "podium")} and ${countOf(stats.points, "point")}, with personal bests and seasons.`,
  });
};

/** What the profile shows when the racer's results fail to load: the racer, and an alert. */
const NO_RESULTS: RacerProfile = {
  stats: { races: 0, points: 0, wins: 0, podiums: 0 },
  seasons: [],
  bests: [],
  recent: [],
  resultSeasons: [],
  resultSeason: null,
  results: [],
};

/** The page cache keys this page on these parameters only (the rest cannot change it). */
export const handle: PageHandle = { query: ["season"] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const id = parseId(params.id);
  const competitor = id ? await getCompetitor(db, id) : null;
  if (!competitor) throw data("Racer Not Found", { status: 404 });
  // Career figures over every season; a long career's Race Results one season at a time (issue 11).
  const requestedSeason = new URL(request.url).searchParams.get("season");
  const [profile, others] = await Promise.all([
    // The profile still shows when only the results fail to load.
    racerProfile(db, competitor.id, {
      today: clubToday(config),
      season: requestedSeason,
      computed: context.get(computedOnceContext),
    }).catch((error: unknown) => {
      context.get(loggerContext).error({ err: error, competitorId: competitor.id }, "competitor results failed");
      return null;
    }),
    opponents(db, competitor.id),
  ]);
  const { stats, seasons, bests, recent, resultSeasons, resultSeason, results } = profile ?? NO_RESULTS;
  return readPageData(request, {
    competitor,
    results: profile ? results : null,
    resultSeasons,
    resultSeason,
    stats,
    seasons,
    bests,
    recent,
    chart: positionTrendChart(recent),
    opponents: others,
  });
}

/** A plain link: the profile does not hydrate, and a router Link costs hooks per row (decision 0023). */
function RaceLink({ race, prefix }: { race: { raceId: number; raceTitle: string; raceDate: string }; prefix?: string }) {
  return (
    <span className="block text-xs text-muted-foreground">
      {prefix && `${prefix} `}
      <a className="font-medium text-primary hover:underline" href={`/results/${race.raceId}`}>
        {race.raceTitle}
      </a>
      , {formatShortDate(race.raceDate)}
    </span>
  );
}

export default function CompetitorProfile({ loaderData }: Route.ComponentProps) {
  const { competitor, results, resultSeasons, resultSeason, stats, seasons, bests, recent, chart, opponents } = loaderData;
  // The chart's x axis: race 1 is the oldest shown.
  const raceNumbers = new Map([...new Set(recent.map((f) => f.raceId))].map((id, i) => [id, i + 1]));
  const boat = boatLabel(competitor.boatName, competitor.boatNumber);
  const classes = formatBoatClasses(competitor.boatClasses);
  return (
    <div className="space-y-6">
      <header className="flex items-center gap-4">
        <Avatar name={competitor.name} className="size-16" />
        <div>
          <h1 className="text-3xl font-bold">{competitor.name}</h1>
          <p className="text-muted-foreground">
            {boat} - {classes}
          </p>
        </div>
      </header>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Racer Profile</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="font-medium">{competitor.name}</dd>
              <dt className="text-muted-foreground">Boat</dt>
              <dd>{boat}</dd>
              <dt className="text-muted-foreground">Class</dt>
              <dd>{classes}</dd>
              <dt className="text-muted-foreground">Total Points</dt>
              <dd>{stats.points}</dd>
              <dt className="text-muted-foreground">Race Wins</dt>
              <dd>{stats.wins}</dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Statistics</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {[
                ["Races", stats.races],
                ["Points", stats.points],
                ["Wins", stats.wins],
                ["Podiums", stats.podiums],
              ].map(([label, value]) => (
                <div key={label} className="rounded-md bg-muted p-3 text-center">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
      {bests.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Personal Bests</CardTitle>
          </CardHeader>
          <CardContent>
            <Table aria-label="Personal bests by class">
              <TableHeader>
                <TableRow>
                  <TableHead>Class</TableHead>
                  <TableHead>Best Lap</TableHead>
                  <TableHead>Best Finish</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {bests.map((best) => (
                  <TableRow key={best.boatClass}>
                    <TableCell className="font-medium">{best.boatClass}</TableCell>
                    <TableCell>
                      {best.bestLap ? (
                        <>
                          <span className="font-semibold tabular-nums">{best.bestLap.lap}</span>
                          <RaceLink race={best.bestLap} />
                        </>
                      ) : (
                        "–"
                      )}
                    </TableCell>
                    <TableCell>
                      <span className="font-semibold">{ordinal(best.bestFinish.position)}</span>
                      {best.bestFinish.times > 1 && (
                        <span className="text-muted-foreground"> ({best.bestFinish.times} times)</span>
                      )}
                      <RaceLink race={best.bestFinish} prefix={best.bestFinish.times > 1 ? "first in" : undefined} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
      {seasons.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Seasons</CardTitle>
            <CardDescription>Each season&apos;s championship, counted as in the season standings.</CardDescription>
          </CardHeader>
          <CardContent>
            <Table aria-label="Statistics by season">
              <TableHeader>
                <TableRow>
                  <TableHead>Season</TableHead>
                  <TableHead className={WIDE}>Class</TableHead>
                  <TableHead className={`${WIDE} text-right`}>Races</TableHead>
                  <TableHead className={`${WIDE} text-right`}>Wins</TableHead>
                  <TableHead className={`${WIDE} text-right`}>Podiums</TableHead>
                  <TableHead className={`${WIDE} text-right`}>Best</TableHead>
                  <TableHead className="text-right">Pos</TableHead>
                  <TableHead className="text-right">Points</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {seasons.map((line) => (
                  <TableRow key={`${line.seasonKey} ${line.boatClass}`}>
                    <TableCell>
                      <a
                        className="font-medium text-primary hover:underline"
                        href={`/standings?season=${encodeURIComponent(line.seasonKey)}&class=${encodeURIComponent(line.boatClass)}`}
                      >
                        {line.seasonName}
                      </a>
                      <span className="block text-xs text-muted-foreground sm:hidden">
                        {line.boatClass}: {countOf(line.races, "race")}, {countOf(line.wins, "win")},{" "}
                        {countOf(line.podiums, "podium")}
                        {line.bestFinish !== null && `, best ${ordinal(line.bestFinish)}`}
                      </span>
                    </TableCell>
                    <TableCell className={WIDE}>{line.boatClass}</TableCell>
                    <TableCell className={`${WIDE} text-right tabular-nums`}>{line.races}</TableCell>
                    <TableCell className={`${WIDE} text-right tabular-nums`}>{line.wins}</TableCell>
                    <TableCell className={`${WIDE} text-right tabular-nums`}>{line.podiums}</TableCell>
                    <TableCell className={`${WIDE} text-right tabular-nums`}>
                      {line.bestFinish === null ? "–" : ordinal(line.bestFinish)}
                    </TableCell>
                    <TableCell className="text-right font-semibold tabular-nums">
                      {line.position === null ? (
                        <>
                          <span aria-hidden="true">NC</span>
                          <span className="sr-only">Not classified</span>
                        </>
                      ) : (
                        <>
                          {ordinal(line.position)}
                          <span className="block text-xs font-normal text-muted-foreground">of {line.classified}</span>
                        </>
                      )}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{line.points}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
      {chart && (
        <Card>
          <CardHeader>
            <CardTitle>Finishing Positions</CardTitle>
            <CardDescription>The last {countOf(chart.races, "race")}, oldest first; 1st is at the top.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-3">
            <PositionChart chart={chart} racerName={competitor.name} />
            <details>
              <summary className="cursor-pointer text-sm font-medium text-primary">Show the positions as a table</summary>
              <Table aria-label="Finishing positions in the last races" className="mt-2">
                <TableHeader>
                  <TableRow>
                    <TableHead className="text-right">#</TableHead>
                    <TableHead>Race</TableHead>
                    <TableHead>Class</TableHead>
                    <TableHead className="text-right">Pos</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {recent.map((finish) => (
                    <TableRow key={`${finish.raceId} ${finish.boatClass}`}>
                      <TableCell className="text-right tabular-nums">{raceNumbers.get(finish.raceId)}</TableCell>
                      <TableCell>
                        <RaceLink race={finish} />
                      </TableCell>
                      <TableCell>{finish.boatClass}</TableCell>
                      <TableCell className="text-right font-semibold tabular-nums">{ordinal(finish.position)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </details>
          </CardContent>
        </Card>
      )}
      <Card id="head-to-head">
        <CardHeader>
          <CardTitle>Head-to-Head</CardTitle>
          <CardDescription>How {competitor.name} has done against another racer in the races both ran.</CardDescription>
        </CardHeader>
        <CardContent>
          <HeadToHeadPicker competitorId={competitor.id} opponents={opponents} />
        </CardContent>
      </Card>
      <Card id="race-results">
        <CardHeader>
          <CardTitle>Race Results</CardTitle>
          {resultSeasons.length > 1 && resultSeason && (
            <SeasonSelect
              action={`/competitor/${competitor.id}`}
              seasons={resultSeasons}
              current={resultSeason.key}
              withAllSeasons={false}
            />
          )}
        </CardHeader>
        <CardContent>
          {results === null ? (
            <div role="alert" className="py-4 text-center">
              <p className="font-semibold">Failed to load competitor race results</p>
              <p className="text-sm text-muted-foreground">An error occurred while loading competitor results</p>
            </div>
          ) : results.length === 0 ? (
            <p className="py-4 text-center text-muted-foreground">No race results found for this competitor.</p>
          ) : (
            <Table className="career-table">
              <thead>
                <tr>
                  <th scope="col">Race</th>
                  <th scope="col" className="wide">
                    Date
                  </th>
                  <th scope="col" className="num">
                    Position
                  </th>
                  <th scope="col">Best Lap</th>
                  <th scope="col" className="num">
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {results.map((result) => (
                  <tr key={result.id}>
                    <td>
                      <a href={`/results/${result.raceId}`}>{result.raceTitle}</a>
                      <small>
                        {result.boatClass}, Heat {result.heatNumber}
                        <span className="sm:hidden">, {formatShortDate(result.raceDate)}</span>
                      </small>
                    </td>
                    <td className="wide">{formatShortDate(result.raceDate)}</td>
                    <td className="num">
                      <strong>{result.position}</strong>
                    </td>
                    <td className="lap">{result.bestLap ?? "–"}</td>
                    <td className="num">{result.points}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export { RacerErrorBoundary as ErrorBoundary } from "~/components/racer/racer-not-found";

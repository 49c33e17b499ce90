import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { configContext, dbContext, loggerContext } from "~/context";
import { seasonChoices } from "~/domain/championship.server";
import { competitorResults, getCompetitor } from "~/domain/public-queries.server";
import { Avatar } from "~/components/avatar";
import { NotFoundMessage } from "~/components/not-found";
import { RouteError } from "~/components/route-error";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatBoatClasses } from "~/lib/boat-classes";
import { formatShortDate, clubToday } from "~/lib/dates";
import { statisticsBySeason } from "~/lib/seasons";
import { parseId } from "~/lib/params";
import { boatLabel, racerStatistics } from "~/lib/standings";
import type { Route } from "./+types/competitor";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.competitor.name ?? "Racer Not Found" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const id = parseId(params.id);
  const competitor = id ? await getCompetitor(db, id) : null;
  if (!competitor) throw data("Racer Not Found", { status: 404 });
  // The profile still shows when only the results fail to load.
  const results = await competitorResults(db, competitor.id).catch((error: unknown) => {
    context.get(loggerContext).error({ err: error, competitorId: competitor.id }, "competitor results failed");
    return null;
  });
  const { offered } = await seasonChoices(db, clubToday(config));
  const bySeason = statisticsBySeason(
    offered.map(({ key, name, startsOn, endsOn }) => ({ key, name, startsOn, endsOn })),
    results ?? [],
  );
  return { competitor, results, stats: racerStatistics(results ?? []), bySeason };
}

export default function CompetitorProfile({ loaderData }: Route.ComponentProps) {
  const { competitor, results, stats, bySeason } = loaderData;
  const boat = boatLabel(competitor.boatName, competitor.boatNumber);
  const classes = formatBoatClasses(competitor.boatClasses);
  return (
    <div className="space-y-6">
      <header className="flex items-center gap-4">
        <Avatar name={competitor.name} className="size-16" eager />
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
      {bySeason.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Seasons</CardTitle>
          </CardHeader>
          <CardContent>
            <Table aria-label="Statistics by season">
              <TableHeader>
                <TableRow>
                  <TableHead>Season</TableHead>
                  <TableHead className="text-right">Races</TableHead>
                  <TableHead className="text-right">Points</TableHead>
                  <TableHead className="text-right">Wins</TableHead>
                  <TableHead className="text-right">Podiums</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {bySeason.map(({ season, statistics }) => (
                  <TableRow key={season.key}>
                    <TableCell>
                      <Link to={`/standings?season=${season.key}`} className="font-medium text-primary hover:underline">
                        {season.name}
                      </Link>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{statistics.races}</TableCell>
                    <TableCell className="text-right tabular-nums">{statistics.points}</TableCell>
                    <TableCell className="text-right tabular-nums">{statistics.wins}</TableCell>
                    <TableCell className="text-right tabular-nums">{statistics.podiums}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Race Results</CardTitle>
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
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Race</TableHead>
                  <TableHead>Date</TableHead>
                  <TableHead className="text-right">Position</TableHead>
                  <TableHead>Best Lap</TableHead>
                  <TableHead className="text-right">Points</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {results.map((result) => (
                  <TableRow key={result.id}>
                    <TableCell>
                      <Link to={`/results/${result.raceId}`} className="font-medium text-primary hover:underline">
                        {result.raceTitle}
                      </Link>
                      <span className="block text-xs text-muted-foreground">
                        {result.boatClass}, Heat {result.heatNumber}
                      </span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatShortDate(result.raceDate)}</TableCell>
                    <TableCell className="text-right font-semibold tabular-nums">{result.position}</TableCell>
                    <TableCell className="tabular-nums">{result.bestLap ?? "–"}</TableCell>
                    <TableCell className="text-right tabular-nums">{result.points}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundMessage
        title="Racer Not Found"
        message="The racer you are looking for does not exist or has been removed."
        to="/standings"
        linkText="Back to Standings"
      />
    );
  }
  return (
    <RouteError message="Failed to load competitor details" description="An error occurred while loading competitor details" />
  );
}

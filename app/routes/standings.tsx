import { data, isRouteErrorResponse, Link } from "react-router";
import { computedOnceContext, configContext, dbContext } from "~/context";
import { standingsView } from "~/domain/championship/championship.server";
import { Avatar } from "~/components/racer/avatar";
import { RacerLink } from "~/components/racer/racer-link";
import { ChampionshipGrid } from "~/components/championship/championship-grid";
import { PositionWithMedal } from "~/components/championship/medal";
import { PointsChart } from "~/components/championship/points-chart";
import { RouteError } from "~/components/layout/route-error";
import { SeasonSelect } from "~/components/championship/season-select";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { Table } from "~/components/ui/table";
import { describeRules } from "~/lib/championship/championship";
import { clubToday } from "~/lib/util/dates";
import { progressionChart } from "~/lib/championship/points-chart";
import { ALL_SEASONS, endedSeasonNote } from "~/lib/championship/seasons";
import { readPageData, type PageHandle } from "~/lib/platform/page";
import type { Route } from "./+types/standings";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const site = previewSite(matches);
  const season = loaderData?.season?.name;
  return linkPreview(site, location, {
    title: "Season Standings",
    description: `${season ? `${season} championship` : "Championship"} standings of the ${site?.clubName ?? "club"}: points, wins and podiums of every racer, per boat class.`,
  });
};

/** The page cache keys this page on these parameters only (the rest cannot change it). */
export const handle: PageHandle = { query: ["season", "class"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const params = new URL(request.url).searchParams;
  const view = await standingsView(db, clubToday(config), params, context.get(computedOnceContext));
  if (view.kind === "not-found") throw data("Season Not Found", { status: 404 });
  const { classes, boatClass, choices, season, rows, tables, provisional, endedSeason } = view;
  return readPageData(request, {
    classes,
    boatClass,
    seasons: choices.offered.map(({ key, name }) => ({ key, name })),
    // Links keep ?season= only when the visitor chose one, so SPEC's URLs stay as they were.
    seasonParam: params.get("season"),
    seasonKey: season?.key ?? ALL_SEASONS,
    season: season && { name: season.name, rules: describeRules(season), minRounds: season.minRounds },
    endedNote: endedSeason && season ? endedSeasonNote(season.name) : null,
    rows,
    provisional,
    tables: tables.map((table) => ({ ...table, chart: progressionChart(table.rounds.length, table.classified) })),
  });
}

function query(params: Record<string, string | null>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

// eslint-disable-next-line max-lines-per-function -- the page's sections in the order they appear
export default function Standings({ loaderData }: Route.ComponentProps) {
  const { classes, boatClass, seasons, seasonParam, seasonKey, season, endedNote, rows, tables, provisional } = loaderData;
  const empty = season === null ? rows.length === 0 : tables.length === 0;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Season Standings</h1>
      {endedNote && <p className="text-sm text-muted-foreground">{endedNote}</p>}
      {provisional.length > 0 && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Includes provisional results from{" "}
          {provisional.map((race, i) => (
            <span key={race.id}>
              {i > 0 && ", "}
              <a href={`/results/${race.id}`} className="font-medium underline">
                {race.title}
              </a>
            </span>
          ))}
          ; they may still change.
        </p>
      )}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <SeasonSelect action="/standings" seasons={seasons} current={seasonKey} hidden={{ class: boatClass }} />
        <a
          href={`/standings.csv${query({ season: seasonKey, class: boatClass })}`}
          className="text-sm font-medium text-primary hover:underline"
          download
        >
          Download CSV
        </a>
      </div>
      <LinkTabs
        label="Boat class"
        current={boatClass ?? "all"}
        tabs={[
          { key: "all", label: "All Classes", to: `/standings${query({ season: seasonParam })}` },
          ...classes.map((c) => ({ key: c, label: c, to: `/standings${query({ season: seasonParam, class: c })}` })),
        ]}
      />
      {season && season.rules.length > 0 && (
        <ul className="list-inside list-disc text-sm text-muted-foreground" aria-label="Championship rules">
          {season.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
      )}
      {empty ? (
        <Card>
          <CardContent standalone>
            <p className="py-6 text-center text-muted-foreground">No standings data available for this class.</p>
          </CardContent>
        </Card>
      ) : season === null ? (
        <Card>
          <CardContent standalone>
            <Table className="ranked-table">
              <thead>
                <tr>
                  <th scope="col">Pos</th>
                  <th scope="col">Racer</th>
                  <th scope="col" className="wide">
                    Boat
                  </th>
                  <th scope="col" className="wide">
                    Class
                  </th>
                  <th scope="col" className="num">
                    Wins
                  </th>
                  <th scope="col">Points</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.competitorId}>
                    <td>
                      <PositionWithMedal position={row.position} />
                    </td>
                    <td>
                      <RacerLink racer={row}>
                        <Avatar name={row.name} />
                        {row.name}
                      </RacerLink>
                      {/* Below 640 px the boat and class fold under the name, so Points stays on screen. */}
                      <small>{[row.boat, row.boatClass].filter(Boolean).join(" · ")}</small>
                    </td>
                    <td className="wide">{row.boat}</td>
                    <td className="wide">{row.boatClass}</td>
                    <td className="num">{row.wins}</td>
                    <td>{row.points}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </CardContent>
        </Card>
      ) : (
        tables.map((table) => (
          <Card key={table.boatClass}>
            <CardHeader>
              <CardTitle>{table.boatClass}</CardTitle>
            </CardHeader>
            <CardContent className="space-y-6">
              <ChampionshipGrid
                boatClass={table.boatClass}
                seasonName={season.name}
                rounds={table.rounds}
                classified={table.classified}
                notClassified={table.notClassified}
                minRounds={season.minRounds}
              />
              {table.chart && <PointsChart chart={table.chart} boatClass={table.boatClass} seasonName={season.name} />}
            </CardContent>
          </Card>
        ))
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-bold">Season Not Found</h1>
        <Link to="/standings" className="text-primary hover:underline">
          Season Standings
        </Link>
      </div>
    );
  }
  return (
    <RouteError message="Failed to fetch standings data" description="An unexpected error occurred while fetching standings" />
  );
}

import { readPageData, type PageHandle } from "~/lib/platform/page";
import { data } from "react-router";
import { computedOnceContext, configContext, dbContext, loggerContext } from "~/context";
import { getCompetitor } from "~/domain/racer/public-racer.server";
import { opponents, racerProfile, type RacerProfile } from "~/domain/racer-profile/profile.server";
import { CareerResults } from "~/components/racer-profile/career-results";
import { FinishingPositions } from "~/components/racer-profile/finishing-positions";
import { HeadToHeadPicker } from "~/components/racer-profile/head-to-head-picker";
import { PersonalBests } from "~/components/racer-profile/personal-bests";
import { RacerSeasons } from "~/components/racer-profile/racer-seasons";
import { RacerSummary } from "~/components/racer-profile/racer-summary";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { clubToday } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import { positionTrendChart } from "~/lib/championship/points-chart";
import { countOf } from "~/lib/util/plural";
import type { Route } from "./+types/competitor";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";
import { racerCard, racerImage } from "~/lib/link-preview/preview-card";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [{ title: "Racer Not Found" }];
  const { competitor, stats, seasons, recent } = loaderData;
  const site = previewSite(matches);
  return linkPreview(site, location, {
    title: competitor.name,
    type: "profile",
    description: `${competitor.name} races with the ${site?.clubName ?? "club"}: ${countOf(stats.races, "race")}, ${countOf(stats.wins, "win")}, ${countOf(stats.podiums, "podium")} and ${countOf(stats.points, "point")}, with personal bests and seasons.`,
    image: site ? racerImage(competitor.id, racerCard(site.clubName, competitor, { stats, seasons, recent })) : undefined,
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
  if (competitor.erased) throw data("Racer Erased", { status: 410 });
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

/**
 * A racer's profile: who they are, their figures over every season, personal bests, each season's
 * championship line, recent finishing positions, head-to-head and the results, each a section in
 * app/components/racer/. A read page: server HTML, no React in the browser.
 */
export default function CompetitorProfile({ loaderData }: Route.ComponentProps) {
  const { competitor, results, resultSeasons, resultSeason, stats, seasons, bests, recent, chart, opponents } = loaderData;
  return (
    <div className="space-y-6">
      <RacerSummary competitor={competitor} stats={stats} />
      {bests.length > 0 && <PersonalBests bests={bests} />}
      {seasons.length > 0 && <RacerSeasons seasons={seasons} />}
      {chart && <FinishingPositions chart={chart} recent={recent} racerName={competitor.name} />}
      <Card id="head-to-head">
        <CardHeader>
          <CardTitle>Head-to-Head</CardTitle>
          <CardDescription>How {competitor.name} has done against another racer in the races both ran.</CardDescription>
        </CardHeader>
        <CardContent>
          <HeadToHeadPicker competitorId={competitor.id} opponents={opponents} />
        </CardContent>
      </Card>
      <CareerResults competitorId={competitor.id} results={results} resultSeasons={resultSeasons} resultSeason={resultSeason} />
    </div>
  );
}

export { RacerErrorBoundary as ErrorBoundary } from "~/components/racer-profile/racer-not-found";

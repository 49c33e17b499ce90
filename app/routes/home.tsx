import { clubContext, computedOnceContext, configContext, dbContext, loggerContext } from "~/context";
import { homeStandings } from "~/domain/championship/championship.server";
import { latestRaceWithResults, leadersOfRaces, nextEvent } from "~/domain/races/public-queries.server";
import { pinnedNotices } from "~/domain/news/news.server";
import { PinnedNotices } from "~/components/news/pinned-notices";
import { UploadedPicture } from "~/components/images/picture";
import { showNotice } from "~/lib/news/shown";
import { SeasonSelect } from "~/components/championship/season-select";
import { LeadersNote, RaceResultsTable } from "~/components/races/race-results-table";
import { RacerLink } from "~/components/racer/racer-link";
import { buttonClasses } from "~/components/ui/button";
import { RaceWhenWhere } from "~/components/races/race-when-where";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { BOAT_CLASSES, BOAT_CLASS_DESCRIPTIONS } from "~/lib/platform/boat-classes";
import { formatLongDate, clubToday } from "~/lib/util/dates";
import { readPageData, type PageHandle } from "~/lib/platform/page";
import type { Route } from "./+types/home";

/** Finishers per class and heat in Latest Results; Full Results has them all. */
const PER_HEAT = 5;

/** The page cache keys this page on these parameters only (the rest cannot change it). */
export const handle: PageHandle = { query: ["tab", "season"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const params = new URL(request.url).searchParams;
  const tab = params.get("tab") === "standings" ? "standings" : "results";
  const today = clubToday(config);
  const [latest, standingsTab, next, pinned] = await Promise.all([
    tab === "results" ? latestRaceWithResults(db) : null,
    tab === "standings"
      ? homeStandings(db, today, params.get("season"), context.get(computedOnceContext)).catch((error: unknown) => {
          // The rest of the home page still shows when only the standings fail.
          context.get(loggerContext).error({ err: error }, "home standings failed");
          return null;
        })
      : null,
    nextEvent(db, today),
    // Pinned through their last day on the club's calendar (the page cache keys on that day too).
    pinnedNotices(db, today),
  ]);
  const leaders = latest ? await leadersOfRaces(db, [latest.id], PER_HEAT) : null;
  const latestResults = leaders?.results ?? [];
  const totalResults = (latest && leaders?.totals.get(latest.id)) ?? 0;
  const club = context.get(clubContext);
  return readPageData(request, {
    words: { heroHeading: club.heroHeading, heroInvitation: club.heroInvitation, welcome: club.welcome, vision: club.vision },
    tab,
    latest,
    latestResults,
    totalResults,
    standings: standingsTab,
    seasonParam: params.get("season"),
    next,
    pinned: pinned.map((n) => showNotice(n, config.timeZone)),
    // The banner an owner uploaded (/admin/settings); without one the page is as before.
    ...(club.banner ? { banner: club.banner } : {}),
  });
}

// eslint-disable-next-line max-lines-per-function -- the page's sections in the order they appear
export default function Home({ loaderData }: Route.ComponentProps) {
  const { words, tab, latest, latestResults, totalResults, standings: top, seasonParam, next, pinned } = loaderData;
  const banner = "banner" in loaderData ? loaderData.banner : undefined;
  return (
    <div className="space-y-8">
      {banner && (
        // Above the fold: fetched first, not lazily; its own width and height keep the page still.
        <UploadedPicture image={banner} purpose="banner" priority className="h-auto max-h-96 w-full rounded-xl object-cover" />
      )}
      <section className="rounded-xl bg-gradient-to-br from-sky-800 to-primary px-6 py-10 text-white sm:px-10">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{words.heroHeading}</h1>
        <p className="mt-3 max-w-2xl text-sky-100">{words.heroInvitation}</p>
      </section>

      {pinned.length > 0 && <PinnedNotices notices={pinned} />}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <LinkTabs
            label="Latest"
            current={tab}
            tabs={[
              { key: "results", label: "Latest Results", to: "/" },
              { key: "standings", label: "Latest Standings", to: "/?tab=standings" },
            ]}
          />
          {tab === "results" ? (
            latest ? (
              <Card>
                <CardHeader>
                  <CardTitle>{latest.title}</CardTitle>
                  <CardDescription>{formatLongDate(latest.date)}</CardDescription>
                </CardHeader>
                <CardContent className="space-y-4">
                  <RaceResultsTable results={latestResults} variant="summary" />
                  <LeadersNote shown={latestResults.length} total={totalResults} perHeat={PER_HEAT} />
                  <a href={`/results/${latest.id}`} className={buttonClasses({ variant: "outline" })}>
                    Full Results
                  </a>
                </CardContent>
              </Card>
            ) : (
              <Card>
                <CardContent standalone className="text-muted-foreground">
                  No race results available yet.
                </CardContent>
              </Card>
            )
          ) : (
            <Card>
              <CardHeader layout="flex-row items-center justify-between gap-1.5">
                <CardTitle>Championship Standings</CardTitle>
                <a
                  href={seasonParam && top ? `/standings?season=${encodeURIComponent(top.seasonKey)}` : "/standings"}
                  className={buttonClasses({ variant: "outline", size: "sm" })}
                >
                  View All
                </a>
              </CardHeader>
              <CardContent className="space-y-4">
                {top === null ? (
                  <p role="alert" className="text-destructive">
                    Failed to calculate standings
                  </p>
                ) : (
                  <>
                    <SeasonSelect action="/" seasons={top.seasons} current={top.seasonKey} hidden={{ tab: "standings" }} />
                    {top.endedNote && <p className="text-sm text-muted-foreground">{top.endedNote}</p>}
                    {top.groups.length === 0 ? (
                      <p className="text-muted-foreground">No standings data available for this class.</p>
                    ) : (
                      top.groups.map((group) => (
                        <section key={group.boatClass ?? "all"} className="space-y-1">
                          {group.boatClass && <h3 className="font-semibold">{group.boatClass}</h3>}
                          <Table>
                            <TableHeader>
                              <TableRow>
                                <TableHead className="w-12">Pos</TableHead>
                                <TableHead>Name</TableHead>
                                <TableHead className="hidden sm:table-cell">Boat</TableHead>
                                <TableHead className="text-right">Wins</TableHead>
                                <TableHead className="text-right">Points</TableHead>
                              </TableRow>
                            </TableHeader>
                            <TableBody>
                              {group.rows.map((row) => (
                                <TableRow key={row.competitorId}>
                                  <TableCell className="font-semibold">{row.position}</TableCell>
                                  {/* A long name wraps on a phone, so Points stays inside the card. */}
                                  <TableCell className="max-sm:[overflow-wrap:anywhere]">
                                    <RacerLink racer={row} className="font-medium text-primary hover:underline">
                                      {row.name}
                                    </RacerLink>
                                    {row.boat && (
                                      <span className="block text-xs text-muted-foreground sm:hidden">{row.boat}</span>
                                    )}
                                  </TableCell>
                                  <TableCell className="hidden sm:table-cell">{row.boat}</TableCell>
                                  <TableCell className="text-right tabular-nums">{row.wins}</TableCell>
                                  <TableCell className="text-right font-semibold tabular-nums">{row.points}</TableCell>
                                </TableRow>
                              ))}
                            </TableBody>
                          </Table>
                        </section>
                      ))
                    )}
                  </>
                )}
              </CardContent>
            </Card>
          )}
        </div>

        <aside className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Welcome</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              <p>{words.welcome}</p>
              <p className="text-muted-foreground">{words.vision}</p>
              <a href="/registration" className={buttonClasses({ size: "sm" })}>
                Driver Registration
              </a>{" "}
              <a href="/news" className={buttonClasses({ variant: "outline", size: "sm" })}>
                Club News
              </a>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Next Event</CardTitle>
            </CardHeader>
            <CardContent className="text-sm">
              {next ? (
                <div className="space-y-2">
                  <p className="font-semibold">{next.title}</p>
                  <RaceWhenWhere race={next} layout="stacked" />
                  <a href={`/calendar/${next.id}`} className={buttonClasses({ variant: "outline", size: "sm" })}>
                    View Details
                  </a>
                </div>
              ) : (
                <p className="text-muted-foreground">No upcoming events scheduled yet.</p>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Classes</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-2 text-sm">
                {BOAT_CLASSES.map((boatClass) => (
                  <li key={boatClass}>
                    <span className="font-semibold">{boatClass}</span>
                    <span className="text-muted-foreground"> – {BOAT_CLASS_DESCRIPTIONS[boatClass]}</span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

import { CalendarDays } from "~/components/ui/icons";
import { configContext, dbContext } from "~/context";
import { calendarPage } from "~/domain/calendar/calendar.server";
import { RouteError } from "~/components/layout/route-error";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { RaceWhenWhere } from "~/components/races/race-when-where";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { calendarPageHref, parseCalendarPage } from "~/lib/calendar/calendar-pages";
import { clubToday } from "~/lib/util/dates";
import { RACE_STATUS_LABELS, raceTiming, RACE_TIMING_LABELS, type RaceTiming } from "~/lib/races/race-timing";
import { readPageData, type PageHandle } from "~/lib/platform/page";
import { raceImage } from "~/lib/platform/site";
import { PageLinks } from "~/components/ui/page-links";
import type { Route } from "./+types/calendar";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = previewSite(matches);
  return linkPreview(site, location, {
    title: "Racing Events",
    description: `Upcoming and past races of the ${site?.clubName ?? "club"}: dates, places and entries, with a calendar to subscribe to.`,
  });
};

/**
 * SPEC: the list is refetched every 60 seconds, on mount and on window focus. The page ships no
 * React: public/js/live-refresh.js refetches this page's HTML and swaps the [data-live] region.
 */
export const handle: PageHandle = { scripts: ["/js/live-refresh.js"], query: ["filter", "page"] };

const FILTERS = {
  all: { label: "All Events", empty: "No events found for the selected filter." },
  upcoming: { label: "Upcoming", empty: "No upcoming events found." },
  today: { label: "Today", empty: "No events scheduled for today." },
  past: { label: "Past", empty: "No past events found." },
} as const;
type Filter = keyof typeof FILTERS;

function parseFilter(value: string | null): Filter {
  return value && value in FILTERS ? (value as Filter) : "all";
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const filter = parseFilter(params.get("filter"));
  const today = clubToday(context.get(configContext));
  // One page of cards per tab (issue 11): a club with 20 seasons of races opens at today.
  const { races, page, pages } = await calendarPage(context.get(dbContext), {
    filter,
    today,
    page: parseCalendarPage(params.get("page")),
  });
  // webcal:// makes phones offer to subscribe instead of importing once.
  const subscribeUrl = `${context.get(configContext).siteUrl.replace(/^https?:/, "webcal:")}/calendar.ics`;
  return readPageData(request, {
    filter,
    subscribeUrl,
    page,
    pages,
    races: races.map((race) => ({ ...race, timing: raceTiming(race.date, today) })),
  });
}

// Plain links styled as buttons, classes computed once: the page does not hydrate, and React
// Router's <Link> costs several hooks a card (decision 0023).
const VIEW_RESULTS = buttonClasses({}, "w-full");
const VIEW_DETAILS = buttonClasses({ variant: "outline" }, "w-full");

const BADGE_VARIANT: Record<RaceTiming, "upcoming" | "today" | "past"> = {
  upcoming: "upcoming",
  today: "today",
  past: "past",
};

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { filter, races, subscribeUrl, page, pages } = loaderData;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Racing Events</h1>
        <a href={subscribeUrl} className={buttonClasses({ variant: "outline" })}>
          <CalendarDays aria-hidden className="size-4" />
          Subscribe
        </a>
      </div>
      <LinkTabs
        label="Filter events"
        current={filter}
        tabs={(Object.keys(FILTERS) as Filter[]).map((key) => ({
          key,
          label: FILTERS[key].label,
          to: key === "all" ? "/calendar" : `/calendar?filter=${key}`,
        }))}
      />
      <div data-live>
        {races.length === 0 ? (
          <p className="rounded-lg border p-6 text-center text-muted-foreground">{FILTERS[filter].empty}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {races.map((race, index) => (
              <li key={race.id}>
                <Card className="flex h-full flex-col overflow-hidden">
                  <img
                    src={raceImage(race.title, race.imageUrl)}
                    alt=""
                    width={640}
                    height={360}
                    // The first card is in view on arrival; the others load as the visitor scrolls.
                    loading={index === 0 ? "eager" : "lazy"}
                    className="aspect-video w-full object-cover"
                  />
                  <CardHeader layout="flex-col gap-2">
                    <div className="flex flex-wrap gap-2">
                      <Badge variant={BADGE_VARIANT[race.timing]}>{RACE_TIMING_LABELS[race.timing]}</Badge>
                      {race.status === "cancelled" && <Badge variant="cancelled">{RACE_STATUS_LABELS.cancelled}</Badge>}
                    </div>
                    <CardTitle>{race.title}</CardTitle>
                  </CardHeader>
                  <CardContent className="flex-1 space-y-2 text-sm">
                    <RaceWhenWhere race={race} layout="stacked" />
                    <p className="line-clamp-3">{race.description}</p>
                  </CardContent>
                  <CardFooter>
                    {race.status === "completed" ? (
                      <a href={`/results/${race.id}`} className={VIEW_RESULTS}>
                        View Results
                      </a>
                    ) : (
                      <a href={`/calendar/${race.id}`} className={VIEW_DETAILS}>
                        View Details
                      </a>
                    )}
                  </CardFooter>
                </Card>
              </li>
            ))}
          </ul>
        )}
        <PageLinks
          label="Calendar pages"
          page={page}
          pages={pages}
          href={(n) => calendarPageHref(filter, n)}
          previous="Earlier events"
          next="Later events"
          className="mt-6"
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to fetch races" />;
}

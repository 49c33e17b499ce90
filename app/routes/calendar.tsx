import { CalendarDays, MapPin } from "lucide-react";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { configContext, dbContext } from "~/context";
import { listRaces } from "~/domain/public-queries.server";
import { RouteError } from "~/components/route-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { formatLongDate, todayInZone } from "~/lib/dates";
import { raceTiming, RACE_TIMING_LABELS, type RaceTiming } from "~/lib/race-timing";
import { raceImage } from "~/lib/site";
import type { Route } from "./+types/calendar";

export const meta: Route.MetaFunction = () => [{ title: "Racing Events" }];

/** SPEC: the list is refetched every 60 seconds, on mount and on window focus. */
const REFETCH_MS = 60_000;

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
  const filter = parseFilter(new URL(request.url).searchParams.get("filter"));
  const today = todayInZone(context.get(configContext).timeZone);
  const races = (await listRaces(context.get(dbContext))).map((race) => ({
    ...race,
    timing: raceTiming(race.date, today),
  }));
  return { filter, races: filter === "all" ? races : races.filter((race) => race.timing === filter) };
}

const BADGE_VARIANT: Record<RaceTiming, "upcoming" | "today" | "past"> = {
  upcoming: "upcoming",
  today: "today",
  past: "past",
};

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { filter, races } = loaderData;
  const revalidator = useRevalidator();

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible") void revalidator.revalidate();
    };
    const timer = window.setInterval(refresh, REFETCH_MS);
    window.addEventListener("focus", refresh);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("focus", refresh);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revalidator identity changes each render
  }, []);

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Racing Events</h1>
      <LinkTabs
        label="Filter events"
        current={filter}
        tabs={(Object.keys(FILTERS) as Filter[]).map((key) => ({
          key,
          label: FILTERS[key].label,
          to: key === "all" ? "/calendar" : `/calendar?filter=${key}`,
        }))}
      />
      {races.length === 0 ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground">{FILTERS[filter].empty}</p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {races.map((race) => (
            <li key={race.id}>
              <Card className="flex h-full flex-col overflow-hidden">
                <img
                  src={raceImage(race.title, race.imageUrl)}
                  alt=""
                  width={640}
                  height={360}
                  loading="lazy"
                  className="aspect-video w-full object-cover"
                />
                <CardHeader className="gap-2">
                  <Badge variant={BADGE_VARIANT[race.timing]} className="self-start">
                    {RACE_TIMING_LABELS[race.timing]}
                  </Badge>
                  <CardTitle>{race.title}</CardTitle>
                </CardHeader>
                <CardContent className="flex-1 space-y-2 text-sm">
                  <p className="flex items-center gap-2 text-muted-foreground">
                    <CalendarDays aria-hidden className="size-4 shrink-0" />
                    {formatLongDate(race.date)}
                  </p>
                  <p className="flex items-center gap-2 text-muted-foreground">
                    <MapPin aria-hidden className="size-4 shrink-0" />
                    {race.location}
                  </p>
                  <p className="line-clamp-3">{race.description}</p>
                </CardContent>
                <CardFooter>
                  {race.status === "completed" ? (
                    <Button asChild className="w-full">
                      <Link to={`/results/${race.id}`}>View Results</Link>
                    </Button>
                  ) : (
                    <Button asChild variant="outline" className="w-full">
                      <Link to={`/calendar/${race.id}`}>View Details</Link>
                    </Button>
                  )}
                </CardFooter>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to fetch races" />;
}

import { CalendarDays, MapPin } from "lucide-react";
import { formatLongDate } from "~/lib/dates";

/**
 * A race's date and location with their icons, the same on every page that lists races: stacked
 * as two lines (calendar cards, home's Next Event) or side by side in a wrapping row (a race's
 * header, the results archive). The caller's element around it sets the colour and wrapping.
 */
export function RaceWhenWhere({ race, layout }: { race: { date: string; location: string }; layout: "stacked" | "inline" }) {
  if (layout === "stacked") {
    return (
      <>
        <p className="flex items-center gap-2 text-muted-foreground">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          {formatLongDate(race.date)}
        </p>
        <p className="flex items-center gap-2 text-muted-foreground">
          <MapPin aria-hidden className="size-4 shrink-0" />
          {race.location}
        </p>
      </>
    );
  }
  return (
    <>
      <span className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden className="size-4" />
        {formatLongDate(race.date)}
      </span>
      <span className="inline-flex items-center gap-1">
        <MapPin aria-hidden className="size-4" />
        {race.location}
      </span>
    </>
  );
}

import { CalendarDays, MapPin } from "~/components/ui/icons";
import { formatLongDate } from "~/lib/util/dates";

/**
 * A race's date and location, the one place every page writes them: with their icons stacked as
 * two lines (calendar cards, home's Next Event) or side by side in a wrapping row (a race's
 * header, the results archive); as the Date and Location terms of the caller's `<dl>` (a race's
 * Race Details); or as plain text "date · location" (the printed heat sheet's line). The
 * caller's element around it sets the colour and wrapping.
 */
export function RaceWhenWhere({
  race,
  layout,
}: {
  race: { date: string; location: string };
  layout: "stacked" | "inline" | "terms" | "text";
}) {
  if (layout === "terms") {
    return (
      <>
        <dt className="text-muted-foreground">Date</dt>
        <dd>{formatLongDate(race.date)}</dd>
        <dt className="text-muted-foreground">Location</dt>
        <dd>{race.location}</dd>
      </>
    );
  }
  if (layout === "text") return <>{`${formatLongDate(race.date)} · ${race.location}`}</>;
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

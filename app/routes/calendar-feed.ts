import { data } from "react-router";
import { configContext, dbContext } from "~/context";
import { calendarFeed, calendarResponse } from "~/domain/calendar/feeds.server";
import { canonicalBoatClass, isBoatClass, type BoatClass } from "~/lib/platform/boat-classes";
import type { Route } from "./+types/calendar-feed";

/** /calendar.ics (every race) and /calendar/:class.ics (one boat class): subscribable feeds. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  let boatClass: BoatClass | undefined;
  if (params.class !== undefined) {
    const name = canonicalBoatClass(params.class);
    if (!isBoatClass(name)) throw data("Calendar Not Found", { status: 404 });
    boatClass = name;
  }
  const file = await calendarFeed(context.get(dbContext), context.get(configContext), boatClass);
  return calendarResponse(request, file, boatClass ? `${boatClass.toLowerCase()}.ics` : "calendar.ics");
}

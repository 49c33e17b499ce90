import { data } from "react-router";
import { configContext, dbContext } from "~/context";
import { calendarResponse, raceEventFile } from "~/domain/calendar/feeds.server";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/race-event";

/** /calendar/:id/event.ics: one race for "Add to calendar". */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const file = id ? await raceEventFile(context.get(dbContext), context.get(configContext), id) : null;
  if (!file) throw data("Race Not Found", { status: 404 });
  return calendarResponse(request, file, `race-${id}.ics`);
}

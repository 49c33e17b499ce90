import { serveApi } from "~/domain/api/http.server";
import { apiCalendar } from "~/domain/api/queries.server";
import { configContext, dbContext } from "~/context";
import { clubToday } from "~/lib/util/dates";
import type { Route } from "./+types/calendar";

/** GET /api/v1/calendar: the races from today on. */
export async function loader(args: Route.LoaderArgs) {
  return serveApi(args, () => apiCalendar(args.context.get(dbContext), clubToday(args.context.get(configContext))));
}

/** Anything but GET, HEAD and OPTIONS: 405, as a problem. */
export const action = loader;

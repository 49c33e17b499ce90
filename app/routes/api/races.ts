import { serveApi } from "~/domain/api/http.server";
import { apiRaces } from "~/domain/api/queries.server";
import { configContext, dbContext } from "~/context";
import { clubToday } from "~/lib/util/dates";
import type { Route } from "./+types/races";

/** GET /api/v1/races: every race with its status and date (`?year=`, `?status=`). */
export async function loader(args: Route.LoaderArgs) {
  return serveApi(args, () =>
    apiRaces(args.context.get(dbContext), new URL(args.request.url).searchParams, clubToday(args.context.get(configContext))),
  );
}

/** Anything but GET, HEAD and OPTIONS: 405, as a problem. */
export const action = loader;

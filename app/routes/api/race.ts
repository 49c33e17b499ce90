import { serveApi } from "~/domain/api/http.server";
import { apiRace } from "~/domain/api/queries.server";
import { configContext, dbContext } from "~/context";
import { clubToday } from "~/lib/util/dates";
import type { Route } from "./+types/race";

/** GET /api/v1/races/:id: a race and its results per class and heat, as its page shows them. */
export async function loader(args: Route.LoaderArgs) {
  return serveApi(args, () => apiRace(args.context.get(dbContext), args.params.id, clubToday(args.context.get(configContext))));
}

/** Anything but GET, HEAD and OPTIONS: 405, as a problem. */
export const action = loader;

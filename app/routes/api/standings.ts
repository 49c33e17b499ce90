import { serveApi } from "~/domain/api/http.server";
import { apiStandings } from "~/domain/api/queries.server";
import { computedOnceContext, configContext, dbContext } from "~/context";
import { clubToday } from "~/lib/util/dates";
import type { Route } from "./+types/standings";

/** GET /api/v1/standings: the numbers of /standings for the same `?season=` and `?class=`. */
export async function loader(args: Route.LoaderArgs) {
  return serveApi(args, () =>
    apiStandings(
      args.context.get(dbContext),
      new URL(args.request.url).searchParams,
      clubToday(args.context.get(configContext)),
      args.context.get(computedOnceContext),
    ),
  );
}

/** Anything but GET, HEAD and OPTIONS: 405, as a problem. */
export const action = loader;

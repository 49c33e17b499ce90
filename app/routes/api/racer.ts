import { serveApi } from "~/domain/api/http.server";
import { apiRacerProfile } from "~/domain/api/queries.server";
import { computedOnceContext, configContext, dbContext } from "~/context";
import { clubToday } from "~/lib/util/dates";
import type { Route } from "./+types/racer";

/** GET /api/v1/racers/:id: a racer's public profile and results (the fields of /competitor/:id). */
export async function loader(args: Route.LoaderArgs) {
  return serveApi(args, () =>
    apiRacerProfile(
      args.context.get(dbContext),
      args.params.id,
      clubToday(args.context.get(configContext)),
      args.context.get(computedOnceContext),
    ),
  );
}

/** Anything but GET, HEAD and OPTIONS: 405, as a problem. */
export const action = loader;

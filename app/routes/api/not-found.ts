import { serveApi } from "~/domain/api/http.server";
import { ApiProblem } from "~/lib/api/problem";
import type { Route } from "./+types/not-found";

/** Any other path under /api: an unknown endpoint or version, answered 404 as a problem. */
export async function loader(args: Route.LoaderArgs) {
  return serveApi(args, () => {
    throw new ApiProblem(404, "No such endpoint: the API is under /api/v1 (see /api/v1/openapi.json).");
  });
}

/** Anything but GET, HEAD and OPTIONS: 405, as a problem. */
export const action = loader;

import { serveApi } from "~/domain/api/http.server";
import { openApiDocument } from "~/lib/api/openapi";
import type { Route } from "./+types/openapi";

/** GET /api/v1/openapi.json: the API's OpenAPI 3.1 document. */
export async function loader(args: Route.LoaderArgs) {
  return serveApi(args, () => openApiDocument);
}

/** Anything but GET, HEAD and OPTIONS: 405, as a problem. */
export const action = loader;

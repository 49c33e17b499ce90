import { computedOnceContext, configContext, dbContext } from "~/context";
import { newsFeedResponse } from "~/domain/news/feed.server";
import type { Route } from "./+types/news-atom";

/** /news.atom: the club's news for feed readers, built once per data change. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return newsFeedResponse(request, context.get(dbContext), context.get(configContext), context.get(computedOnceContext));
}

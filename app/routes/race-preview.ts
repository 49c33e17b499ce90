import { data } from "react-router";
import { computedOnceContext, configContext, dbContext } from "~/context";
import { previewImageResponse, racePreviewImage } from "~/domain/link-preview/preview-image.server";
import { clubToday } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/race-preview";

/** /results/:id/preview.png: the race's podium, the picture its shared link shows (og:image). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const config = context.get(configContext);
  const id = parseId(params.id);
  const image = id
    ? await racePreviewImage(context.get(dbContext), id, {
        clubName: config.clubName,
        today: clubToday(config),
        computed: context.get(computedOnceContext),
      })
    : null;
  if (!image) throw data("Not Found", { status: 404 });
  return previewImageResponse(request, image);
}

import { data } from "react-router";
import { computedOnceContext, configContext, dbContext } from "~/context";
import { previewImageResponse, racerPreviewImage } from "~/domain/link-preview/preview-image.server";
import { clubToday } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/competitor-preview";

/** /competitor/:id/preview.png: the racer's season, the picture their profile's shared link shows. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const config = context.get(configContext);
  const id = parseId(params.id);
  const image = id
    ? await racerPreviewImage(context.get(dbContext), id, {
        clubName: config.clubName,
        today: clubToday(config),
        computed: context.get(computedOnceContext),
      })
    : null;
  if (!image) throw data("Not Found", { status: 404 });
  if (image === "gone") throw data("Gone", { status: 410 });
  return previewImageResponse(request, image);
}

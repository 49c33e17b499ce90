import { clubContext } from "~/context";
import { webManifest } from "~/lib/platform/web-manifest";
import type { Route } from "./+types/manifest";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(JSON.stringify(webManifest(context.get(clubContext))), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}

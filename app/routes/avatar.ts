import { createAvatar } from "@dicebear/core";
import * as initials from "@dicebear/initials";
import type { Route } from "./+types/avatar";

/**
 * Initials avatars drawn by our server: SPEC's external avatar service would send every racer's
 * name to a third party. The name is the seed, so the same racer always gets the same picture.
 */
export function loader({ params }: Route.LoaderArgs) {
  const name = params.file.replace(/\.svg$/, "").slice(0, 100);
  const svg = createAvatar(initials, { seed: name, radius: 50, fontWeight: 600 }).toString();
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    },
  });
}

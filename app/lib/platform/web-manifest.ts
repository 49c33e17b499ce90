/** The web app manifest (/manifest.webmanifest): the site can be added to a phone's home screen. */
import type { Club } from "~/lib/platform/club-settings";

/** Named and described by the club's settings. */
export function webManifest(club: Pick<Club, "name" | "shortName" | "blurb">) {
  return {
    name: club.name,
    short_name: club.shortName,
    description: club.blurb,
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#0b5c8e",
    icons: [
      { src: "/images/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/images/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/images/logo.svg", sizes: "any", type: "image/svg+xml" },
    ],
  };
}

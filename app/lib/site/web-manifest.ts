/** The web app manifest (/manifest.webmanifest): the site can be added to a phone's home screen. */
import { site } from "~/lib/site/site";

export function webManifest(clubName: string = site.defaultName) {
  return {
    name: clubName,
    short_name: site.shortName,
    description: site.blurb,
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

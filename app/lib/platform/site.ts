/**
 * The defaults of the club's words for a fresh install: owners change them at /admin/settings
 * (app/lib/platform/club-settings.ts), with CLUB_NAME / CLUB_EMAIL from the environment as the
 * defaults of the name and address. Pages read the settings, never these.
 */
import { variantPath, type ImageRef } from "~/lib/platform/image-ref";

export const site = {
  defaultName: "Bermuda Radio Control Boat Club",
  shortName: "BRCBC",
  founded: 1985,
  heroHeading: "Radio Control Boat Racing in Bermuda",
  heroInvitation:
    "Check the latest results, upcoming races and championship standings from the lakes and harbours of the island.",
  blurb:
    "Promoting radio-controlled model boat racing on the island since 1985: race weekends, a season championship and a friendly pit lane for newcomers.",
  welcome:
    "Founded in 1985, our club brings together drivers of every age who love fast boats, good racing and a day by the water.",
  vision: "Our vision is a competitive, fun and fair racing environment where experienced drivers mentor the next generation.",
  missionQuote: "Build it, race it, share it: every driver is welcome at the water's edge.",
  social: [
    { label: "Facebook", href: "https://www.facebook.com/" },
    { label: "Instagram", href: "https://www.instagram.com/" },
    { label: "YouTube", href: "https://www.youtube.com/" },
  ],
  /** SPEC: one specific race title maps to a bundled image; every other race uses the default. */
  raceImages: {
    default: "/images/race-default.svg",
    byTitle: { "Round the Island Grand Prix": "/images/race-grand-prix.svg" } as Record<string, string>,
  },
} as const;

export const navigation = [
  { to: "/", label: "Home" },
  { to: "/results", label: "Results" },
  { to: "/standings", label: "Standings" },
  { to: "/calendar", label: "Calendar" },
] as const;

/** A path on this site ("/images/x.svg"); the CSP allows images from nowhere else. */
export function isSiteImagePath(value: string): boolean {
  return /^\/[^/\s][^\s]*$/.test(value);
}

export const IMAGE_URL_MESSAGE = "The picture address must be a path on this site, starting with /.";

/** The race's own image when it is on this site (an old https address is not), else the bundled one. */
export function raceImage(title: string, imageUrl: string | null | undefined): string {
  return (imageUrl && isSiteImagePath(imageUrl) ? imageUrl : null) || site.raceImages.byTitle[title] || site.raceImages.default;
}

/**
 * The address of the picture a race's page shows, for answers that carry one address (the API):
 * its uploaded image (decision 0031) at its largest width, as WebP (every browser the site
 * supports reads it), else `raceImage`. The page draws the uploaded one with every width and AVIF.
 */
export function racePictureUrl(race: { title: string; imageUrl: string | null }, uploaded: ImageRef | null): string {
  return uploaded
    ? variantPath(uploaded.hash, uploaded.widths[uploaded.widths.length - 1]!, "webp")
    : raceImage(race.title, race.imageUrl);
}

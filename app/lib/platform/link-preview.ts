/**
 * What a public page says about itself to search engines and to the chat apps a link is shared
 * in: a description, Open Graph and Twitter card tags. One list per page, built here, so every
 * page says the same things the same way (React Router keeps only the deepest route's meta).
 */
import type { MetaDescriptor } from "react-router";

/** What the root loader hands every page's meta for its previews. */
export interface PreviewSite {
  clubName: string;
  /** The site's public address, without a trailing slash (SITE_URL). */
  siteUrl: string;
}

export interface PreviewPage {
  title: string;
  description: string;
  /** Open Graph's kind of page: "website", or "profile" for a racer. */
  type?: "website" | "profile" | "article";
  /** A picture drawn for this page (a race's podium, a racer's season); else the club's logo. */
  image?: PreviewImage;
}

export interface PreviewImage {
  /** Path on this site, e.g. "/results/7/preview.png?v=abc". */
  path: string;
  width: number;
  height: number;
  alt: string;
}

/** Search engines cut descriptions near 160 characters; a shorter one is read whole. */
const DESCRIPTION_MAX = 160;

export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), DESCRIPTION_MAX / 2)).replace(/[\s,;:.]+$/, "")}…`;
}

/** The root route's preview data among a meta function's matches (absent on a bare error page). */
export function previewSite(matches: readonly ({ id: string; data?: unknown } | undefined)[]): PreviewSite | null {
  const data = matches.find((match) => match?.id === "root")?.data as Partial<PreviewSite> | undefined;
  return data?.clubName && data.siteUrl ? { clubName: data.clubName, siteUrl: data.siteUrl } : null;
}

export function linkPreview(
  site: PreviewSite | null,
  location: { pathname: string; search: string },
  page: PreviewPage,
): MetaDescriptor[] {
  const description = shortDescription(page.description);
  const tags: MetaDescriptor[] = [{ title: page.title }, { name: "description", content: description }];
  if (!site) return tags;
  return [
    ...tags,
    { property: "og:site_name", content: site.clubName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: `${site.siteUrl}${location.pathname}${location.search}` },
    // A PNG: chat apps and social sites do not show SVG previews.
    ...(page.image
      ? [
          { property: "og:image", content: `${site.siteUrl}${page.image.path}` },
          { property: "og:image:type", content: "image/png" },
          { property: "og:image:width", content: String(page.image.width) },
          { property: "og:image:height", content: String(page.image.height) },
          { property: "og:image:alt", content: page.image.alt },
          // The wide card shows the picture above the text, big enough to read who won.
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : [
          { property: "og:image", content: `${site.siteUrl}/images/icon-512.png` },
          { property: "og:image:alt", content: `${site.clubName} logo` },
          { name: "twitter:card", content: "summary" },
        ]),
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
  ];
}

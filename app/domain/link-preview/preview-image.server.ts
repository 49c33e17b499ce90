/**
 * The link-preview pictures (og:image) of a race's results and of a racer's profile: the card
 * (app/lib/link-preview/preview-card.ts) drawn as SVG, turned into a PNG by sharp, and kept until
 * the club's data changes (ComputedOnce: the page cache's signal clears it on every instance).
 * They read only what the public pages read (public-queries.server.ts, racerProfile), so a
 * picture can never show more than its page.
 */
import { createHash } from "node:crypto";
import type { Database } from "~/db/client";
import { loadSharp } from "~/domain/images/sharp.server";
import { keptOrComputed, type ComputedOnce } from "~/domain/platform/computed-once.server";
import { racerProfile } from "~/domain/racer-profile/profile.server";
import { getRace, resultsForRaces } from "~/domain/races/public-queries.server";
import { getCompetitor } from "~/domain/racer/public-racer.server";
import { previewTypeface } from "~/domain/link-preview/typeface.server";
import { raceCard, raceCardSvg, racerCard, racerCardSvg } from "~/lib/link-preview/preview-card";

export interface PreviewImage {
  png: Buffer;
  etag: string;
}

/** Same as the pages (entry.server.tsx): a CDN may keep it a minute; browsers ask again. */
const CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

async function rasterise(svg: string): Promise<PreviewImage> {
  // A few flat colours: a palette PNG is a fifth of a full-colour one (20-40 KB).
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(svg)).png({ palette: true, colours: 64, compressionLevel: 9, effort: 7 }).toBuffer();
  return { png, etag: `"${createHash("sha256").update(png).digest("base64url").slice(0, 27)}"` };
}

interface PreviewContext {
  clubName: string;
  today: string;
  computed: ComputedOnce | null;
}

/** A race's podium; null when the race does not exist or has no results yet (its page shows the logo). */
export async function racePreviewImage(db: Database, raceId: number, ctx: PreviewContext): Promise<PreviewImage | null> {
  // Looked up on every request, so only real races are kept: guessed ids cannot crowd the cache.
  const race = await getRace(db, raceId);
  if (!race) return null;
  return keptOrComputed(ctx.computed, `preview:race:${raceId}:${ctx.clubName}`, async () => {
    const results = await resultsForRaces(db, [race.id]);
    if (results.length === 0) return null;
    return rasterise(raceCardSvg(await previewTypeface(), raceCard(ctx.clubName, race, results)));
  });
}

/** A racer's season; null for an unknown racer, "gone" for one erased at their request (410). */
export async function racerPreviewImage(
  db: Database,
  competitorId: number,
  ctx: PreviewContext,
): Promise<PreviewImage | "gone" | null> {
  const racer = await getCompetitor(db, competitorId);
  if (!racer) return null;
  if (racer.erased) return "gone";
  // The newest season depends on the club's today.
  return keptOrComputed(ctx.computed, `preview:racer:${competitorId}:${ctx.today}:${ctx.clubName}`, async () => {
    const profile = await racerProfile(db, racer.id, { today: ctx.today, computed: ctx.computed });
    return rasterise(racerCardSvg(await previewTypeface(), racerCard(ctx.clubName, racer, profile)));
  });
}

/** The picture with the pages' validators: an ETag (304 when unchanged) and their Cache-Control. */
export function previewImageResponse(request: Request, image: PreviewImage): Response {
  const headers = new Headers({
    "Content-Type": "image/png",
    "Cache-Control": CACHE_CONTROL,
    ETag: image.etag,
    "X-Content-Type-Options": "nosniff",
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === image.etag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(image.png.length));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(image.png), { headers });
}

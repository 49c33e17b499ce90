/**
 * /news.atom: the newest notices as an Atom feed. Each entry's content is the notice formatted
 * into React elements and rendered by React (which escapes every text), then escaped once more as
 * the feed's XML text (app/lib/news/atom.ts).
 *
 * Feed readers poll, anonymous or not, and twenty notices of 10,000 characters each are a lot of
 * elements to render: the feed is built once per data change (ComputedOnce, decision 0024; the
 * news table is watched) and every request, a 304 included, is answered from that one build.
 */
import { createHash } from "node:crypto";
import { createElement, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Database } from "~/db/client";
import { newsPage } from "~/domain/news/news.server";
import { keptOrComputed, type ComputedOnce } from "~/domain/platform/computed-once.server";
import { atomFeed } from "~/lib/news/atom";
import { formatNews, plainNews } from "~/lib/news/format";
import { shortDescription } from "~/lib/platform/link-preview";

/** Notices in the feed: readers keep what they have already seen. */
const FEED_SIZE = 20;

interface BuiltFeed {
  body: string;
  etag: string;
}

async function buildFeed(db: Database, config: { clubName: string; siteUrl: string }): Promise<BuiltFeed> {
  const { notices } = await newsPage(db, { limit: FEED_SIZE, offset: 0 });
  const entries = [];
  for (const n of notices) {
    entries.push({
      url: `${config.siteUrl}/news/${n.id}`,
      title: n.title,
      published: n.publishedAt,
      updated: n.updatedAt,
      html: renderToStaticMarkup(createElement(Fragment, null, formatNews(n.body))),
      summary: shortDescription(plainNews(n.body)),
    });
    // One notice's render at a time: requests waiting meanwhile (/healthz, pages) are answered
    // between them rather than after all twenty.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const body = atomFeed({ title: `${config.clubName}: News`, siteUrl: config.siteUrl, author: config.clubName, entries });
  return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

export async function newsFeedResponse(
  request: Request,
  db: Database,
  config: { clubName: string; siteUrl: string },
  computed?: ComputedOnce | null,
): Promise<Response> {
  const { body, etag } = await keptOrComputed(computed, `news-feed ${config.siteUrl} ${config.clubName}`, () =>
    buildFeed(db, config),
  );
  const headers = new Headers({
    "Content-Type": "application/atom+xml; charset=utf-8",
    // Feed readers poll: they ask again every time and get a 304 while nothing changed.
    "Cache-Control": "no-cache",
    ETag: etag,
  });
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { headers });
}

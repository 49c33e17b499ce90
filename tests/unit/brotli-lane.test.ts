/**
 * Stored pages get their brotli form one at a time, with a bounded queue (server/page-cache.ts):
 * a burst of misses once filled libuv's thread pool with compressions, and every gzipped answer
 * of the site waited behind them.
 */
import { describe, expect, it } from "vitest";
import { BrotliLane, PageCache, type CachedPage } from "~/server/page-cache";

function page(text: string): CachedPage {
  const identity = Buffer.from(text);
  return {
    status: 200,
    contentType: "text/html; charset=utf-8",
    cacheControl: "public, max-age=0",
    etag: `"${text}"`,
    lastModified: new Date(0).toUTCString(),
    identity,
    gzip: identity,
    securityHeaders: [],
  };
}

describe("the brotli lane", () => {
  it("compresses one page at a time, and no more than its bound wait", async () => {
    let running = 0;
    let most = 0;
    const lane = new BrotliLane(4, async (body) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return Buffer.concat([Buffer.from("br:"), body]);
    });
    const cache = new PageCache();
    const pages = Array.from({ length: 30 }, (_, i) => page(`season ${i}`));
    pages.forEach((p, i) => {
      cache.set(`/competitor/1?season=${i}`, p, cache.currentGeneration);
      lane.add(cache, `/competitor/1?season=${i}`, p);
    });
    await lane.idle();
    expect(most).toBe(1);
    // The first starts at once; four wait; the other 25 stay gzip-only.
    expect(lane.compressed).toBe(5);
    expect(lane.skipped).toBe(25);
    expect(pages[0]!.br?.toString()).toBe("br:season 0");
    expect(pages[29]!.br).toBeUndefined();
  });

  it("skips a page dropped or replaced before its turn, and goes on after a failure", async () => {
    const lane = new BrotliLane(16, async (body) => {
      if (body.toString() === "broken") throw new Error("no memory");
      return Buffer.from("br");
    });
    const cache = new PageCache();
    const [broken, dropped, kept] = [page("broken"), page("dropped"), page("kept")];
    cache.set("/a", broken, cache.currentGeneration);
    cache.set("/b", dropped, cache.currentGeneration);
    lane.add(cache, "/a", broken);
    lane.add(cache, "/b", dropped);
    cache.clear();
    cache.set("/c", kept, cache.currentGeneration);
    lane.add(cache, "/c", kept);
    await lane.idle();
    expect(dropped.br).toBeUndefined();
    expect(kept.br?.toString()).toBe("br");
  });
});

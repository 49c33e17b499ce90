/**
 * Image uploads (issue 24 item 2): time and peak memory to process a 12-megapixel phone photo
 * through our pipeline (checks, one decode, rotate, sRGB, 3 widths x AVIF + WebP), against
 * references measured in the same run: a plain copy of the bytes, and sharp re-encoding the photo
 * once to a same-size JPEG without our pipeline. Then the read pages' first-load weight with a
 * logo, a banner and a race image uploaded, against the same pages without them.
 * Needs the production build (`npm run build`). Run: npx vitest bench --run bench/images.bench.ts
 */
import sharp from "sharp";
import { afterAll, bench, describe } from "vitest";
import { eq } from "drizzle-orm";
import { races } from "~/db/schema";
import { saveImage } from "~/domain/images/images.server";
import { processImage } from "~/domain/images/process.server";
import { NO_ACTOR } from "~/domain/platform/audit.server";
import { createTestDatabase } from "../tests/support/database";
import { firstLoad } from "../tests/support/first-load";
import { startServer } from "../tests/support/server-process";

/** A 4000 x 3000 photo with a phone's EXIF: a gradient sky over noisy water (compresses like a photo, ~3-5 MB). */
async function twelveMegapixelPhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const sky = await sharp({ create: { width, height: height / 2, channels: 3, background: "#7db9e8" } })
    .linear(1, 0)
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#000", noise: { type: "gaussian", mean: 90, sigma: 25 } } })
    .composite([{ input: sky, top: 0, left: 0 }])
    .jpeg({ quality: 88 })
    .withExif({ IFD0: { Make: "Phone" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 18/1 0/1" } })
    .toBuffer();
}

/** Time and the highest RSS seen (sampled every 5 ms; sharp works off the main thread) during `work`. */
async function measure(work: () => Promise<unknown>): Promise<{ ms: number; peakMb: number; baseMb: number }> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: (peak - base) / 1024 / 1024, baseMb: base / 1024 / 1024 };
}

const photo = await twelveMegapixelPhoto();
const rows: string[] = [];
const line = (what: string, r: { ms: number; peakMb: number }) =>
  rows.push(`${what.padEnd(44)} ${r.ms.toFixed(0).padStart(6)} ms   peak RSS +${r.peakMb.toFixed(0).padStart(4)} MB`);
line("plain copy of the bytes (reference)", await measure(() => Promise.resolve(Buffer.from(photo))));
line("sharp: decode + one JPEG, no pipeline (ref.)", await measure(() => sharp(photo).jpeg({ quality: 80 }).toBuffer()));
line("our pipeline: race (3 widths x AVIF+WebP)", await measure(() => processImage("race", "photo.jpg", photo)));
line("our pipeline: banner (3 widths x AVIF+WebP)", await measure(() => processImage("banner", "photo.jpg", photo)));
line("our pipeline: logo (2 heights x AVIF+WebP)", await measure(() => processImage("logo", "photo.jpg", photo)));
console.log(`\n12-megapixel photo (${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG):\n${rows.join("\n")}\n`);

// The read pages with and without images: a database of its own, one race.
const t = await createTestDatabase();
const [race] = await t.db
  .insert(races)
  .values({ title: "Image Cup", date: "2026-06-01", location: "Ferry Reach", status: "completed" })
  .returning();
const server = await startServer({ DATABASE_URL: t.url, DEMO_DATA: "0", LOG_LEVEL: "warn" });
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await t.drop();
});

const PAGES = ["/", "/results", `/results/${race!.id}`];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const before = await Promise.all(PAGES.map((p) => firstLoad(server.url, p)));
await saveImage(t.db, { purpose: "logo" }, await processImage("logo", "logo.jpg", photo), NO_ACTOR);
await saveImage(t.db, { purpose: "banner" }, await processImage("banner", "banner.jpg", photo), NO_ACTOR);
await saveImage(t.db, { purpose: "race", raceId: race!.id }, await processImage("race", "race.jpg", photo), NO_ACTOR);
await t.db.update(races).set({ location: "Ferry Reach" }).where(eq(races.id, race!.id));
// The page cache drops its pages on the change (NOTIFY); give it a moment.
await new Promise((resolve) => setTimeout(resolve, 500));
const after = await Promise.all(PAGES.map((p) => firstLoad(server.url, p)));

/** What a 375 px phone at 2x would fetch for an image: the smallest AVIF at least 750 px wide (the logo: its 2x WebP). */
async function phoneImageBytes(path: string): Promise<{ eager: number; lazy: number }> {
  const html = await (await fetch(server.url + path)).text();
  let eager = 0;
  let lazy = 0;
  // A <picture> whole (its sources and its img), or an uploaded <img> outside one (the logo).
  for (const [tag] of html.matchAll(/<picture>[\s\S]*?<\/picture>|<img(?![^>]*sizes=)[^>]*\/images\/u\/[^>]*>/g)) {
    const candidates = [...tag.matchAll(/(\/images\/u\/[0-9a-f]{32}-(\d+)\.(avif|webp)) (\d+)[wx]/g)].map((m) => ({
      url: m[1]!,
      width: Number(m[2]),
      format: m[3]!,
    }));
    const avif = candidates.filter((c) => c.format === "avif");
    const pick =
      avif.length > 0 ? (avif.find((c) => c.width >= 750) ?? avif[avif.length - 1]!) : candidates[candidates.length - 1]!;
    const bytes = (await (await fetch(server.url + pick.url)).arrayBuffer()).byteLength;
    if (/loading="lazy"/.test(tag)) lazy += bytes;
    else eager += bytes;
  }
  return { eager, lazy };
}

const weights: string[] = [];
for (const [i, page] of PAGES.entries()) {
  const images = await phoneImageBytes(page);
  weights.push(
    `${page.padEnd(12)} without: html ${kb(before[i]!.html)}, total ${kb(before[i]!.total)} | with: html ${kb(after[i]!.html)}, ` +
      `total ${kb(after[i]!.total)}; a 375 px phone fetches ${kb(images.eager)} of images at once, ${kb(images.lazy)} lazily`,
  );
}
console.log(
  `\nRead pages' first load (gzip; images as sent), without and with a logo, banner and race image:\n${weights.join("\n")}\n`,
);

describe("12-megapixel photo", () => {
  bench(
    "our pipeline (race)",
    async () => {
      await processImage("race", "photo.jpg", photo);
    },
    { iterations: 3, time: 0 },
  );
  bench(
    "sharp: decode + one JPEG (reference)",
    async () => {
      await sharp(photo).jpeg({ quality: 80 }).toBuffer();
    },
    { iterations: 3, time: 0 },
  );
});

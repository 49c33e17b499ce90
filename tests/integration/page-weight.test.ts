/**
 * Byte budgets of the public read pages (docs/decisions/0012), on the production build with demo
 * data: first-load JavaScript at most 10 KB gzip, everything a first visit fetches under 40 KB gzip
 * (the HTML, its scripts and stylesheets, and the images it loads eagerly; lazy images wait until
 * they scroll into view). Deterministic: sizes, not timings.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { startServer, type ServerProcess } from "../support/server-process";

const JS_BUDGET = 10 * 1024;
const TOTAL_BUDGET = 40 * 1024;
const PAGES = [
  "/",
  "/?tab=standings",
  "/results",
  "/results/4",
  "/calendar",
  "/calendar/4",
  "/standings",
  "/competitor/1",
  "/competitor/2",
  "/competitor/2/vs/7",
  // The manage-my-entry page, as a wrong link shows it (a real link needs an entry e-mail).
  "/race-entry/not-a-real-token",
  "/no-such-page",
];

const database = await createTestDatabase();
let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: "1", LOG_LEVEL: "warn" });
}, 120_000);
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await database.drop();
});

async function gzipSize(url: string): Promise<number> {
  const response = await fetch(url);
  expect(response.status, url).toBeLessThan(400);
  return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 6 }).length;
}

/** What a first visit to the page fetches, by kind, in gzip bytes. */
async function firstLoad(path: string) {
  const response = await fetch(`${server.url}${path}`);
  const html = await response.text();
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(tag)?.[1];
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => attr(m[0], "src")).filter((s): s is string => !!s);
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)].map((m) => attr(m[0], "href")!);
  const styles = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*>/g)].map((m) => attr(m[0], "href")!);
  const images = [...html.matchAll(/<img\b[^>]*>/g)].filter((m) => !/loading="lazy"/.test(m[0])).map((m) => attr(m[0], "src")!);
  const inlineScripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  const sum = async (urls: string[]) => {
    let total = 0;
    for (const url of new Set(urls)) total += await gzipSize(new URL(url, server.url).href);
    return total;
  };
  const js = (await sum([...scripts, ...preloads])) + gzipSync(inlineScripts.join("")).length;
  const rest = (await sum(styles)) + (await sum(images));
  const document = gzipSync(html).length;
  return { js, total: document + js + rest };
}

describe("byte budgets of the public read pages", () => {
  for (const path of PAGES) {
    it(`${path}: JS <= 10 KB gzip, first load < 40 KB gzip`, async () => {
      const { js, total } = await firstLoad(path);
      expect(js, `${path} JavaScript`).toBeLessThanOrEqual(JS_BUDGET);
      expect(total, `${path} first load`).toBeLessThan(TOTAL_BUDGET);
      // Not vacuous: the page itself was measured.
      expect(total).toBeGreaterThan(1024);
    });
  }

  it("a forms page still ships its framework (the budget measures what it says)", async () => {
    const { js } = await firstLoad("/registration");
    expect(js).toBeGreaterThan(JS_BUDGET);
  });
});

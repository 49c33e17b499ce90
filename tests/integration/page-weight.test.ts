/**
 * Byte budgets of the public read pages (docs/decisions/0012), on the production build with demo
 * data: first-load JavaScript at most 10 KB gzip, everything a first visit fetches under 40 KB gzip
 * (the HTML, its scripts and stylesheets, and the images it loads eagerly; lazy images wait until
 * they scroll into view). Deterministic: sizes, not timings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { firstLoad as measure } from "../support/first-load";
import { startServer, type ServerProcess } from "../support/server-process";

const JS_BUDGET = 10 * 1024;
const TOTAL_BUDGET = 40 * 1024;
/** The public forms (decision 0033): their page script checks and asks in the browser. */
const FORM_JS_BUDGET = 20 * 1024;
const FORM_PAGES = [
  "/registration",
  "/race-registration",
  // The race-entry link page and the race e-mail preferences page, as a wrong link shows them.
  "/race-entry/not-a-real-token",
  `/messages/${"A".repeat(43)}`,
];
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
  "/news",
  // The demo data's notice pinned to the home page (a list, a link, tied to a race).
  "/news/1",
  // The manage-my-entry page, as a wrong link shows it (a real link needs an entry e-mail).
  "/race-entry/not-a-real-token",
  // The privacy notice with its request form, and a version's page (issue 35).
  "/privacy",
  "/privacy/v/1",
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

const firstLoad = (path: string) => measure(server.url, path);

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

  // Read pages keep their loader data out of the document (app/lib/platform/page.ts readPageData); a
  // hydrated page's client navigation (registration's redirect home) still gets all of it.
  it("a read page's data request carries its data", async () => {
    for (const [path, key] of [
      ["/_.data", "latestResults"],
      ["/results.data", "totalResults"],
      ["/standings.data", "seasonKey"],
    ] as const) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain(`"${key}"`);
    }
  });

  for (const path of FORM_PAGES) {
    it(`${path}: a public form, JS <= 20 KB gzip, first load < 40 KB gzip, no framework`, async () => {
      const { js, total } = await firstLoad(path);
      expect(js, `${path} JavaScript`).toBeLessThanOrEqual(FORM_JS_BUDGET);
      expect(total, `${path} first load`).toBeLessThan(TOTAL_BUDGET);
      expect(total).toBeGreaterThan(1024);
      const html = await (await fetch(new URL(path, server.url))).text();
      expect(html).not.toContain('rel="modulepreload"');
    });
  }

  it("the forms' page script is measured: it is on the page and weighs what it weighs", async () => {
    const html = await (await fetch(new URL("/registration", server.url))).text();
    expect(html).toContain("/js/public-forms.js");
    const { js } = await firstLoad("/registration");
    expect(js).toBeGreaterThan(4 * 1024);
  });

  it("the driver form is kept like a read page; race registration, whose races follow the clock, is not", async () => {
    const form = await fetch(new URL("/registration", server.url));
    expect(form.headers.get("cache-control")).toMatch(/^public/);
    const entries = await fetch(new URL("/race-registration", server.url));
    expect(entries.headers.get("cache-control")).toBe("private, no-store");
  });

  it("an admin page still ships its framework (the budget measures what it says)", async () => {
    const { js } = await firstLoad("/admin/login");
    expect(js).toBeGreaterThan(JS_BUDGET);
  });

  it("a read page carries its stylesheet inline (first paint in one round trip), a hydrated page links it", async () => {
    const read = await (await fetch(new URL("/results", server.url))).text();
    expect(read).toMatch(/<head>[\s\S]*<style>[\s\S]*\.ranked-table[\s\S]*<\/style>[\s\S]*<\/head>/);
    expect(read).not.toMatch(/<link[^>]*rel="stylesheet"/);
    const form = await (await fetch(new URL("/admin/login", server.url))).text();
    expect(form).toMatch(/<link[^>]*rel="stylesheet" href="\/assets\/[^"]+\.css"/);
  });

  it("serves the build's files with their lifetimes, and a page's address never as a file", async () => {
    const hashed = /\/assets\/[^"]+\.css/.exec(await (await fetch(new URL("/admin/login", server.url))).text())?.[0];
    expect(hashed).toBeTruthy();
    const asset = await fetch(new URL(hashed!, server.url));
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    for (const file of ["/sw.js", "/js/offline.js", "/js/public-forms.js", "/images/logo.svg"]) {
      const response = await fetch(new URL(file, server.url));
      expect(response.status, file).toBe(200);
      expect(response.headers.get("cache-control"), file).toBe("public, max-age=3600");
    }
    // A folder, or a file the build does not have, is the site's 404 page.
    for (const path of ["/js", "/js/", "/js/nope.js", "/images/nope.png"]) {
      const response = await fetch(new URL(path, server.url));
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain("<html");
    }
  });
});

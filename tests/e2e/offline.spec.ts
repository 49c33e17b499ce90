/**
 * Race day offline (docs/decisions/0018): a page the visitor opened still opens on a dead
 * connection, with a "saved at 14:05, offline" stamp; the admin area is never kept.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Offline, the browser reports what it could not fetch (images never scrolled into view).
// The worker under test (the other browser tests block it: playwright.config.ts).
test.use({ serviceWorkers: "allow", allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED/] });

/** Waits until the service worker controls the page (it claims open pages when it activates). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** The URLs the worker keeps in its pages cache (or another of its caches). */
async function keptPages(page: Page, name = "pages"): Promise<string[]> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
  }, name);
}

test("the calendar opens offline after a visit, with the time it was saved", async ({ page, context }) => {
  await page.goto("/calendar");
  await controlled(page);
  // The first visit came before the worker: it fetches the page again and keeps it.
  await expect.poll(() => keptPages(page)).toContain("/calendar");
  await expect.poll(() => keptPages(page, "site-files")).toContain("/js/offline.js");
  await expect(page.locator("#offline-stamp")).toBeHidden();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Racing Events", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "offline" })).toHaveText(/^saved at \d{2}:\d{2}, offline$/);

  // Back online, the page comes from the network again and the stamp goes.
  await context.setOffline(false);
  await page.reload();
  await expect(page.locator("#offline-stamp")).toBeHidden();
});

test("standings and the latest results opened online are there offline; a page never opened is not", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await controlled(page);
  await page.goto("/standings");
  const race = (await page.goto("/results"),
  await page.getByRole("link", { name: "Full Results" }).first().getAttribute("href"))!;
  await page.goto(race);
  await expect.poll(() => keptPages(page)).toEqual(expect.arrayContaining(["/", "/standings", "/results", race]));
  // The race page's picture and script load after the page: wait until the worker has kept them
  // too, or going offline races their caching (the worker then answers their fetch with an error).
  await page.waitForLoadState("networkidle");
  const files = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && /^\/(js|images)\//.test(url.pathname))
      .map((url) => url.pathname),
  );
  await expect.poll(() => keptPages(page, "site-files")).toEqual(expect.arrayContaining(files));

  await context.setOffline(true);
  for (const [path, heading] of [
    ["/standings", "Season Standings"],
    [race, /.+/],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(page.locator("#offline-stamp")).toHaveText(/^saved at \d{2}:\d{2}, offline$/);
  }
  // Never opened: the browser's own offline error, not a stale or wrong page.
  await expect(page.goto("/calendar?filter=past")).rejects.toThrow();
  await context.setOffline(false);
});

test("the admin area is never kept", async ({ page }) => {
  await page.goto("/calendar");
  await controlled(page);
  await page.goto("/admin/login");
  await page.goto("/registration");
  await page.goto("/calendar");
  const kept = await keptPages(page);
  expect(kept.filter((path) => path.startsWith("/admin"))).toEqual([]);
});

test("every page links the web app manifest, which names the club", async ({ page, request }) => {
  await page.goto("/standings");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as { name: string; icons: { src: string }[] };
  expect(manifest.name).toBe("Bermuda Radio Control Boat Club");
  for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
});

import { expect, test } from "./fixtures";

/**
 * docs/decisions/0012 and 0033: read pages and the public forms are server HTML; only the admin
 * area hydrates.
 */
const READ_PAGES = [
  "/",
  "/?tab=standings",
  "/results",
  "/results/4",
  "/calendar",
  "/calendar/4",
  "/standings",
  "/competitor/1",
  "/competitor/2/vs/7",
  "/no-such-page",
  "/registration",
  "/race-registration",
];

for (const path of READ_PAGES) {
  test(`${path} loads no framework script`, async ({ page, expectRefusal }) => {
    if (path === "/no-such-page") expectRefusal(path, 404);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(path);
    await page.waitForLoadState("load");
    expect(scripts.filter((src) => !src.startsWith("/js/"))).toEqual([]);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    // First paint in one round trip: the stylesheet is inlined, nothing render-blocking is fetched.
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    expect(await page.getByRole("banner").evaluate((el) => getComputedStyle(el).position)).toBe("sticky");
    for (const img of await page.locator("main img").all()) {
      expect(await img.getAttribute("width")).toMatch(/^\d+$/);
      expect(await img.getAttribute("height")).toMatch(/^\d+$/);
    }
  });
}

test("the admin login still hydrates", async ({ page }) => {
  // Module requests, not <link rel="modulepreload"> tags: React may drop those tags once it has hydrated.
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/admin/login");
  await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
  await expect.poll(() => scripts.filter((src) => src.startsWith("/assets/")).length).toBeGreaterThan(0);
});

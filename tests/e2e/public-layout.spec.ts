import type { Page } from "@playwright/test";
import { expect, PHONE, test } from "./fixtures";
import { waitForHydration } from "./public-helpers";

const NAV = [
  { name: "Results", path: "/results", heading: "Race Results Archive" },
  { name: "Standings", path: "/standings", heading: "Season Standings" },
  { name: "Calendar", path: "/calendar", heading: "Racing Events" },
  { name: "Home", path: "/", heading: null },
] as const;

test.describe("shared layout (desktop)", () => {
  test("the header navigation links lead to every public screen", async ({ page }) => {
    await page.goto("/standings");
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    await expect(nav.getByRole("link")).toHaveText(["Home", "Results", "Standings", "Calendar"]);
    // The mobile menu button only exists below the 768 px breakpoint.
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();

    for (const item of NAV) {
      await nav.getByRole("link", { name: item.name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === item.path);
      if (item.heading) await expect(page.getByRole("heading", { level: 1 })).toHaveText(item.heading);
      else await expect(page.getByRole("link", { name: "Latest Results" })).toBeVisible();
      await expect(nav.getByRole("link", { name: item.name, exact: true })).toHaveAttribute("aria-current", "page");
    }
  });

  test("the header logo leads home", async ({ page }) => {
    await page.goto("/calendar");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link").first().click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
  });

  test("the small Admin link goes to /admin/login", async ({ page }) => {
    await page.goto("/");
    const admin = page.getByRole("banner").getByRole("link", { name: "Admin", exact: true });
    await expect(admin).toBeVisible();
    await expect(admin).toHaveAttribute("href", "/admin/login");
    await waitForHydration(page);
    await admin.click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/login");
  });

  test("the footer shows the contact e-mail, mission quote, social links and navigation list", async ({ page }) => {
    await page.goto("/results");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toBeVisible();

    const email = footer.getByRole("link", { name: "info@example.org" });
    await expect(email).toBeVisible();
    await expect(email).toHaveAttribute("href", "mailto:info@example.org");

    const quote = footer.locator("blockquote");
    await expect(quote).toBeVisible();
    await expect(quote).toHaveText(/\w{3,}/);

    for (const name of ["Facebook", "Instagram", "YouTube"]) {
      const link = footer.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", /^https:\/\//);
    }

    await expect(footer.getByRole("heading", { name: "Navigation" })).toBeVisible();
    for (const item of NAV) {
      await expect(footer.getByRole("link", { name: item.name, exact: true })).toHaveAttribute("href", item.path);
    }
    // The club blurb mentions the founding year.
    await expect(footer).toContainText("1985");
  });

  test("a footer navigation link navigates", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Standings", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/standings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season Standings");
  });
});

/** The menu's button: the summary of a <details> (no JavaScript needed to open it). */
const menuButton = (page: Page) => page.getByRole("banner").locator("summary");

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: PHONE });

  test("the desktop navigation is hidden and the menu button opens a slide-in menu", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    const openButton = menuButton(page);
    await expect(openButton).toBeVisible();
    await expect(openButton).toHaveAccessibleName("Open menu");
    await openButton.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link")).toHaveText(["Home", "Results", "Standings", "Calendar"]);
    // Slides in from the right edge and fits on the phone screen.
    await expect
      .poll(async () => {
        const box = await menu.getByRole("list").boundingBox();
        return box ? Math.round(box.x + box.width) : null;
      })
      .toBeLessThanOrEqual(PHONE.width);
    const box = (await menu.getByRole("list").boundingBox())!;
    expect(box.width).toBeLessThan(PHONE.width);

    await menu.getByRole("link", { name: "Calendar", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/calendar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Racing Events");
    await expect(menu).toBeHidden();
  });

  test("the close button closes the menu, and it opens again", async ({ page }) => {
    await page.goto("/results");
    await menuButton(page).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await expect(menuButton(page)).toHaveAccessibleName("Close menu");
    await menuButton(page).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === "/results");
    await menuButton(page).click();
    await expect(menu).toBeVisible();
  });

  test("the menu works on a hydrated page too, and closes when a link is followed", async ({ page }) => {
    await page.goto("/registration");
    await waitForHydration(page);
    await menuButton(page).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "Standings", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season Standings");
    await expect(menu).toBeHidden();
  });
});

/** How far the page scrolls sideways: more than the viewport means the visitor must pan. */
async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test.describe("phone layout: no sideways scrolling at 375 px", () => {
  test.use({ viewport: PHONE });

  for (const path of ["/results", "/calendar", "/standings", "/no-such-page"]) {
    test(`${path} fits the screen`, async ({ page, expectRefusal }) => {
      if (path === "/no-such-page") expectRefusal(path, 404);
      await page.goto(path);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  }

  test("a racer's page fits the screen", async ({ page }) => {
    await page.goto("/standings");
    await page.goto((await page.getByRole("main").getByRole("table").getByRole("link").first().getAttribute("href"))!);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  // The two-column grids' main column needs min-w-0, or a wide table stretches the whole page.
  for (const path of ["/", "/?tab=standings"]) {
    test(`${path} fits the screen`, async ({ page }) => {
      await page.goto(path);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    });
  }

  test("a race page fits the screen", async ({ page }) => {
    await page.goto("/results");
    await page.goto((await page.getByRole("link", { name: "Full Results" }).first().getAttribute("href"))!);
    await expect(page.getByRole("main").getByRole("table").first()).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });
});

test.describe("404 page", () => {
  test("an unknown path shows 'Oops! Page not found' with a link home and HTTP 404", async ({ page, expectRefusal }) => {
    expectRefusal("/no-such-page", 404);
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found", { exact: true })).toBeVisible();
    // The layout stays around the 404 page.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    const home = page.getByRole("main").getByRole("link", { name: "Return to Home" });
    await expect(home).toHaveAttribute("href", "/");
    await waitForHydration(page);
    await home.click();
    await expect(page).toHaveURL((url) => url.pathname === "/");
    await expect(page.getByRole("link", { name: "Latest Results" })).toBeVisible();
  });

  test("a deeper unknown path is a 404 too", async ({ request }) => {
    const response = await request.get("/results/1/nothing-here");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });
});

test.describe("odd addresses", () => {
  test("malformed ids and query values give a 404 or the default view, never a server error", async ({ request }) => {
    const expectations: [path: string, status: number][] = [
      ["/results/0", 404],
      ["/results/-1", 404],
      ["/results/1.5", 404],
      ["/results/99999999999999999999", 404],
      ["/calendar/abc", 404],
      ["/competitor/0", 404],
      ["/competitor/1e3", 404],
      ["/results?year=abcd", 200],
      ["/results?year=99999", 200],
      ["/calendar?filter=bogus", 200],
      ["/standings?class=NoSuchClass", 200],
      ["/?tab=bogus", 200],
    ];
    for (const [path, status] of expectations) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(status);
    }
  });
});

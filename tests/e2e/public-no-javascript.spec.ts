/**
 * SPEC / issue 2 "Must show": the pages are rendered on the server, so with JavaScript disabled
 * every public page shows its content.
 */
import { EMPTY_SITE, expect, test } from "./fixtures";
import { card, href, LONG_DATE, readTable, readText } from "./public-helpers";

test.use({ javaScriptEnabled: false });

test.describe("public pages without JavaScript", () => {
  test("home: both tabs, the cards and working tab links", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveCount(4);
    const results = page.getByRole("main").getByRole("table").first();
    expect((await readTable(results)).headers).toEqual(["Pos", "Name", "Boat", "Best Lap", "Points"]);
    await expect(page.getByRole("link", { name: "Full Results" })).toBeVisible();
    await expect(card(page, "Welcome")).toContainText("1985");
    await expect(card(page, "Next Event").getByText(LONG_DATE)).toBeVisible();
    await expect(card(page, "Classes")).toContainText("Superboat");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "info@example.org" })).toBeVisible();

    await page.getByRole("link", { name: "Latest Standings" }).click();
    await expect(page).toHaveURL(/\?tab=standings$/);
    await expect(card(page, "Championship Standings").locator("tbody tr")).toHaveCount(5);
  });

  test("results archive and a race page", async ({ page }) => {
    await page.goto("/results");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Race Results Archive");
    await expect(page.getByLabel("Year")).toBeVisible();
    await expect(page.getByRole("button", { name: "Filter" })).toBeVisible();
    expect(await page.getByRole("main").getByRole("table").count()).toBeGreaterThan(1);

    await page.getByRole("link", { name: "Full Results" }).first().click();
    await expect(page).toHaveURL(/\/results\/\d+$/);
    const { headers, rows } = await readTable(page.getByRole("main").getByRole("table").first());
    expect(headers).toEqual(["Pos", "Racer", "Boat", "Best Lap", "Total Time", "Laps", "Points"]);
    expect(rows.length).toBeGreaterThan(0);
    await expect(card(page, "Race Details").getByText("Completed", { exact: true })).toBeVisible();
    await expect(card(page, "Location")).toBeVisible();
  });

  test("calendar, its tabs and a race's details", async ({ page }) => {
    await page.goto("/calendar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Racing Events");
    await expect(page.getByRole("main").getByText(LONG_DATE).first()).toBeVisible();
    expect(await page.getByRole("main").getByRole("link", { name: "View Results" }).count()).toBeGreaterThan(0);

    const tabs = page.getByRole("navigation", { name: "Filter events" });
    await tabs.getByRole("link", { name: "Today", exact: true }).click();
    await expect(page).toHaveURL(/filter=today$/);
    await expect(tabs.getByRole("link", { name: "Today", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("main").getByText("Today", { exact: true }).last()).toBeVisible();

    await tabs.getByRole("link", { name: "Upcoming", exact: true }).click();
    await expect(page).toHaveURL(/filter=upcoming$/);
    await page.getByRole("main").getByRole("link", { name: "View Details" }).first().click();
    await expect(page).toHaveURL(/\/calendar\/\d+$/);
    await expect(page.getByText("Results Not Available", { exact: true })).toBeVisible();
    await expect(card(page, "Race Details").getByText("Upcoming", { exact: true })).toBeVisible();
  });

  test("standings, a class tab and a racer profile", async ({ page }) => {
    await page.goto("/standings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season Standings");
    const table = page.getByRole("main").getByRole("table");
    expect((await readTable(table)).headers).toEqual(["Pos", "Racer", "Boat", "Class", "Wins", "Points"]);
    await expect(table.getByRole("img", { name: "Gold medal" })).toBeVisible();

    await page.getByRole("navigation", { name: "Boat class" }).getByRole("link", { name: "Superboat" }).click();
    await expect(page).toHaveURL(/class=Superboat$/);
    for (const row of (await readTable(table)).rows) expect(row[3]).toBe("Superboat");

    const racer = table.locator("tbody tr").first().getByRole("link");
    const name = await readText(racer);
    const path = await href(racer);
    await racer.click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(card(page, "Racer Profile")).toBeVisible();
    await expect(card(page, "Statistics")).toBeVisible();
    expect((await readTable(card(page, "Race Results").getByRole("table"))).rows.length).toBeGreaterThan(0);
  });

  test("not-found pages", async ({ page, expectRefusal }) => {
    for (const path of ["/no-such-page", "/results/999999", "/competitor/999999"]) expectRefusal(path, 404);
    expect((await page.goto("/no-such-page"))?.status()).toBe(404);
    await expect(page.getByText("Oops! Page not found", { exact: true })).toBeVisible();
    expect((await page.goto("/results/999999"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Race Not Found" })).toBeVisible();
    expect((await page.goto("/competitor/999999"))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Racer Not Found" })).toBeVisible();
  });

  test("empty site: the empty states", async ({ page }) => {
    await page.goto(`${EMPTY_SITE}/`);
    await expect(page.getByText("No race results available yet.", { exact: true })).toBeVisible();
    await expect(page.getByText("No upcoming events scheduled yet.", { exact: true })).toBeVisible();
    await page.goto(`${EMPTY_SITE}/results`);
    await expect(
      page.getByText("No race results found for the selected filters.", {
        exact: true,
      }),
    ).toBeVisible();
    await page.goto(`${EMPTY_SITE}/calendar?filter=past`);
    await expect(page.getByText("No past events found.", { exact: true })).toBeVisible();
    await page.goto(`${EMPTY_SITE}/standings`);
    await expect(
      page.getByText("No standings data available for this class.", {
        exact: true,
      }),
    ).toBeVisible();
  });
});

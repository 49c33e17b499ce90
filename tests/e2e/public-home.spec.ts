import { EMPTY_SITE, expect, test } from "./fixtures";
import { card, heatGroups, href, LONG_DATE, readTable, waitForHydration } from "./public-helpers";

test.describe("home page with demo data", () => {
  test("Latest Results shows the most recent completed race with a Full Results link", async ({ page }) => {
    // The archive lists completed races newest first: its first race is the latest one.
    await page.goto("/results");
    const newest = page.getByRole("main").locator("section").first();
    const newestTitle = (await newest.getByRole("heading", { level: 2 }).innerText()).trim();
    const newestHref = await href(newest.getByRole("link", { name: "Full Results" }));
    expect(newestHref).toMatch(/^\/results\/\d+$/);

    await page.goto("/");
    const tabs = page.getByRole("navigation", { name: "Latest" });
    await expect(tabs.getByRole("link", { name: "Latest Results" })).toHaveAttribute("aria-current", "page");
    await expect(tabs.getByRole("link", { name: "Latest Standings" })).not.toHaveAttribute("aria-current", "page");

    const latest = card(page, newestTitle);
    await expect(latest).toBeVisible();
    await expect(latest.getByText(LONG_DATE)).toBeVisible();

    const table = latest.getByRole("table");
    await expect(table).toHaveCount(1);
    for (const heat of await heatGroups(table)) {
      const { headers, rows } = await readTable(heat);
      expect(headers).toEqual(["Pos", "Name", "Boat", "Best Lap", "Points"]);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((row) => Number(row[0]))).toEqual(rows.map((_, i) => i + 1));
    }
    const names = latest.getByRole("table").first().getByRole("link");
    for (const link of await names.all()) await expect(link).toHaveAttribute("href", /^\/competitor\/\d+$/);

    const fullResults = latest.getByRole("link", { name: "Full Results" });
    await expect(fullResults).toHaveAttribute("href", newestHref);
    await waitForHydration(page);
    await fullResults.click();
    await expect(page).toHaveURL((url) => url.pathname === newestHref);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newestTitle);
  });

  test("a racer's name in the latest results opens the racer's profile", async ({ page }) => {
    await page.goto("/");
    const first = page.getByRole("main").getByRole("table").first().getByRole("link").first();
    const name = (await first.innerText()).trim();
    const target = await href(first);
    await waitForHydration(page);
    await first.click();
    await expect(page).toHaveURL((url) => url.pathname === target);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("Latest Standings shows the top 5 of the championship with a View All button", async ({ page }) => {
    await page.goto("/standings");
    const { rows: season } = await readTable(page.getByRole("main").getByRole("table"));
    const seasonTop5 = season.slice(0, 5).map((row) => ({ name: row[1], points: row[5] }));

    await page.goto("/");
    await waitForHydration(page);
    const tabs = page.getByRole("navigation", { name: "Latest" });
    await tabs.getByRole("link", { name: "Latest Standings" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("tab") === "standings");
    await expect(tabs.getByRole("link", { name: "Latest Standings" })).toHaveAttribute("aria-current", "page");

    const standings = card(page, "Championship Standings");
    await expect(standings).toBeVisible();
    const table = standings.getByRole("table");
    await expect(table.locator("tbody tr")).toHaveCount(5);
    const { headers, rows } = await readTable(table);
    expect(headers).toEqual(["Pos", "Name", "Boat", "Wins", "Points"]);
    expect(rows.map((row) => row[0])).toEqual(["1", "2", "3", "4", "5"]);
    expect(rows.map((row) => ({ name: row[1], points: row[4] }))).toEqual(seasonTop5);
    for (const link of await table.getByRole("link").all()) {
      await expect(link).toHaveAttribute("href", /^\/competitor\/\d+$/);
    }

    await standings.getByRole("link", { name: "View All" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/standings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season Standings");
  });

  test("the Latest Results tab brings the results back", async ({ page }) => {
    await page.goto("/?tab=standings");
    await waitForHydration(page);
    await page.getByRole("navigation", { name: "Latest" }).getByRole("link", { name: "Latest Results" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/" && url.search === "");
    await expect(page.getByRole("link", { name: "Full Results" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Championship Standings" })).toBeHidden();
  });

  test("Welcome, Next Event and Classes cards", async ({ page }) => {
    // The next event: the earliest not-yet-completed race dated today or later.
    await page.goto("/calendar");
    const next = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: "View Details" }) })
      .filter({ hasNot: page.getByText("Past", { exact: true }) })
      .first();
    const nextTitle = (await next.getByRole("heading").innerText()).trim();
    const nextDate = (await next.getByText(LONG_DATE).innerText()).trim();
    const nextHref = await href(next.getByRole("link", { name: "View Details" }));

    await page.goto("/");
    // Hero banner: the club heading and an invitation to check results, races and standings.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const hero = page.getByRole("main").locator("section").first();
    await expect(hero).toContainText(/results/i);
    await expect(hero).toContainText(/standings/i);
    const welcome = card(page, "Welcome");
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText("1985");

    const nextEvent = card(page, "Next Event");
    await expect(nextEvent).toContainText(nextTitle);
    await expect(nextEvent.getByText(nextDate, { exact: true })).toBeVisible();
    await expect(nextEvent.getByRole("link", { name: "View Details" })).toHaveAttribute("href", nextHref);

    const classes = card(page, "Classes");
    await expect(classes.getByRole("listitem")).toHaveCount(2);
    await expect(classes.getByRole("listitem").nth(0)).toContainText("Open");
    await expect(classes.getByRole("listitem").nth(0)).toContainText("40cc");
    await expect(classes.getByRole("listitem").nth(1)).toContainText("Superboat");
    await expect(classes.getByRole("listitem").nth(1)).toContainText(/41 to 70\s?cc/);
  });
});

test.describe("home page on an empty site", () => {
  test("shows SPEC's empty states", async ({ page }) => {
    await page.goto(`${EMPTY_SITE}/`);
    await expect(page.getByText("No race results available yet.", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Full Results" })).toHaveCount(0);
    await expect(
      card(page, "Next Event").getByText("No upcoming events scheduled yet.", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(card(page, "Welcome")).toContainText("1985");
    await expect(card(page, "Classes")).toContainText("Superboat");
  });

  test("the standings tab has no rows", async ({ page }) => {
    await page.goto(`${EMPTY_SITE}/?tab=standings`);
    const standings = card(page, "Championship Standings");
    await expect(standings).toBeVisible();
    await expect(standings.getByRole("table")).toHaveCount(0);
    await expect(standings.getByRole("link", { name: "View All" })).toHaveAttribute("href", "/standings");
  });
});

import type { Page } from "@playwright/test";
import { EMPTY_SITE, expect, test } from "./fixtures";
import { card, heatGroups, heatRows, href, LONG_DATE, readTable, specPoints, waitForHydration } from "./public-helpers";

/** The dates of the race cards on /results, in page order. */
async function archiveDates(page: Page): Promise<string[]> {
  return (await page.getByRole("main").locator("section").getByText(LONG_DATE).allInnerTexts()).map((t) => t.trim());
}

async function yearOptions(page: Page): Promise<string[]> {
  return (await page.getByLabel("Year").locator("option").allInnerTexts()).map((t) => t.trim());
}

test.describe("/results archive", () => {
  test("title, year filter options newest first, and completed races newest first", async ({ page }) => {
    await page.goto("/results");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Race Results Archive");

    const options = await yearOptions(page);
    expect(options[0]).toBe("All Years");
    const years = options.slice(1).map(Number);
    expect(years.length).toBeGreaterThan(0);
    years.forEach((year) => expect(year).toBeGreaterThan(1984));
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(new Set(years).size).toBe(years.length);
    await expect(page.getByLabel("Year")).toHaveValue("");

    const dates = await archiveDates(page);
    expect(dates.length).toBeGreaterThan(0);
    // Every year in the filter has at least one race, and every race's year is in the filter.
    const raceYears = new Set(dates.map((d) => Number(d.slice(-4))));
    expect([...raceYears].sort((a, b) => b - a)).toEqual(years);
    const times = dates.map((d) => Date.parse(d.replace(/^\w+, /, "")));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // Each race shows a results table with the summary columns and a Full Results link.
    const first = page.getByRole("main").locator("section").first();
    expect((await readTable(first.getByRole("table").first())).headers).toEqual(["Pos", "Name", "Boat", "Best Lap", "Points"]);
    await expect(first.getByRole("link", { name: "Full Results" })).toHaveAttribute("href", /^\/results\/\d+$/);
    // The archive shows the front of each heat and says where the rest is (the race page).
    // One results table per race (SPEC), the front of each class and heat in its own row group.
    await expect(first.getByRole("table")).toHaveCount(1);
    for (const heat of await heatGroups(first.getByRole("table"))) {
      const { rows } = await readTable(heat);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(3);
    }
    await expect(first.getByText(/^The first 3 of each heat; Full Results lists all \d+\.$/)).toBeVisible();
  });

  test("choosing a year shows only that year's races", async ({ page }) => {
    await page.goto("/results");
    const all = await archiveDates(page);
    const years = (await yearOptions(page)).slice(1);
    // The oldest year: a different set of races from the default view.
    const year = years[years.length - 1]!;
    const expected = all.filter((d) => d.endsWith(`, ${year}`));

    await waitForHydration(page);
    await page.getByLabel("Year").selectOption(year);
    await expect(page).toHaveURL((url) => url.searchParams.get("year") === year);
    await expect.poll(() => archiveDates(page)).toEqual(expected);
    await expect(page.getByLabel("Year")).toHaveValue(year);

    // Back to all years (a new document: wait for it before reading).
    await page.getByLabel("Year").selectOption({ label: "All Years" });
    await expect(page).toHaveURL((url) => url.pathname === "/results" && !url.searchParams.get("year"));
    await page.waitForLoadState("load");
    await expect.poll(() => archiveDates(page)).toEqual(all);
  });

  test("a year link can be shared: /results?year=YYYY renders the filtered list", async ({ page }) => {
    await page.goto("/results");
    const years = (await yearOptions(page)).slice(1);
    const year = years[0]!;
    await page.goto(`/results?year=${year}`);
    await expect(page.getByLabel("Year")).toHaveValue(year);
    const dates = await archiveDates(page);
    expect(dates.length).toBeGreaterThan(0);
    for (const date of dates) expect(date).toMatch(new RegExp(`, ${year}$`));
  });

  test("a year without races shows the empty message", async ({ page }) => {
    await page.goto("/results?year=1990");
    await expect(
      page.getByText("No race results found for the selected filters.", {
        exact: true,
      }),
    ).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the year filter works with its Filter button", async ({ page }) => {
      await page.goto("/results");
      const all = await archiveDates(page);
      const years = (await yearOptions(page)).slice(1);
      const year = years[years.length - 1]!;
      await page.getByLabel("Year").selectOption(year);
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("year") === year);
      expect(await archiveDates(page)).toEqual(all.filter((d) => d.endsWith(`, ${year}`)));
    });
  });

  test("empty site: 'No race results found for the selected filters.'", async ({ page }) => {
    await page.goto(`${EMPTY_SITE}/results`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Race Results Archive");
    await expect(
      page.getByText("No race results found for the selected filters.", {
        exact: true,
      }),
    ).toBeVisible();
    expect(await yearOptions(page)).toEqual(["All Years"]);
  });
});

/** The path of a completed race run in two heats, found through the archive. */
async function twoHeatRacePath(page: Page): Promise<{ path: string; title: string }> {
  await page.goto("/results");
  const race = page
    .getByRole("main")
    .locator("section")
    .filter({
      has: page.getByRole("heading", { name: "Open, Heat 2", exact: true }),
    })
    .first();
  const title = (await race.getByRole("heading", { level: 2 }).innerText()).trim();
  return {
    path: await href(race.getByRole("link", { name: "Full Results" })),
    title,
  };
}

test.describe("/results/:id", () => {
  test("a race run in two heats: results grouped by class and heat, SPEC's points, side cards", async ({ page }) => {
    const { path, title } = await twoHeatRacePath(page);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("main").getByText(LONG_DATE).first()).toBeVisible();

    const groups = (await page.getByRole("main").getByRole("heading", { level: 3 }).allInnerTexts()).map((t) => t.trim());
    expect(groups).toEqual(expect.arrayContaining(["Open, Heat 1", "Open, Heat 2"]));
    for (const group of groups) expect(group).toMatch(/^(Open|Superboat), Heat \d$/);
    // Grouped in class order, then heat order.
    expect(groups).toEqual(
      [...groups].sort((a, b) =>
        a.startsWith("Open") === b.startsWith("Open") ? a.localeCompare(b) : a.startsWith("Open") ? -1 : 1,
      ),
    );

    for (const group of groups) {
      const { headers, rows } = await readTable(heatRows(page, group));
      expect(headers, group).toEqual(["Pos", "Racer", "Boat", "Best Lap", "Total Time", "Laps", "Points"]);
      expect(rows.length, group).toBeGreaterThan(0);
      rows.forEach((row, i) => {
        expect(Number(row[0]), `${group} position`).toBe(i + 1);
        expect(Number(row[6]), `${group} points for position ${row[0]}`).toBe(specPoints(Number(row[0])));
        expect(row[3], "best lap").toMatch(/^\d+:\d{2}\.\d{2}$/);
        expect(row[5], "laps").toMatch(/^\d+$/);
      });
    }
    // SPEC's table from the top: 25, 20, 15.
    const top3 = (await readTable(heatRows(page, "Open, Heat 1"))).rows.slice(0, 3).map((r) => r[6]);
    expect(top3).toEqual(["25", "20", "15"]);

    const details = card(page, "Race Details");
    await expect(details).toBeVisible();
    // The header, the details card and the Location card show the same place.
    const location = (
      await details.locator("dt").getByText("Location", { exact: true }).locator("xpath=following-sibling::dd[1]").innerText()
    ).trim();
    expect(location.length).toBeGreaterThan(1);
    await expect(page.getByRole("main").locator("header")).toContainText(location);
    await expect(card(page, "Location")).toContainText(location);
    await expect(details.getByText("Completed", { exact: true })).toBeVisible();
    await expect(details.getByText(LONG_DATE)).toBeVisible();
    await expect(card(page, "Location")).toBeVisible();
    await expect(page.getByText("Results Not Available")).toHaveCount(0);
  });

  test("a racer's name opens the racer's profile", async ({ page }) => {
    const { path } = await twoHeatRacePath(page);
    await page.goto(path);
    const racer = heatRows(page, "Open, Heat 2").getByRole("link").first();
    const name = (await racer.innerText()).trim();
    const target = await href(racer);
    expect(target).toMatch(/^\/competitor\/\d+$/);
    await waitForHydration(page);
    await racer.click();
    await expect(page).toHaveURL((url) => url.pathname === target);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("an upcoming race via /calendar/:id: 'Results Not Available', status Upcoming", async ({ page }) => {
    await page.goto("/calendar?filter=upcoming");
    const details = page.getByRole("main").getByRole("link", { name: "View Details" }).first();
    const path = await href(details);
    expect(path).toMatch(/^\/calendar\/\d+$/);
    await waitForHydration(page);
    await details.click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByText("Results Not Available", { exact: true })).toBeVisible();
    await expect(card(page, "Race Details").getByText("Upcoming", { exact: true })).toBeVisible();
    await expect(card(page, "Location")).toBeVisible();
    // /results/:id is the same screen.
    await page.goto(path.replace("/calendar/", "/results/"));
    await expect(page.getByText("Results Not Available", { exact: true })).toBeVisible();
  });

  test("today's race: status Completed (Upcoming only when the date is in the future)", async ({ page }) => {
    await page.goto("/calendar?filter=today");
    const path = await href(
      page
        .getByRole("main")
        .getByRole("link", { name: /View (Details|Results)/ })
        .first(),
    );
    await page.goto(path);
    await expect(card(page, "Race Details").getByText("Completed", { exact: true })).toBeVisible();
    await expect(card(page, "Race Details").getByText("Upcoming", { exact: true })).toHaveCount(0);
  });

  for (const path of ["/results/999999", "/results/abc", "/calendar/999999"]) {
    test(`${path}: 'Race Not Found' with a link back to /results and HTTP 404`, async ({ page, expectRefusal }) => {
      expectRefusal(path, 404);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Race Not Found" })).toBeVisible();
      const back = page.getByRole("main").getByRole("link", { name: /results/i });
      await expect(back).toHaveAttribute("href", "/results");
      await waitForHydration(page);
      await back.click();
      await expect(page).toHaveURL((url) => url.pathname === "/results");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Race Results Archive");
    });
  }
});

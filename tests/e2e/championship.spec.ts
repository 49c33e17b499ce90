/**
 * The season championship in the browser: the season selector (with and without JavaScript), the
 * round-by-round grid, the progression chart and its text equivalent, the CSV, and /admin/seasons.
 */
import type { Page } from "@playwright/test";
import { ADMIN, ADMIN_SITE, logIn, test as adminTest, toast } from "./admin-support";
import { expect, PHONE, test } from "./fixtures";
import { createDriver, createRace, createResult, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { readTable } from "./public-helpers";

/** Demo data has last season's and this season's races: the newest year offered is this one. */
async function seasonOptions(page: Page) {
  return page
    .getByLabel("Season")
    .locator("option")
    .evaluateAll((options) => options.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? "" })));
}

test.describe("season standings with demo data", () => {
  test("the selector offers every season with results, newest first, and picking one shows it", async ({ page }) => {
    await page.goto("/standings");
    const options = await seasonOptions(page);
    const years = options.filter((o) => /^\d{4}$/.test(o.value)).map((o) => Number(o.value));
    expect(years.length).toBeGreaterThanOrEqual(2);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(options.at(-1)).toEqual({ value: "all", label: "All seasons" });
    // No season defined: the default is SPEC's standings of every result.
    await expect(page.getByLabel("Season")).toHaveValue("all");

    const last = String(years[1]);
    await page.getByLabel("Season").selectOption(last);
    await expect(page).toHaveURL((url) => url.searchParams.get("season") === last);
    await expect(page.getByRole("heading", { name: "Open", level: 2 })).toBeVisible();
    await expect(page.getByRole("table").first()).toContainText(`${last} Season: points per round`);
    // Class tabs keep the season.
    await page.getByRole("navigation", { name: "Boat class" }).getByRole("link", { name: "Superboat", exact: true }).click();
    await expect(page).toHaveURL(
      (url) => url.searchParams.get("season") === last && url.searchParams.get("class") === "Superboat",
    );
    await expect(page.getByRole("main").getByRole("heading", { level: 2 })).toHaveText(["Superboat"]);
  });

  test("the home page's Latest Standings has the same selector", async ({ page }) => {
    await page.goto("/?tab=standings");
    const year = (await seasonOptions(page)).find((o) => /^\d{4}$/.test(o.value))!.value;
    await page.getByLabel("Season").selectOption(year);
    await expect(page).toHaveURL((url) => url.searchParams.get("season") === year && url.searchParams.get("tab") === "standings");
    await expect(page.getByRole("heading", { name: "Open", level: 3 })).toBeVisible();
    await expect(page.getByRole("link", { name: "View All" })).toHaveAttribute("href", `/standings?season=${year}`);
  });

  test("the grid: one column per round, totals are the sum of the rounds", async ({ page }) => {
    await page.goto("/standings");
    const year = (await seasonOptions(page)).find((o) => /^\d{4}$/.test(o.value))!.value;
    await page.goto(`/standings?season=${year}&class=Open`);
    const { headers, rows } = await readTable(page.getByRole("table"));
    const rounds = headers.filter((h) => /^R\d+/.test(h));
    expect(rounds.length).toBeGreaterThan(0);
    expect(headers.slice(0, 2)).toEqual(["Pos", "Racer"]);
    expect(headers.slice(-3)).toEqual(["Points", "Wins", "Podiums"]);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      const cells = row.slice(2, 2 + rounds.length).map((c) => (c === "" ? 0 : Number(c)));
      expect(
        cells.reduce((a, b) => a + b, 0),
        row[1],
      ).toBe(Number(row[2 + rounds.length]));
    }
    const totals = rows.map((row) => Number(row[2 + rounds.length]));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    // Every round header links to its race and names it for screen readers.
    const first = page.getByRole("columnheader").filter({ hasText: /^R1\b/ }).getByRole("link");
    await expect(first).toHaveAttribute("href", /^\/results\/\d+$/);
  });

  test("racers level on points: the grid says why the upper one is ahead", async ({ page }) => {
    // Its own season on the own-data site: 1991 has no other test's results.
    const family = uniqueName();
    await withSiteDatabase(async (db) => {
      const race = await createRace(db, { title: `Count-back Cup ${family}`, date: "1991-06-01" });
      const dan = await createDriver(db, { firstName: "Dan", lastName: family, boatNumber: "41" });
      const eve = await createDriver(db, { firstName: "Eve", lastName: family, boatNumber: "42" });
      // Dan: 20 + 15 = 35; Eve: 25 + 10 = 35 with a win.
      await createResult(db, { raceId: race.id, competitorId: dan.id, position: 2, heatNumber: 1 });
      await createResult(db, { raceId: race.id, competitorId: dan.id, position: 3, heatNumber: 2 });
      await createResult(db, { raceId: race.id, competitorId: eve.id, position: 1, heatNumber: 1 });
      await createResult(db, { raceId: race.id, competitorId: eve.id, position: 6, heatNumber: 2 });
    });
    await page.goto(`${OWN_DATA_SITE}/standings?season=1991&class=Open`);
    const { headers, rows } = await readTable(page.getByRole("table"));
    const points = headers.indexOf("Points");
    expect(rows.map((r) => [r[0], r[1]!.split("\n")[0]!.trim(), r[points]])).toEqual([
      ["1", `Eve ${family}`, "35"],
      ["2", `Dan ${family}`, "35"],
    ]);
    expect(rows[0]![1]).toMatch(/ahead on count-back: 1 wins? to 0/);
    expect(rows[1]![1]).not.toContain("count-back");
  });

  test("the chart: an accessible SVG drawn by the server, readable at 375 px, with the grid as its table", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/standings");
    const year = (await seasonOptions(page)).find((o) => /^\d{4}$/.test(o.value))!.value;
    await page.goto(`/standings?season=${year}&class=Open`);
    const chart = page.getByRole("img", { name: `Open points progression, ${year} Season` });
    await expect(chart).toBeVisible();
    await expect(chart.locator("desc")).toContainText("The table above gives every round's points.");
    const { rows } = await readTable(page.getByRole("table"));
    const lines = Math.min(10, rows.length);
    await expect(chart.locator("path")).toHaveCount(lines);
    // The key names the racers in standings order; the description gives their totals.
    await expect(page.getByRole("list", { name: "Chart key" }).getByRole("listitem")).toHaveText(
      rows.slice(0, lines).map((r) => r[1]!.split("\n")[0]!.trim()),
    );
    await expect(chart.locator("desc")).toContainText(`${rows[0]![1]!.split("\n")[0]!.trim()} ${rows[0]!.at(-3)}`);
    const box = await chart.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    expect(box!.width).toBeGreaterThan(300);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  });

  test("without JavaScript the selector's Show button picks the season", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/standings?class=Open");
    const year = (await seasonOptions(page)).find((o) => /^\d{4}$/.test(o.value))!.value;
    await page.getByLabel("Season").selectOption(year);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("season") === year && url.searchParams.get("class") === "Open");
    await expect(page.getByRole("heading", { name: "Open", level: 2 })).toBeVisible();
    await context.close();
  });

  test("the CSV has the page's rows", async ({ page, request }) => {
    await page.goto("/standings");
    const year = (await seasonOptions(page)).find((o) => /^\d{4}$/.test(o.value))!.value;
    await page.goto(`/standings?season=${year}&class=Open`);
    const { rows } = await readTable(page.getByRole("table"));
    const link = page.getByRole("link", { name: "Download CSV" });
    await expect(link).toHaveAttribute("href", `/standings.csv?season=${year}&class=Open`);
    const response = await request.get((await link.getAttribute("href"))!);
    expect(response.headers()["content-type"]).toContain("text/csv");
    const lines = (await response.text()).trim().split("\r\n").slice(1);
    expect(lines).toHaveLength(rows.length);
    lines.forEach((line, i) => {
      const cells = line.split(",");
      expect(cells.slice(0, 3)).toEqual([`${year} Season`, "Open", rows[i]![0]]);
      expect(line).toContain(rows[i]![1]!.split("\n")[0]!.trim());
      expect(cells.at(-4)).toBe(rows[i]!.at(-3));
    });
  });

  test("an unknown season is a 404", async ({ page, expectRefusal }) => {
    expectRefusal("/standings?season=1900", 404);
    const response = await page.goto("/standings?season=1900");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season Not Found");
  });
});

adminTest.describe("/admin/seasons", () => {
  adminTest("an admin creates and edits a season; the standings show its rules", async ({ page }) => {
    await logIn(page, ADMIN_SITE, ADMIN);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Seasons" }).click();
    await expect(page.getByRole("heading", { name: "Season Management" })).toBeVisible();
    await page.getByRole("link", { name: "Add Season" }).click();
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Add Season" }) });
    // SPEC's table is the default.
    await expect(form.getByLabel("Points for 1st, 2nd, 3rd, ...")).toHaveValue("25, 20, 15, 13, 11, 10, 9, 8, 7, 6");
    await expect(form.getByLabel("Points for every place below the table")).toHaveValue("5");
    // A future season: it must not change the default standings other tests of this site read.
    await form.getByLabel("Name").fill("Far Future Cup");
    await form.getByLabel("Short form").fill("2098");
    await form.getByLabel("First day").fill("2098-01-01");
    await form.getByLabel("Last day").fill("2097-12-31");
    await form.getByRole("button", { name: "Add Season" }).click();
    await expect(form.getByText("The last day must be on or after the first day.")).toBeVisible();
    await form.getByLabel("Last day").fill("2098-12-31");
    await form.getByLabel("Rounds dropped").fill("2");
    await form.getByLabel("…once this many rounds were run").fill("6");
    await form.getByRole("button", { name: "Add Season" }).click();
    await expect(toast(page, "Season created successfully")).toBeVisible();
    const row = page.getByRole("row", { name: /Far Future Cup/ });
    await expect(row).toContainText("worst 2 rounds are dropped once 6 rounds have been run");

    await row.getByRole("link", { name: "Edit Far Future Cup" }).click();
    await page.getByLabel("Best rounds counted").fill("7");
    await page.getByRole("button", { name: "Update Season" }).click();
    await expect(toast(page, "Season updated successfully")).toBeVisible();
    await expect(page.getByRole("row", { name: /Far Future Cup/ })).toContainText("best 7 rounds count");

    await page.goto(`${ADMIN_SITE}/standings?season=2098`);
    await expect(page.getByRole("list", { name: "Championship rules" })).toContainText("Each racer's best 7 rounds count.");
    await expect(page.getByText("No standings data available for this class.")).toBeVisible();
  });

  adminTest("the race form has the championship flag, on by default", async ({ page }) => {
    await logIn(page, ADMIN_SITE, ADMIN);
    await page.goto(`${ADMIN_SITE}/admin/races`);
    await page.getByRole("button", { name: "Add Race" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Race" });
    await expect(dialog.getByLabel("Counts for the championship")).toBeChecked();
  });

  adminTest("without JavaScript a bad season is refused with its message", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await logIn(page, ADMIN_SITE, ADMIN);
    await page.goto(`${ADMIN_SITE}/admin/seasons?new`);
    await page.getByLabel("Points for 1st, 2nd, 3rd, ...").fill("25, lots");
    await page.getByRole("button", { name: "Add Season" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to create season" })).toBeVisible();
    await expect(page.getByText("Points: 1 to 50 whole numbers of 0 or more, separated by commas.")).toBeVisible();
    await context.close();
  });
});

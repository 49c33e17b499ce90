import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { card, href, readTable, readText, waitForHydration } from "./public-helpers";

/** The value shown next to a label in a card's description list. */
function definition(scope: Locator, term: string): Locator {
  return scope.locator("dt").getByText(term, { exact: true }).locator("xpath=following-sibling::dd[1]");
}

async function numberIn(locator: Locator): Promise<number> {
  return Number((await locator.innerText()).trim());
}

/** The season standings row of the racer in place `index` (0 = leader). */
async function standingsRow(page: Page, index: number) {
  await page.goto("/standings");
  const table = page.getByRole("main").getByRole("table");
  const row = table.locator("tbody tr").nth(index);
  const cells = (await readTable(table)).rows[index]!;
  return {
    name: cells[1]!,
    boat: cells[2]!,
    boatClass: cells[3]!,
    wins: Number(cells[4]),
    points: Number(cells[5]),
    path: await href(row.getByRole("link")),
  };
}

test.describe("/competitor/:id", () => {
  test("header, Racer Profile, Statistics and Race Results agree with each other and with the standings", async ({ page }) => {
    const leader = await standingsRow(page, 0);
    const response = await page.goto(leader.path);
    expect(response?.status()).toBe(200);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(leader.name);
    await expect(page.getByText(`${leader.boat} - ${leader.boatClass}`, { exact: true })).toBeVisible();

    const profile = card(page, "Racer Profile");
    await expect(profile).toBeVisible();
    await expect(definition(profile, "Name")).toHaveText(leader.name);
    await expect(definition(profile, "Boat")).toHaveText(leader.boat);
    await expect(definition(profile, "Class")).toHaveText(leader.boatClass);

    const stats = card(page, "Statistics");
    await expect(stats).toBeVisible();
    const races = await numberIn(definition(stats, "Races"));
    const points = await numberIn(definition(stats, "Points"));
    const wins = await numberIn(definition(stats, "Wins"));
    const podiums = await numberIn(definition(stats, "Podiums"));

    const results = card(page, "Race Results");
    const { headers, rows } = await readTable(results.getByRole("table"));
    expect(headers).toEqual(["Race", "Date", "Position", "Best Lap", "Points"]);
    expect(rows.length).toBeGreaterThan(0);

    const positions = rows.map((row) => Number(row[2]));
    const rowPoints = rows.map((row) => Number(row[4]));
    const sum = rowPoints.reduce((a, b) => a + b, 0);
    expect(points, "Statistics points = sum of the table's points").toBe(sum);
    expect(await numberIn(definition(profile, "Total Points"))).toBe(sum);
    expect(points, "profile points = standings points").toBe(leader.points);
    expect(wins).toBe(positions.filter((p) => p === 1).length);
    expect(wins).toBe(leader.wins);
    expect(await numberIn(definition(profile, "Race Wins"))).toBe(wins);
    expect(podiums).toBe(positions.filter((p) => p >= 1 && p <= 3).length);

    // Races: the distinct races in the table.
    const raceLinks = results.getByRole("table").getByRole("link");
    await expect(raceLinks).toHaveCount(rows.length);
    const raceHrefs = await raceLinks.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    for (const h of raceHrefs) expect(h).toMatch(/^\/results\/\d+$/);
    expect(races).toBe(new Set(raceHrefs).size);
    for (const row of rows) expect(row[1]).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}/);

    // Newest race first.
    const times = rows.map((row) => Date.parse(row[1]!));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  test("a race link opens that race's results, which list the racer", async ({ page }) => {
    const racer = await standingsRow(page, 3);
    await page.goto(racer.path);
    const link = card(page, "Race Results").getByRole("table").getByRole("link").first();
    const title = (await link.innerText()).trim();
    await waitForHydration(page);
    await link.click();
    await expect(page).toHaveURL(/\/results\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByRole("main").getByRole("link", { name: racer.name, exact: true }).first()).toHaveAttribute(
      "href",
      racer.path,
    );
  });

  test("the last racer of the Superboat standings has a profile with the Superboat class", async ({ page }) => {
    await page.goto("/standings?class=Superboat");
    const row = page.getByRole("main").getByRole("table").locator("tbody tr").last();
    const name = await readText(row.getByRole("link"));
    await page.goto(await href(row.getByRole("link")));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await expect(definition(card(page, "Racer Profile"), "Class")).toContainText("Superboat");
  });

  for (const path of ["/competitor/999999", "/competitor/abc"]) {
    test(`${path}: 'Racer Not Found' with a link to /standings and HTTP 404`, async ({ page, expectRefusal }) => {
      expectRefusal(path, 404);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Racer Not Found" })).toBeVisible();
      const back = page.getByRole("main").getByRole("link", { name: /standings/i });
      await expect(back).toHaveAttribute("href", "/standings");
      await waitForHydration(page);
      await back.click();
      await expect(page).toHaveURL((url) => url.pathname === "/standings");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season Standings");
    });
  }
});

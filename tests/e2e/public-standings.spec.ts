import type { Page } from "@playwright/test";
import { EMPTY_SITE, expect, test } from "./fixtures";
import { createDriver, createRace, createResult, dayFromToday, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { readTable, waitForHydration } from "./public-helpers";

const COLUMNS = ["Pos", "Racer", "Boat", "Class", "Wins", "Points"];

function classTabs(page: Page) {
  return page.getByRole("navigation", { name: "Boat class" });
}

function standingsTable(page: Page) {
  return page.getByRole("main").getByRole("table");
}

test.describe("/standings with demo data", () => {
  test("title, class tabs, columns, medals for the top 3 and points in descending order", async ({ page }) => {
    await page.goto("/standings");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season Standings");
    const tabs = (await classTabs(page).getByRole("link").allInnerTexts()).map((t) => t.trim());
    expect(tabs.slice(0, 3)).toEqual(["All Classes", "Open", "Superboat"]);
    await expect(classTabs(page).getByRole("link", { name: "All Classes" })).toHaveAttribute("aria-current", "page");

    const table = standingsTable(page);
    const { headers, rows } = await readTable(table);
    expect(headers).toEqual(COLUMNS);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.map((row) => Number(row[0]))).toEqual(rows.map((_, i) => i + 1));

    const points = rows.map((row) => Number(row[5]));
    points.forEach((p) => expect(Number.isInteger(p) && p > 0).toBe(true));
    expect(points).toEqual([...points].sort((a, b) => b - a));
    for (const row of rows) expect(Number(row[4])).toBeGreaterThanOrEqual(0);

    const bodyRows = table.locator("tbody tr");
    await expect(bodyRows.nth(0).getByRole("img", { name: "Gold medal" })).toBeVisible();
    await expect(bodyRows.nth(1).getByRole("img", { name: "Silver medal" })).toBeVisible();
    await expect(bodyRows.nth(2).getByRole("img", { name: "Bronze medal" })).toBeVisible();
    await expect(bodyRows.nth(3).getByRole("img", { name: /medal/i })).toHaveCount(0);
    await expect(table.getByRole("img", { name: /medal/i })).toHaveCount(3);

    // Each racer links to the racer's profile.
    const links = table.locator("tbody tr").getByRole("link");
    await expect(links).toHaveCount(rows.length);
    for (const link of await links.all()) await expect(link).toHaveAttribute("href", /^\/competitor\/\d+$/);
  });

  test("the Superboat tab shows only Superboat rows, the Open tab only Open rows", async ({ page }) => {
    await page.goto("/standings");
    const allRows = (await readTable(standingsTable(page))).rows;
    await waitForHydration(page);

    for (const boatClass of ["Superboat", "Open"]) {
      await classTabs(page).getByRole("link", { name: boatClass, exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("class") === boatClass);
      await expect(classTabs(page).getByRole("link", { name: boatClass, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(standingsTable(page).locator("tbody tr td:nth-child(4)").first()).toHaveText(boatClass);
      const { headers, rows } = await readTable(standingsTable(page));
      expect(headers).toEqual(COLUMNS);
      expect(rows.length, boatClass).toBeGreaterThan(0);
      for (const row of rows) expect(row[3], row[1]).toBe(boatClass);
      const points = rows.map((row) => Number(row[5]));
      expect(points).toEqual([...points].sort((a, b) => b - a));
      expect(rows.map((row) => Number(row[0]))).toEqual(rows.map((_, i) => i + 1));
      await expect(standingsTable(page).getByRole("img", { name: "Gold medal" })).toHaveCount(1);
      // A class's racers are racers of the season table, and no one scores more in one class than in all.
      for (const row of rows) {
        const overall = allRows.find((r) => r[1] === row[1]);
        expect(overall, row[1]).toBeDefined();
        expect(Number(row[5])).toBeLessThanOrEqual(Number(overall![5]));
      }
    }

    await classTabs(page).getByRole("link", { name: "All Classes" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/standings" && url.search === "");
    await expect.poll(async () => (await readTable(standingsTable(page))).rows.length).toBe(allRows.length);
  });

  test("a racer's name opens the racer's profile", async ({ page }) => {
    await page.goto("/standings?class=Open");
    const first = standingsTable(page).locator("tbody tr").first().getByRole("link");
    const name = (await readTable(standingsTable(page))).rows[0]![1]!.split("\n")[0]!;
    await waitForHydration(page);
    await first.click();
    await expect(page).toHaveURL(/\/competitor\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  });

  test("every racer has an initials avatar drawn in the page itself, with no request for it", async ({ page }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(new URL(request.url()).pathname));
    await page.goto("/standings");
    const rows = standingsTable(page).locator("tbody tr");
    const count = await rows.count();
    expect(count).toBeGreaterThan(5);
    const avatars = await rows.evaluateAll((trs) =>
      trs.map((tr) => {
        const svg = tr.querySelector("a svg.avatar");
        const box = svg?.getBoundingClientRect();
        return {
          name: tr.querySelector("a")?.textContent?.trim() ?? "",
          letters: svg?.querySelector("text")?.textContent ?? "",
          colour: svg?.querySelector("rect")?.getAttribute("fill") ?? "",
          hidden: svg?.getAttribute("aria-hidden"),
          width: Math.round(box?.width ?? 0),
        };
      }),
    );
    for (const avatar of avatars) {
      // The initials of the name next to it, first and last word ("Mary Ann Lee" -> "ML"), 32 px,
      // hidden from screen readers.
      const words = avatar.name.match(/\p{L}+/gu) ?? [];
      const initials = `${words[0]?.[0] ?? ""}${words.length > 1 ? (words.at(-1)?.[0] ?? "") : ""}`.toUpperCase();
      expect(avatar.letters, avatar.name).toBe(initials);
      expect(avatar.colour, avatar.name).toMatch(/^#[0-9a-f]{6}$/);
      expect(avatar.hidden, avatar.name).toBe("true");
      expect(avatar.width, avatar.name).toBe(32);
    }
    // Different racers get different colours, not one picture for all.
    expect(new Set(avatars.map((a) => a.colour)).size).toBeGreaterThan(1);
    // Drawn in the page: the browser fetched no picture for them.
    expect(requests.filter((path) => /avatar|\.svg$/.test(path) && path !== "/images/logo.svg")).toEqual([]);
  });
});

test.describe("/standings with a tie the test builds", () => {
  test("racers level on points are ordered by count-back: the one with a win first", async ({ page }) => {
    // Its own class on the own-data site: no other test's results in this table.
    const boatClass = `Tie ${uniqueName()}`;
    const family = uniqueName();
    await withSiteDatabase(async (db) => {
      const race = await createRace(db, { title: `Tie Cup ${family}`, date: dayFromToday(-7) });
      // Dan comes first by name and by id, so only count-back can put Eve above him.
      const dan = await createDriver(db, { firstName: "Dan", lastName: family, boatNumber: "31", boatClasses: [boatClass] });
      const eve = await createDriver(db, { firstName: "Eve", lastName: family, boatNumber: "32", boatClasses: [boatClass] });
      // Dan: 2nd + 3rd = 20 + 15 = 35. Eve: 1st + 6th = 25 + 10 = 35, with a win.
      await createResult(db, { raceId: race.id, competitorId: dan.id, position: 2, boatClass, heatNumber: 1 });
      await createResult(db, { raceId: race.id, competitorId: dan.id, position: 3, boatClass, heatNumber: 2 });
      await createResult(db, { raceId: race.id, competitorId: eve.id, position: 1, boatClass, heatNumber: 1 });
      await createResult(db, { raceId: race.id, competitorId: eve.id, position: 6, boatClass, heatNumber: 2 });
    });
    await page.goto(`${OWN_DATA_SITE}/standings?class=${encodeURIComponent(boatClass)}`);
    const { headers, rows } = await readTable(standingsTable(page));
    expect(headers).toEqual(COLUMNS);
    expect(rows.map((r) => [r[0], r[1], r[3], r[4], r[5]])).toEqual([
      ["1", `Eve ${family}`, boatClass, "1", "35"],
      ["2", `Dan ${family}`, boatClass, "0", "35"],
    ]);
  });
});

test.describe("/standings on an empty site", () => {
  for (const path of ["/standings", "/standings?class=Open", "/standings?class=Superboat"]) {
    test(`${path}: 'No standings data available for this class.'`, async ({ page }) => {
      await page.goto(`${EMPTY_SITE}${path}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season Standings");
      await expect(
        page.getByText("No standings data available for this class.", {
          exact: true,
        }),
      ).toBeVisible();
      await expect(page.getByRole("main").getByRole("table")).toHaveCount(0);
      const tabs = (await classTabs(page).getByRole("link").allInnerTexts()).map((t) => t.trim());
      expect(tabs.slice(0, 3)).toEqual(["All Classes", "Open", "Superboat"]);
    });
  }
});

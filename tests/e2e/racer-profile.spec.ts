/**
 * Racer profile 2.0 (issue 14): personal bests, the season-by-season table, the finishing-position
 * chart and head-to-head, with and without JavaScript, at 375 px, and checked by axe.
 */
import type { Locator, Page } from "@playwright/test";
import { axeRun } from "./axe";
import { expect, PHONE, test } from "./fixtures";
import { card, href, readTable } from "./public-helpers";

/** Demo racer 2 (Keisha Outerbridge) runs both classes; racer 1 (Marcus Trott) runs Open. */
const PROFILE = "/competitor/2";

function lapSeconds(text: string): number {
  const [m, s] = text.includes(":") ? text.split(":") : ["0", text];
  return Number(m) * 60 + Number(s);
}

function ordinalNumber(text: string): number {
  return Number(/^(\d+)(st|nd|rd|th)/.exec(text.trim())?.[1]);
}

/** Race Results rows as { boatClass, position, bestLap, raceHref }. */
async function raceResults(page: Page) {
  const table = card(page, "Race Results").getByRole("table");
  const rows = table.locator("tbody tr");
  const out: { boatClass: string; position: number; bestLap: string; raceHref: string }[] = [];
  for (const row of await rows.all()) {
    const cells = (await row.locator("td").allInnerTexts()).map((t) => t.trim());
    out.push({
      boatClass: cells[0]!.split("\n")[1]!.split(",")[0]!.trim(),
      position: Number(cells[2]),
      bestLap: cells[3]!,
      raceHref: await href(row.getByRole("link")),
    });
  }
  return out;
}

async function axe(page: Page) {
  const { violations } = await axeRun(page);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

async function openDetails(scope: Locator) {
  await scope.locator("summary").click();
}

test.describe("racer profile 2.0", () => {
  test("a shared link shows the racer's season: og:image is the profile's own picture, which a browser decodes at 1200x630", async ({
    page,
  }) => {
    await page.goto(PROFILE);
    const content = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(content).toMatch(/\/competitor\/2\/preview\.png\?v=[0-9a-z]+$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    const alt = await page.locator('meta[property="og:image:alt"]').getAttribute("content");
    expect(alt).toMatch(/^Keisha Outerbridge, /);
    const url = new URL(content!);
    // Fetched and decoded by the page itself (same origin, as the CSP allows).
    const size = await page.evaluate(async (path) => {
      const response = await fetch(path);
      const bitmap = await createImageBitmap(await response.blob());
      return [response.headers.get("content-type"), bitmap.width, bitmap.height];
    }, url.pathname + url.search);
    expect(size).toEqual(["image/png", 1200, 630]);
  });

  test("personal bests per class agree with the racer's own results and link to their race", async ({ page }) => {
    await page.goto(PROFILE);
    const results = await raceResults(page);
    const bests = card(page, "Personal Bests").getByRole("table");
    const { headers, rows } = await readTable(bests);
    expect(headers).toEqual(["Class", "Best Lap", "Best Finish"]);
    expect(rows.map((r) => r[0])).toEqual(["Open", "Superboat"]);
    for (const [i, row] of rows.entries()) {
      const boatClass = row[0]!;
      const mine = results.filter((r) => r.boatClass === boatClass);
      const fastest = Math.min(...mine.filter((r) => r.bestLap !== "–").map((r) => lapSeconds(r.bestLap)));
      expect(lapSeconds(row[1]!.split("\n")[0]!), `${boatClass} best lap`).toBeCloseTo(fastest, 2);
      const best = Math.min(...mine.map((r) => r.position));
      expect(ordinalNumber(row[2]!), `${boatClass} best finish`).toBe(best);
      // Each best names its race, and that race is one where the racer did it.
      const links = bests.locator("tbody tr").nth(i).getByRole("link");
      await expect(links).toHaveCount(2);
      const lapRace = await href(links.nth(0));
      expect(mine.some((r) => r.raceHref === lapRace && lapSeconds(r.bestLap) === fastest)).toBe(true);
      const finishRace = await href(links.nth(1));
      expect(mine.some((r) => r.raceHref === finishRace && r.position === best)).toBe(true);
    }
    // Following a best's race link opens that race.
    const link = bests.getByRole("link").first();
    const title = (await link.innerText()).trim();
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("the season table names each season and class, with the championship position and a link to those standings", async ({
    page,
  }) => {
    await page.goto(PROFILE);
    const table = card(page, "Seasons").getByRole("table", { name: "Statistics by season" });
    const { headers, rows } = await readTable(table);
    expect(headers).toEqual(["Season", "Class", "Races", "Wins", "Podiums", "Best", "Pos", "Points"]);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row[0]).toMatch(/Season/);
      expect(["Open", "Superboat"]).toContain(row[1]);
      expect(row[6]).toMatch(/^(\d+(st|nd|rd|th)\s+of \d+|NC)/);
      expect(Number(row[7])).toBeGreaterThan(0);
    }
    // The link opens that season's standings of that class, which list the racer with the same points.
    const first = rows[0]!;
    const link = table.locator("tbody tr").first().getByRole("link");
    expect(await href(link)).toMatch(/^\/standings\?season=[\w-]+&class=(Open|Superboat)$/);
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Season Standings");
    const racerRow = page
      .getByRole("main")
      .locator("tr")
      .filter({ has: page.getByRole("link", { name: "Keisha Outerbridge" }) });
    await expect(racerRow.first()).toContainText(first[7]!);
  });

  test("the finishing-position chart is an SVG with a title and description, and a table of the same races", async ({ page }) => {
    await page.goto(PROFILE);
    const section = card(page, "Finishing Positions");
    const chart = section.getByRole("img", { name: /Keisha Outerbridge: finishing positions in the last \d+ races/ });
    await expect(chart).toBeVisible();
    const races = Number(/last (\d+) races/.exec((await chart.locator("title").textContent())!)![1]);
    expect(races).toBeGreaterThan(1);
    expect(races).toBeLessThanOrEqual(20);
    await expect(chart.locator("desc")).toContainText("Oldest race first, 1st at the top.");
    // Two classes: two lines, with circles for one and squares for the other.
    await expect(chart.locator("path")).toHaveCount(2);
    expect(await chart.locator("circle").count()).toBeGreaterThan(0);
    expect(await chart.locator("rect").count()).toBeGreaterThan(0);

    const table = section.getByRole("table", { name: "Finishing positions in the last races" });
    await expect(table).toBeHidden();
    await openDetails(section);
    await expect(table).toBeVisible();
    const { headers, rows } = await readTable(table);
    expect(headers).toEqual(["#", "Race", "Class", "Pos"]);
    expect(new Set(rows.map((r) => r[0])).size).toBe(races);
    // Every point on the chart is a row of the table.
    expect(await chart.locator("circle, rect").count()).toBe(rows.length);
    // The description reads the same positions out.
    const desc = (await chart.locator("desc").textContent())!;
    const open = rows.filter((r) => r[2] === "Open").map((r) => r[3]);
    expect(desc).toContain(`Open: ${open.join(", ")}`);
  });

  test("head-to-head from the profile's picker: counts that add up, and a way back", async ({ page }) => {
    await page.goto(PROFILE);
    const picker = card(page, "Head-to-Head");
    await picker.getByLabel("Compare with").selectOption({ label: "Jahkeil Minors" });
    await picker.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL(/\/competitor\/2\/vs\/\d+$/);
    await expect(page).toHaveTitle("Keisha Outerbridge vs Jahkeil Minors");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keisha Outerbridge vs Jahkeil Minors");
    await expect(page.getByLabel("Compare with")).toHaveValue(/\d+/);

    const summary = card(page, "Head-to-Head");
    const value = async (term: string) =>
      (await summary.locator("dt").getByText(term, { exact: true }).locator("xpath=following-sibling::dd[1]").innerText()).trim();
    const together = Number(await value("Races together"));
    const aheadA = parseInt(await value("Keisha Outerbridge ahead"));
    const aheadB = parseInt(await value("Jahkeil Minors ahead"));
    const level = parseInt(await value("Same position"));
    expect(together).toBeGreaterThan(0);
    expect(aheadA + aheadB + level).toBe(together);

    const table = card(page, "Races Together").getByRole("table");
    const { headers, rows } = await readTable(table);
    expect(headers).toEqual(["Race", "Keisha Outerbridge", "Jahkeil Minors"]);
    expect(rows).toHaveLength(together);
    expect(rows.filter((r) => r[1]!.includes("ahead"))).toHaveLength(aheadA);
    expect(rows.filter((r) => r[2]!.includes("ahead"))).toHaveLength(aheadB);
    // Points: the sum of each column, and the difference says who leads.
    const points = (col: number) => rows.reduce((sum, r) => sum + Number(/(\d+) pts/.exec(r[col]!)![1]), 0);
    const [a, b] = [points(1), points(2)];
    expect(await value("Points in these races")).toBe(`Keisha Outerbridge ${a}, Jahkeil Minors ${b}`);
    expect(await value("Points difference")).toBe(
      a === b ? "Level on points" : `${Math.abs(a - b)} points to ${a > b ? "Keisha Outerbridge" : "Jahkeil Minors"}`,
    );
    // Each side's ahead count matches its better finishing positions.
    for (const row of rows) {
      const [pa, pb] = [ordinalNumber(row[1]!), ordinalNumber(row[2]!)];
      expect(row[1]!.includes("ahead")).toBe(pa < pb);
      expect(row[2]!.includes("ahead")).toBe(pb < pa);
    }

    await page.getByRole("heading", { level: 1 }).getByRole("link", { name: "Keisha Outerbridge" }).click();
    await expect(page).toHaveURL(/\/competitor\/2$/);
  });

  test("the picker without a choice stays on the profile", async ({ page }) => {
    await page.goto(`${PROFILE}/vs`);
    await expect(page).toHaveURL(/\/competitor\/2#head-to-head$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keisha Outerbridge");
  });

  // [the address visited, the address that answers 404 (the picker redirects first)]
  for (const [path, refused] of [
    ["/competitor/2/vs/999999", "/competitor/2/vs/999999"],
    ["/competitor/999999/vs/2", "/competitor/999999/vs/2"],
    ["/competitor/abc/vs/2", "/competitor/abc/vs/2"],
    ["/competitor/2/vs/x", "/competitor/2/vs/x"],
    ["/competitor/2/vs?other=abc", "/competitor/2/vs/abc"],
  ] as const) {
    test(`${path}: 'Racer Not Found' and HTTP 404`, async ({ page, expectRefusal }) => {
      expectRefusal(refused, 404);
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Racer Not Found" })).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Back to Standings" })).toHaveAttribute("href", "/standings");
    });
  }

  test("the same racer twice: says so, answers 400 and offers the picker", async ({ page, expectRefusal }) => {
    test.setTimeout(120_000); // axe on a busy machine
    expectRefusal("/competitor/2/vs/2", 400);
    const response = await page.goto("/competitor/2/vs/2");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose Another Racer");
    await expect(page.getByRole("alert")).toHaveText(
      "Both sides of this head-to-head are Keisha Outerbridge. A racer cannot be compared with themselves: choose another racer.",
    );
    // The racer is not offered against themselves.
    await expect(page.getByLabel("Compare with").locator("option", { hasText: "Keisha Outerbridge" })).toHaveCount(0);
    await page.getByLabel("Compare with").selectOption({ label: "Marcus Trott" });
    await page.getByRole("button", { name: "Compare" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keisha Outerbridge vs Marcus Trott");
    expect(await axe(page)).toEqual([]);
  });

  test("no serious accessibility violations on the profile (chart table open) and on head-to-head", async ({ page }) => {
    test.setTimeout(120_000); // two axe runs on a busy machine
    await page.goto(PROFILE);
    await openDetails(card(page, "Finishing Positions"));
    expect(await axe(page)).toEqual([]);
    await page.goto("/competitor/2/vs/1");
    expect(await axe(page)).toEqual([]);
  });
});

test.describe("racer profile 2.0 without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("every section shows, the chart's table opens and the picker's Compare button works", async ({ page }) => {
    await page.goto(PROFILE);
    for (const title of ["Personal Bests", "Seasons", "Finishing Positions", "Head-to-Head", "Race Results"]) {
      await expect(card(page, title)).toBeVisible();
    }
    await expect(page.getByRole("img", { name: /finishing positions/ })).toBeVisible();
    const section = card(page, "Finishing Positions");
    await openDetails(section);
    await expect(section.getByRole("table")).toBeVisible();
    await card(page, "Head-to-Head").getByLabel("Compare with").selectOption({ label: "Marcus Trott" });
    await page.getByRole("button", { name: "Compare" }).click();
    await expect(page).toHaveURL(/\/competitor\/2\/vs\/1$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Keisha Outerbridge vs Marcus Trott");
    await expect(card(page, "Races Together").getByRole("table")).toBeVisible();
  });
});

test.describe("racer profile 2.0 at 375 px", () => {
  test.use({ viewport: PHONE });

  async function expectColumnsInView(table: Locator, names: string[]) {
    for (const name of names) {
      const header = table.getByRole("columnheader", { name, exact: true });
      await expect(header).toBeVisible();
      const box = (await header.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
    }
  }

  async function noSidewaysScroll(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // Nor inside a table: every table fits its card.
    for (const table of await page.getByRole("main").locator("table").all()) {
      if (!(await table.isVisible())) continue;
      const overflow = await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth);
      expect(
        overflow,
        (await table.getAttribute("aria-label")) ?? (await table.locator("thead").innerText()),
      ).toBeLessThanOrEqual(0);
    }
  }

  test("the profile's tables keep their key columns on screen; the season line says the rest under the season", async ({
    page,
  }) => {
    await page.goto(PROFILE);
    await openDetails(card(page, "Finishing Positions"));
    await expectColumnsInView(card(page, "Personal Bests").getByRole("table"), ["Class", "Best Lap", "Best Finish"]);
    const seasons = card(page, "Seasons").getByRole("table");
    await expectColumnsInView(seasons, ["Season", "Pos", "Points"]);
    await expect(seasons.getByRole("columnheader", { name: "Wins" })).toBeHidden();
    await expect(seasons.locator("tbody tr").first().locator("td").first()).toContainText(
      /(Open|Superboat): \d+ races?, \d+ wins?, \d+ podiums?/,
    );
    await expectColumnsInView(card(page, "Finishing Positions").getByRole("table"), ["Race", "Class", "Pos"]);
    await expectColumnsInView(card(page, "Race Results").getByRole("table"), ["Race", "Position", "Best Lap", "Points"]);
    await noSidewaysScroll(page);
  });

  test("head-to-head keeps Race and both racers on screen", async ({ page }) => {
    await page.goto("/competitor/2/vs/7");
    await expectColumnsInView(card(page, "Races Together").getByRole("table"), ["Race", "Keisha Outerbridge", "Jahkeil Minors"]);
    await noSidewaysScroll(page);
  });
});

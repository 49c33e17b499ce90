/**
 * Standings at 375 px (issue 32 item 9): in every view of /standings (SPEC's all-results table,
 * all classes or one; a season's grid per class) each racer's name and points stay on the screen
 * and inside their card; a season's round columns scroll between them.
 *
 * Measured as the visitor first sees the table: its own box not scrolled sideways. (An earlier
 * version scrolled each cell into view before measuring it, which scrolled the table's box to the
 * Points column and hid the clipping it was meant to find.)
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createDriver, createRace, createResult, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";

const PHONE = { width: 375, height: 800 };
test.use({ viewport: PHONE });

/**
 * What of each table's Points header, names and points is not in sight: outside the screen, the
 * table's card or its scrolling box (at its first position), or a name running under its points.
 * Each name is measured by its text, which may be wider than its link's box.
 */
async function namesAndPointsOutOfSight(page: Page, only?: string): Promise<string[]> {
  const tables = page.locator("main table");
  expect(await tables.count(), "a standings table").toBeGreaterThan(0);
  return tables.evaluateAll(
    (elements, { screen, only }) => {
      const problems: string[] = [];
      for (const table of elements as HTMLTableElement[]) {
        const box = table.parentElement!;
        box.scrollLeft = 0;
        const card = table.closest("section")!.getBoundingClientRect();
        const view = box.getBoundingClientRect();
        const left = Math.max(0, card.left, view.left + box.clientLeft);
        const right = Math.min(screen, card.right, view.left + box.clientLeft + box.clientWidth);
        const check = (rect: DOMRect, what: string) => {
          if (rect.left < left - 0.5 || rect.right > right + 0.5)
            problems.push(
              `${what}: ${Math.round(rect.left)}-${Math.round(rect.right)}, in sight ${Math.round(left)}-${Math.round(right)}`,
            );
          return rect;
        };
        const headers = [...table.tHead!.rows[0]!.cells];
        const points = headers.findIndex((cell) => cell.textContent?.trim() === "Points");
        if (points < 0) {
          problems.push("no Points column");
          continue;
        }
        check(headers[points]!.getBoundingClientRect(), "Points header");
        let rows = 0;
        for (const row of table.tBodies[0]!.rows) {
          const link = row.querySelector<HTMLAnchorElement>("a[href^='/competitor/']");
          // The "Not classified" line has no racer.
          if (!link || (only && !link.textContent?.includes(only))) continue;
          rows++;
          const name = link.textContent.trim();
          const text = document.createRange();
          text.selectNodeContents(link);
          const nameRect = check(text.getBoundingClientRect(), `name ${name}`);
          const pointsRect = check(row.cells[points]!.getBoundingClientRect(), `points of ${name}`);
          if (nameRect.right > pointsRect.left + 0.5) problems.push(`name ${name} runs under its points`);
        }
        if (rows === 0) problems.push(`no racer rows${only ? ` with ${only}` : ""}`);
      }
      return problems;
    },
    { screen: PHONE.width, only },
  );
}

async function expectNamesAndPointsInSight(page: Page, only?: string) {
  expect(await namesAndPointsOutOfSight(page, only), page.url()).toEqual([]);
  // The page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(PHONE.width);
}

/** Every class tab of every season the picker offers ("all" included) on the demo site. */
test("every view of the demo site's standings keeps names and points in sight at 375 px", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/standings");
  // What a visitor sees first: SPEC's all-results view (the demo site defines no season).
  await expectNamesAndPointsInSight(page);
  const seasons = await page
    .getByLabel("Season")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(seasons).toContain("all");
  expect(seasons.length).toBeGreaterThan(1);
  for (const season of seasons) {
    await page.goto(`/standings?season=${season}`);
    const tabs = await page
      .getByRole("navigation", { name: "Boat class" })
      .getByRole("link")
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).getAttribute("href")!));
    for (const href of tabs) {
      await page.goto(href);
      if (await page.getByText("No standings data available for this class.").isVisible()) continue;
      await expectNamesAndPointsInSight(page);
    }
  }
});

test("a long name with big totals keeps itself and the points in sight: all results, and a season of 14 rounds", async ({
  page,
}) => {
  const last = `Featherstonehaugh-Worthington${uniqueName()}`;
  await withSiteDatabase(async (db) => {
    const driver = await createDriver(db, {
      firstName: "Maximiliano",
      lastName: last,
      boatNumber: "1987",
      boatName: "Portuguese Man o' War",
    });
    // 1987: no other test's results, so this season's grid is this test's own.
    for (let round = 1; round <= 14; round++) {
      const race = await createRace(db, {
        title: `Long Name Cup ${uniqueName()}`,
        date: `1987-${String(Math.ceil(round / 2)).padStart(2, "0")}-${round % 2 ? "05" : "19"}`,
        status: "completed",
      });
      await createResult(db, { raceId: race.id, competitorId: driver.id, position: 1, points: 25 });
    }
  });
  for (const path of ["/standings?season=all", "/standings?season=all&class=Open", "/standings?season=1987&class=Open"]) {
    await page.goto(`${OWN_DATA_SITE}${path}`);
    await expectNamesAndPointsInSight(page, last);
  }
  // The grid's 14 rounds scroll between the name and the points.
  await expect(page.getByRole("main").getByRole("columnheader", { name: /^R14\b/ })).toBeAttached();
});

/**
 * Standings at 375 px (issue 32 item 9): in every view of /standings (SPEC's all-results table,
 * all classes or one; a season's grid per class) each racer's name and points stay on the screen
 * and inside their card; a season's round columns scroll between them.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createDriver, createRace, createResult, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";

const PHONE = { width: 375, height: 800 };
test.use({ viewport: PHONE });

async function box(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  return (await locator.boundingBox())!;
}

async function expectInside(inner: Locator, outer: { x: number; width: number }, what: string) {
  const b = await box(inner);
  expect(b.x, `${what} starts inside`).toBeGreaterThanOrEqual(Math.max(0, outer.x) - 0.5);
  expect(b.x + b.width, `${what} ends inside`).toBeLessThanOrEqual(Math.min(PHONE.width, outer.x + outer.width) + 0.5);
}

/** Every table's Points header and each row's name and points, within the screen and the table's card. */
async function expectNamesAndPointsOnScreen(page: Page, only?: string) {
  const tables = page.locator("main table");
  expect(await tables.count()).toBeGreaterThan(0);
  for (const table of await tables.all()) {
    const card = table.locator("xpath=ancestor::section[contains(@class,'rounded-lg')][1]");
    const cardBox = (await card.count()) ? await box(card.first()) : { x: 0, width: PHONE.width };
    const headers = (await table.locator("thead th").allInnerTexts()).map((t) => t.trim());
    const points = headers.indexOf("Points");
    expect(points, "a Points column").toBeGreaterThanOrEqual(0);
    await expectInside(table.locator("thead th").nth(points), cardBox, "Points header");
    const rows = only
      ? [table.locator("tbody tr").filter({ hasText: only })]
      : (await table.locator("tbody tr").all()).slice(0, 8);
    for (const row of rows) {
      const name = row.locator("a[href^='/competitor/']").first();
      await expectInside(name, cardBox, `name ${await name.innerText()}`);
      await expectInside(row.locator("td").nth(points), cardBox, `points of ${await name.innerText()}`);
    }
  }
}

for (const path of ["/standings?season=all", "/standings?season=all&class=Superboat", "/standings", "/standings?class=Open"]) {
  test(`${path}: names and points stay on screen at 375 px`, async ({ page }) => {
    await page.goto(path);
    await expectNamesAndPointsOnScreen(page);
    // The page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
}

test("SPEC's all-results view with a long name and big totals keeps the name and the points on screen", async ({ page }) => {
  const last = `Featherstonehaugh${uniqueName()}`;
  await withSiteDatabase(async (db) => {
    const driver = await createDriver(db, { firstName: "Maximiliano", lastName: last, boatNumber: "" });
    for (let i = 0; i < 14; i++) {
      const race = await createRace(db, { title: `Long Name Cup ${uniqueName()}`, date: "1999-05-02", status: "completed" });
      await createResult(db, { raceId: race.id, competitorId: driver.id, position: 1, points: 25 });
    }
  });
  for (const path of ["/standings?season=all", "/standings?season=all&class=Open"]) {
    await page.goto(`${OWN_DATA_SITE}${path}`);
    await expectNamesAndPointsOnScreen(page, last);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  }
});

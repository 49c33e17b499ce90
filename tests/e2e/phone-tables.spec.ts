import type { Page } from "@playwright/test";
import { expect, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

/** The columns a visitor needs are inside the 375 px screen, without scrolling sideways. */
async function expectInView(page: Page, names: string[]) {
  const table = page.getByRole("main").getByRole("table").first();
  for (const name of names) {
    const header = table.getByRole("columnheader", { name, exact: true });
    await expect(header).toBeVisible();
    const box = (await header.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
  }
}

test("home: the latest results show Pos, Name and Points on a phone", async ({ page }) => {
  await page.goto("/");
  await expectInView(page, ["Pos", "Name", "Points"]);
});

test("a race's results show Pos, Racer, Best Lap and Points on a phone, the boat under the name", async ({ page }) => {
  await page.goto("/results");
  await page.goto((await page.getByRole("link", { name: "Full Results" }).first().getAttribute("href"))!);
  await expectInView(page, ["Pos", "Racer", "Best Lap", "Points"]);
  const table = page.getByRole("main").getByRole("table").first();
  await expect(table.getByRole("columnheader", { name: "Boat" })).toBeHidden();
  // The boat is still there, under the racer's name.
  // (The first result row: a row group may open with its class and heat.)
  const firstResult = table
    .getByRole("row")
    .filter({ has: page.locator("td") })
    .first();
  await expect(firstResult.getByRole("cell").nth(1)).toContainText(/\S+\s+\S+/);
});

/** The page itself never scrolls sideways at 375 px (a table may scroll inside its own box). */
async function expectNoPageScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

test("home: the latest standings show Pos, Name and Points on a phone, the boat under the name", async ({ page }) => {
  await page.goto("/?tab=standings");
  await expectInView(page, ["Pos", "Name", "Points"]);
  await expectNoPageScroll(page);
  const table = page.getByRole("main").getByRole("table").first();
  await expect(table.getByRole("columnheader", { name: "Boat" })).toBeHidden();
  // (The first result row: a row group may open with its class and heat.)
  const firstResult = table
    .getByRole("row")
    .filter({ has: page.locator("td") })
    .first();
  await expect(firstResult.getByRole("cell").nth(1)).toContainText(/\S+\s+\S+/);
});

test("standings of every result show Pos, Racer and Points on a phone, boat and class under the name", async ({ page }) => {
  await page.goto("/standings");
  await expectInView(page, ["Pos", "Racer", "Points"]);
  await expectNoPageScroll(page);
  const table = page.getByRole("main").getByRole("table").first();
  await expect(table.getByRole("columnheader", { name: "Class" })).toBeHidden();
  await expect(table.getByRole("row").nth(1).getByRole("cell").nth(1)).toContainText(/(Open|Superboat)/);
});

test("the championship grid keeps Pos, Racer and Points in view; the rounds scroll inside the table, with a cue", async ({
  page,
}) => {
  await page.goto("/standings");
  const year = await page
    .getByLabel("Season")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).find((v) => /^\d{4}$/.test(v))!);
  await page.goto(`/standings?season=${year}&class=Open`);
  await expectInView(page, ["Pos", "Racer", "Points"]);
  await expectNoPageScroll(page);
  await expect(page.getByText("Scroll the table sideways for every round.")).toBeVisible();

  // The rounds scroll inside the table's own box; Pos, Racer and Points stay where they were.
  const table = page.getByRole("main").getByRole("table").first();
  const box = table.locator("xpath=..");
  const { scrollWidth, clientWidth } = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  await box.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expectInView(page, ["Pos", "Racer", "Points", "Podiums"]);
  await expectNoPageScroll(page);
});

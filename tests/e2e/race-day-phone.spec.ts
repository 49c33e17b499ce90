/**
 * Race day on a volunteer's phone (issue 32 items 1 and 2), at 375 x 800: results saved at the
 * lake complete the race, so the results archive and the home page list it (for anonymous visitors
 * too, whose pages are cached), and "Mark results official" is offered where results are entered:
 * the Results screen, which the import's confirmation lands on.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { ADMIN, logIn, toast } from "./admin-support";
import { createDriver, createRace, dayFromToday, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";

const PHONE = { width: 375, height: 800 };
test.use({ viewport: PHONE, baseURL: OWN_DATA_SITE });

async function expectOnScreen(page: Page, name: string) {
  const button = page.getByRole("button", { name });
  await expect(button).toBeVisible();
  const box = (await button.boundingBox())!;
  expect(box.x, name).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
}

test("results saved in the editor put the race on /results and the home page; Mark results official is on the Results screen", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The latest date of the own-data site's races with results, so the home page's Latest Results
  // is this race even while other tests save results of today's races.
  const { race, driver } = await withSiteDatabase(async (db) => ({
    race: await createRace(db, { title: `Phone Cup ${uniqueName()}`, date: dayFromToday(61), status: "upcoming" }),
    driver: await createDriver(db, { firstName: "Lake", boatNumber: "" }),
  }));
  // An anonymous visitor's pages, cached before the results exist.
  const visitor = await browser.newPage({ viewport: PHONE, baseURL: OWN_DATA_SITE });
  await visitor.goto("/results");
  await expect(visitor.getByRole("main")).not.toContainText(race.title);
  await visitor.goto("/");
  // Latest Results links to the full results (the Next Event card links to the calendar instead).
  const latest = visitor.locator(`main a[href="/results/${race.id}"]`);
  await expect(latest).toHaveCount(0);

  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.goto(`/admin/results?race=${race.id}`);
  await page.waitForFunction(() => Object.keys(document.querySelector("main form") ?? {}).some((k) => k.startsWith("__react")));
  await page.getByRole("button", { name: "Add Results" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Heat Number").fill("1");
  await dialog.getByLabel("Boat Class").selectOption("Open");
  await dialog.getByLabel("Number of Competitors").fill("1");
  const row = dialog.getByTestId("result-row").first();
  await row.getByLabel("Position").fill("1");
  await row.getByLabel("Competitor").selectOption({ label: driver.name });
  await dialog.getByRole("button", { name: "Save Results" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, "Race results saved successfully")).toContainText("The race is now Completed");

  await expectOnScreen(page, "Mark results official");
  await page.getByRole("button", { name: "Mark results official" }).click();
  await expect(toast(page, "Results marked official")).toBeVisible();
  await expect(page.getByText(/^Official since /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark results official" })).toHaveCount(0);

  await visitor.goto("/results");
  await expect(visitor.getByRole("main")).toContainText(race.title);
  await visitor.goto("/");
  await expect(latest).toHaveText("Full Results");
  await visitor.goto(`/results/${race.id}`);
  await expect(visitor.getByRole("main")).toContainText("Official");
  await visitor.close();
});

test("the import's confirmation lands where Mark results official is, on screen at 375 px", async ({ page }) => {
  test.setTimeout(90_000);
  const boat = String(5000 + Math.floor(Math.random() * 4000));
  const race = await withSiteDatabase(async (db) => {
    await createDriver(db, { firstName: "Imp", boatNumber: boat });
    return createRace(db, { title: `Phone Import ${uniqueName()}`, date: dayFromToday(-2), status: "upcoming" });
  });
  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.goto(`/admin/races/${race.id}/import`);
  await page.getByLabel("Or paste cells copied from a spreadsheet").fill(`Pos\tBoat\n1\t${boat}`);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(/\/import\?draft=/);
  await expect(page.getByRole("main")).toContainText("Mark results official");
  await page.getByRole("button", { name: "Confirm import" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/results?race=${race.id}&class=Open&heat=1`);
  await expect(toast(page, "Results imported")).toContainText("The race is now Completed");

  await expectOnScreen(page, "Mark results official");
  await page.getByRole("button", { name: "Mark results official" }).click();
  await expect(toast(page, "Results marked official")).toBeVisible();
  await expect(page.getByText(/^Official since /)).toBeVisible();
});

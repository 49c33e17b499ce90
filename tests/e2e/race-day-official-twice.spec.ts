/**
 * "Mark results official" double-clicked (issue 21 item 15): no error, and the page shows the
 * results as they are (official since a date and time), never a stale "Provisional".
 */
import { expect, test } from "./fixtures";
import { ADMIN, logIn } from "./admin-support";
import { createDriver, createRace, createResult, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";

test.use({ baseURL: OWN_DATA_SITE });

test("a double click on Mark results official leaves the results official, with no error", async ({ page }) => {
  const race = await withSiteDatabase(async (db) => {
    const race = await createRace(db, { title: `Official Twice ${uniqueName()}`, date: "2026-05-02", status: "completed" });
    const driver = await createDriver(db, { firstName: "Dana", boatNumber: "77" });
    await createResult(db, { raceId: race.id, competitorId: driver.id, position: 1 });
    return race;
  });
  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.goto(`/admin/races/${race.id}/heats`);
  await page.waitForFunction(() => Object.keys(document.querySelector("main form") ?? {}).some((k) => k.startsWith("__react")));
  await expect(page.getByText(/^Provisional:/)).toBeVisible();

  // The first answer is held back, as on the lake's phone network, so the second click lands while
  // the first is on its way (on this machine the server often answers between two clicks).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route("**/heats.data", async (route) => {
    if (route.request().method() !== "POST" || !first) return route.continue();
    first = false;
    const response = await route.fetch();
    await held;
    // The second click may have cancelled this request in the page: nothing left to answer.
    await route.fulfill({ response }).catch(() => {});
  });
  const button = page.getByRole("button", { name: "Mark results official" });
  await button.click();
  // force: a button disabled while the first click is pending takes the click and does nothing.
  await button.click({ force: true });
  release();

  await expect(page.getByText(/^Official since [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}\./)).toBeVisible();
  await expect(page.getByRole("main")).not.toContainText("Provisional");
  await expect(page.getByRole("main")).not.toContainText("already official");
  await expect(page.getByRole("button", { name: "Mark results official" })).toHaveCount(0);
});

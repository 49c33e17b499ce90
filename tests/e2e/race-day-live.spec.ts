/**
 * Race day, live (issue 13): today's race page open on a phone shows a heat's results as the
 * admin saves them, without a reload (Server-Sent Events, public/js/live-race.js).
 */
import { expect, test } from "./fixtures";
import { DEMO, logIn } from "./admin-support";
import { createDriver, createRace, createResult, OWN_DATA_SITE, today, uniqueName, withSiteDatabase } from "./factories";

test("a heat saved in the results editor appears on today's open race page without a reload", async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await browser.newPage();
  await logIn(admin, baseURL!, DEMO);
  await admin.goto("/admin/results");
  const raceId = await admin.getByLabel("Race").locator("option", { hasText: "Club Day Race" }).getAttribute("value");

  // A visitor's phone: the race page, open before the results exist.
  // The stream is open (its headers arrived) before the save.
  const streaming = page.waitForResponse((r) => r.url().endsWith(`/live/races/${raceId}`) && r.status() === 200);
  await page.goto(`/calendar/${raceId}`);
  await expect(page.getByRole("heading", { name: "Club Day Race" })).toBeVisible();
  await expect(page.getByRole("table").filter({ hasText: "Sophie Ingham" })).toHaveCount(0);
  await streaming;
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await admin.goto(`/admin/results?race=${raceId}`);
  await admin.getByRole("button", { name: /^(Add|Edit) Results$/ }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Heat Number").fill("1");
  await dialog.getByLabel("Boat Class").selectOption("Open");
  await dialog.getByLabel("Number of Competitors").fill("1");
  const row = dialog.getByTestId("result-row").first();
  await row.getByLabel("Position").fill("1");
  await row.getByLabel("Competitor").selectOption({ label: "Sophie Ingham #2" });
  await dialog.getByRole("button", { name: "Save Results" }).click();
  await expect(dialog).toHaveCount(0);

  await expect(page.getByRole("table").filter({ hasText: "Sophie Ingham" })).toBeVisible({ timeout: 5_000 });
  await expect(page.getByTestId("last-updated")).toHaveText(/^Last updated \d\d:\d\d$/);
  await expect(page.getByTestId("results-mark")).toHaveText("Provisional");
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await admin.close();
});

test("a race page whose stream is refused (503) polls and still shows a heat saved later", async ({ page, expectRefusal }) => {
  const name = uniqueName();
  const race = await withSiteDatabase(async (db) => {
    const created = await createRace(db, { title: `${name} Regatta`, date: today(), status: "upcoming" });
    return created;
  });
  // The server is full: every stream of this race is refused, as a busy instance answers.
  const stream = `/live/races/${race.id}`;
  expectRefusal(stream, 503);
  let refused = 0;
  await page.route(`**${stream}`, (route) => {
    refused++;
    return route.fulfill({ status: 503, contentType: "text/plain", body: "Too many live connections" });
  });
  // The page's own clock, so its 15-second poll comes when the test moves time on, not 15 s later.
  await page.clock.install();
  await page.goto(`${OWN_DATA_SITE}/calendar/${race.id}`);
  await expect(page.getByRole("heading", { name: `${name} Regatta` })).toBeVisible();
  await expect.poll(() => refused).toBeGreaterThan(0);
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await withSiteDatabase(async (db) => {
    const driver = await createDriver(db, { firstName: "Polly", lastName: name, boatNumber: "77" });
    await createResult(db, { raceId: race.id, competitorId: driver.id, position: 1 });
  });
  // The page asks again every 15 s while it has no stream. Its timer is set once the refusal has
  // been handled, and the server learns of the new heat by a notification, both a moment later:
  // so move 15 s on until the heat shows, rather than once (a single step could come too early).
  const heat = page.getByRole("table").filter({ hasText: `Polly ${name}` });
  await expect
    .poll(async () => {
      await page.clock.runFor(15_000);
      return heat.isVisible();
    })
    .toBe(true);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
});

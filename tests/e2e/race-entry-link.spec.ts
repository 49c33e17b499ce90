/**
 * "Manage my entry" (issue 14, item 4) in the browser, without JavaScript: a driver enters a race,
 * follows the private link from the entry e-mail, withdraws from one class, then from the race.
 * On the own-data site, with a driver and a race of its own.
 */
import { sql } from "drizzle-orm";
import { createDriver, createRace, dayFromToday, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { expect, test } from "./fixtures";

test("a driver withdraws from a class, then from the race, through the link mailed with the entry", async ({ browser }) => {
  test.setTimeout(90_000); // each withdrawal asks first: twice the pages on a busy 2-core machine
  const title = `Link Cup ${uniqueName()}`;
  const { driver, race } = await withSiteDatabase(async (db) => ({
    driver: await createDriver(db, { firstName: "Lina", boatNumber: "64" }),
    race: await createRace(db, { title, date: dayFromToday(9), status: "upcoming" }),
  }));
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${OWN_DATA_SITE}/race-registration`);
  await page.getByLabel("Driver").selectOption({ label: driver.label });
  await page.getByLabel("Race Event").selectOption({ value: String(race.id) });
  await page.getByLabel("Open", { exact: true }).check();
  await page.getByLabel("Superboat", { exact: true }).check();
  await page.getByRole("button", { name: "Register for Race" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/`);

  const body = await withSiteDatabase(async (db) => {
    const { rows } = await db.execute<{ body: string }>(
      sql`SELECT body FROM outbox_messages WHERE kind = 'race-entry' AND lower(recipient) = lower(${driver.email}) ORDER BY id DESC LIMIT 1`,
    );
    return rows[0]?.body ?? "";
  });
  const link = body.match(/^https?:\/\/\S+\/race-entry\/[A-Za-z0-9_-]+$/m)?.[0];
  expect(link, "the entry e-mail carries the link").toBeTruthy();
  await page.goto(`${OWN_DATA_SITE}${new URL(link!).pathname}`);
  await expect(page.getByRole("heading", { name: "Manage My Entry" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(title);
  await expect(page.getByRole("main")).toContainText("Open, Superboat");

  // Each withdrawal asks first (issue 32 item 11); "Keep my entry" changes nothing.
  await page.getByRole("button", { name: "Withdraw from the race" }).click();
  await expect(page.getByRole("heading", { name: `Withdraw from ${title}?` })).toBeVisible();
  await page.getByRole("link", { name: "Keep my entry" }).click();
  await expect(page.getByRole("main")).toContainText("Open, Superboat");
  await expect(page.getByRole("button", { name: "Yes, withdraw" })).toHaveCount(0);

  await page.getByRole("button", { name: "Withdraw from Superboat" }).click();
  await expect(page.getByRole("heading", { name: `Withdraw from the Superboat class of ${title}?` })).toBeVisible();
  await page.getByRole("button", { name: "Yes, withdraw" }).click();
  await expect(page.getByRole("status")).toHaveText("You have withdrawn from the Superboat class.");
  await expect(page.getByRole("button", { name: "Withdraw from Superboat" })).toHaveCount(0);

  await page.getByRole("button", { name: "Withdraw from the race" }).click();
  await page.getByRole("button", { name: "Yes, withdraw" }).click();
  await expect(page.getByRole("status")).toHaveText(`You have withdrawn from ${title}.`);
  await expect(page.getByRole("button", { name: /Withdraw/ })).toHaveCount(0);

  // The link is spent.
  await page.goto(`${OWN_DATA_SITE}${new URL(link!).pathname}`);
  await expect(page.getByRole("alert")).toContainText("Link Already Used");
  await context.close();
});

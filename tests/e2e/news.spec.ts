/**
 * News notices at 375 px (issue 24 item 3): an admin writes a notice pinned to the home page and
 * tied to a race; it shows on the home page, on /news, on its own page (its list and its link,
 * rel="nofollow ugc") and on the race's page; the admin deletes it. On the own-data site, with a
 * unique title, deleted at the end whatever happens.
 */
import { sql } from "drizzle-orm";
import { ADMIN, logIn, test, toast } from "./admin-support";
import { axeViolations } from "./axe";
import { createRace, dayFromToday, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { expect, PHONE } from "./fixtures";

test.use({ viewport: PHONE });

test("an admin pins a notice and sees it on the home page and on /news", async ({ page }) => {
  const title = `Racing moves to Sunday ${uniqueName()}`;
  const race = await withSiteDatabase((db) =>
    createRace(db, { title: `News Cup ${uniqueName()}`, date: dayFromToday(30), status: "upcoming" }),
  );
  try {
    await logIn(page, OWN_DATA_SITE, ADMIN);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "News" }).click();
    await expect(page.getByRole("heading", { name: "News" })).toBeVisible();
    await page.getByRole("link", { name: "Write Notice" }).click();
    await expect(page.getByRole("heading", { name: "Write a Notice" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel("Title").fill(title);
    await page
      .getByLabel("Text")
      .fill(
        "Too much wind on Saturday.\n\nBring:\n- a spare propeller\n- <b>not bold</b>\n\nForecast: https://weather.example/bermuda",
      );
    await page.getByLabel("Pinned to the home page until").fill(dayFromToday(2));
    await page.getByLabel("Race (optional)").selectOption(String(race.id));
    await page.getByRole("button", { name: "Publish Notice" }).click();
    await expect(toast(page, "Notice published")).toBeVisible();
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The home page, pinned.
    await page.goto(`${OWN_DATA_SITE}/`);
    const pinned = page.getByRole("region", { name: "Club notices" });
    await expect(pinned.getByRole("link", { name: title, exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // /news, then the notice's own page.
    await page.goto(`${OWN_DATA_SITE}/news`);
    await page.getByRole("link", { name: title, exact: true }).click();
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: "<b>not bold</b>" })).toBeVisible();
    const forecast = page.getByRole("link", { name: "https://weather.example/bermuda" });
    await expect(forecast).toHaveAttribute("rel", "nofollow ugc noopener");
    await expect(page.getByRole("link", { name: race.title })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The race's page.
    await page.goto(`${OWN_DATA_SITE}/calendar/${race.id}`);
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

    // Deleted: gone from the home page.
    await page.goto(`${OWN_DATA_SITE}/admin/news`);
    await page.getByRole("link", { name: `Delete ${title}` }).click();
    await page.getByRole("button", { name: "Delete Notice" }).click();
    await expect(toast(page, "Notice deleted")).toBeVisible();
    await page.goto(`${OWN_DATA_SITE}/`);
    await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);
  } finally {
    await withSiteDatabase(async (db) => {
      await db.execute(sql`DELETE FROM news WHERE title = ${title}`);
      await db.execute(sql`DELETE FROM races WHERE id = ${race.id}`);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the news form publishes, refuses bad input with its message, and deletes", async ({ page, expectRefusal }) => {
    const title = `No-script notice ${uniqueName()}`;
    try {
      await logIn(page, OWN_DATA_SITE, ADMIN);
      await page.goto(`${OWN_DATA_SITE}/admin/news?new`);
      // A blank text: the server's message, on the page.
      expectRefusal("/admin/news?new=", 400);
      await page.getByLabel("Title").fill(title);
      await page.getByRole("button", { name: "Publish Notice" }).click();
      await expect(page.getByText("Text is required.")).toBeVisible();
      await page.getByLabel("Text").fill("Written with the browser's scripts off.");
      await page.getByRole("button", { name: "Publish Notice" }).click();
      await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/news`);
      await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

      await page.goto(`${OWN_DATA_SITE}/news`);
      await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

      await page.goto(`${OWN_DATA_SITE}/admin/news`);
      await page.getByRole("link", { name: `Delete ${title}` }).click();
      await page.getByRole("button", { name: "Delete Notice" }).click();
      await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/news`);
      await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);
    } finally {
      await withSiteDatabase((db) => db.execute(sql`DELETE FROM news WHERE title = ${title}`));
    }
  });
});

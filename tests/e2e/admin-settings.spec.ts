/**
 * The club's settings in the browser (issue 24 item 1), on a phone: an owner changes the home
 * page's heading, the footer's blurb and a social link, sees them on the home page and in the
 * footer, and the page passes axe. The site is shared by tests running at the same time: the old
 * settings are put back in a finally block, and the test asserts only on the words it wrote.
 */
import { sql } from "drizzle-orm";
import { createAdmin } from "../support/factories";
import { expect, PHONE, test } from "./fixtures";
import { logIn, toast } from "./admin-support";
import { axeViolations } from "./axe";
import { OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";

test.use({ viewport: PHONE });

test("an owner changes the club's words and a social link and sees them on the home page and in the footer", async ({ page }) => {
  const name = uniqueName();
  const owner = { username: `settings-${name.toLowerCase()}`, password: "settings-owner-pass-1985" };
  await withSiteDatabase((db) => createAdmin(db, owner.username, owner.password));
  const saved = await withSiteDatabase(async (db) => {
    const { rows } = await db.execute<{ value: unknown }>(sql`SELECT value FROM club_settings WHERE key = 'club'`);
    return rows[0] ? JSON.stringify(rows[0].value) : null;
  });
  try {
    await logIn(page, OWN_DATA_SITE, owner);
    await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/settings`);
    await expect(page.getByRole("heading", { name: "Club settings" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);

    const heading = `Race day at ${name} Bay`;
    const blurb = `${name} sailors race every Saturday.`;
    await page.getByLabel("Heading", { exact: true }).fill(heading);
    await page.getByLabel("Blurb").fill(blurb);

    // A new link in the spare row; an http:// address is refused in the browser before it is sent.
    const rows = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Remove/ }) });
    const count = await rows.count();
    await page.getByLabel(`Label ${count}`, { exact: true }).fill(`${name} videos`);
    await page.getByLabel(`Address ${count}`, { exact: true }).fill(`http://video.example.org/${name}`);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Link address must be a full https:// address")).toBeVisible();
    await page.getByLabel(`Address ${count}`, { exact: true }).fill(`https://video.example.org/${name}`);
    // Another row, added and removed again, changes nothing.
    await page.getByRole("button", { name: "Add a link" }).click();
    await expect(page.getByLabel(`Label ${count + 1}`, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: `Remove link ${count + 1}` }).click();
    await expect(page.getByLabel(`Label ${count + 1}`, { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page, "Settings saved")).toBeVisible();
    await expect(page.getByLabel(`Label ${count}`, { exact: true })).toHaveValue(`${name} videos`);

    await page.goto(`${OWN_DATA_SITE}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText(blurb)).toBeVisible();
    await expect(footer.getByRole("link", { name: `${name} videos` })).toHaveAttribute(
      "href",
      `https://video.example.org/${name}`,
    );
    // A visitor without a session sees the same (the page cache dropped its old copy).
    const visitor = await page.context().browser()!.newContext({ viewport: PHONE });
    try {
      const anonymous = await visitor.newPage();
      await anonymous.goto(`${OWN_DATA_SITE}/calendar`);
      await expect(anonymous.getByRole("contentinfo").getByText(blurb)).toBeVisible();
    } finally {
      await visitor.close();
    }
  } finally {
    await withSiteDatabase(async (db) => {
      if (saved === null) await db.execute(sql`DELETE FROM club_settings WHERE key = 'club'`);
      else await db.execute(sql`UPDATE club_settings SET value = ${saved}::jsonb WHERE key = 'club'`);
    });
  }
});

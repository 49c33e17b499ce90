/**
 * The audit log screen at 375 px: the sign-in that opened the session is in it, and the filter
 * (a GET form) narrows the list, with and without JavaScript.
 */
import { expect, PHONE } from "./fixtures";
import { ADMIN, ADMIN_SITE, logIn, test } from "./admin-support";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("the audit log lists the sign-in and filters by kind on a phone", async ({ page }) => {
      await logIn(page, ADMIN_SITE, ADMIN);
      await page.getByRole("link", { name: "Audit log" }).click();
      await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
      const entries = page.getByRole("list", { name: "Audit entries, newest first" }).getByRole("listitem");
      await expect(entries.first()).toContainText("signin.success");
      await expect(entries.first()).toContainText(ADMIN.username);

      await page.getByLabel("Kind").selectOption("race.delete");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/[?&]kind=race\.delete/);
      // Whatever else the admin tests did, every entry shown is of that kind.
      for (const entry of await entries.all()) await expect(entry).toContainText("race.delete");

      await page.getByLabel("Kind").selectOption("signin.success");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/[?&]kind=signin\.success/);
      await expect(entries.first()).toContainText("signin.success");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  });
}

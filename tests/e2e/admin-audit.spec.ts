/**
 * The audit log screen at 375 px: the sign-in that opened the session is in it, and the filter
 * (a GET form) narrows the list, with and without JavaScript.
 */
import { expect, PHONE } from "./fixtures";
import { createAdmin } from "../support/factories";
import { ADMIN_PORT, ADMIN_SITE, enterCode, test } from "./admin-support";
import { uniqueName, withSiteDatabase } from "./factories";

for (const javaScriptEnabled of [true, false]) {
  test.describe(`with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled, viewport: PHONE });

    test("the audit log lists the sign-in and filters by kind on a phone", async ({ page }) => {
      // An owner of its own (codes are accepted once per 30 s: the two runs must not share one),
      // signing in through the form: password, then the code.
      const owner = { username: `auditor-${uniqueName().toLowerCase()}`, password: "audit-screen-pass-1985" };
      await withSiteDatabase((db) => createAdmin(db, owner.username, owner.password), ADMIN_PORT);
      await page.goto(`${ADMIN_SITE}/admin/login`);
      await page.getByLabel("Username").fill(owner.username);
      await page.getByLabel("Password").fill(owner.password);
      await page.getByRole("button", { name: "Login" }).click();
      await enterCode(page, owner.username, undefined, ADMIN_PORT);
      await expect(page).toHaveURL(`${ADMIN_SITE}/admin/competitors`);
      await page.getByRole("link", { name: "Audit log" }).click();
      await expect(page.getByRole("heading", { name: "Audit Log" })).toBeVisible();
      const entries = page.getByRole("list", { name: "Audit entries, newest first" }).getByRole("listitem");
      // Other tests write on this site at the same time: this owner's own sign-in is among the entries.
      await expect(entries.filter({ hasText: owner.username }).first()).toContainText("signin.success");

      await page.getByLabel("Kind").selectOption("race.delete");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/[?&]kind=race\.delete/);
      // Whatever else the admin tests did, every entry shown is of that kind. Asked until it holds:
      // with JavaScript the address changes a moment before the new list is drawn, and a list read
      // in that moment was the old one (a race.delete entry may not exist yet, so the new list can be empty).
      await expect(entries.filter({ hasNotText: "race.delete" })).toHaveCount(0);

      await page.getByLabel("Kind").selectOption("signin.success");
      await page.getByRole("button", { name: "Filter" }).click();
      await expect(page).toHaveURL(/[?&]kind=signin\.success/);
      await expect(entries.first()).toContainText("signin.success");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });
  });
}

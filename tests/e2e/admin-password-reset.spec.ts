/**
 * Password reset in the browser (issue 23 item 3), on a phone: an admin who forgot their password
 * asks for a link from the login page, follows the mailed link, chooses a new password and signs
 * in with it; every screen passes axe. Then the same without JavaScript.
 */
import { createAdmin } from "../support/factories";
import { expect, PHONE, test } from "./fixtures";
import { toast } from "./admin-support";
import { axeViolations } from "./axe";
import { OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { resetLinkMailedTo } from "./mailbox";
import { NO_MAIL } from "~/lib/platform/mail-setup";

test.use({ viewport: PHONE });

async function forgetfulAdmin() {
  const name = uniqueName().toLowerCase();
  const admin = { username: `forgetful-${name}`, email: `forgetful.${name}@example.org`, password: "forgotten-lake-pass-1985" };
  await withSiteDatabase((db) =>
    createAdmin(db, admin.username, admin.password, { role: "results_officer", email: admin.email, twoFactor: false }),
  );
  return admin;
}

async function fitsThePhone(page: import("@playwright/test").Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test("an admin resets a forgotten password from the login page at 375 px and signs in with the new one", async ({ page }) => {
  const admin = await forgetfulAdmin();
  const newPassword = `new-${uniqueName()}-lake-pass`;

  await page.goto(`${OWN_DATA_SITE}/admin/login`);
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/forgot-password`);
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  // The test sites have no mail server: the page says so before anything is typed (issue 32 item 5).
  await expect(page.getByText(NO_MAIL.forgotPassword)).toBeVisible();
  await fitsThePhone(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("E-mail address").fill(admin.email.toUpperCase());
  await page.getByRole("button", { name: "Send me a link" }).click();
  // The same words whatever the address, never the link, never "on its way".
  await expect(page.getByRole("status").filter({ hasText: NO_MAIL.forgotPassword })).toBeVisible();
  await expect(page.getByText("on its way")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Should mail be set up within the link's 30 minutes, the queued e-mail would still bring it.
  const link = await resetLinkMailedTo(admin.email);
  expect(await page.content()).not.toContain(new URL(link).pathname);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, OWN_DATA_SITE));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await expect(page.getByText(admin.username)).toBeVisible();
  await fitsThePhone(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("New password again").fill(newPassword);
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/login`);
  await expect(toast(page, "Password changed")).toContainText("Sign in with it.");

  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill(newPassword);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/races`);

  await page.getByRole("link", { name: "My account" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/account`);
  // Reloaded, so axe below does not meet the sign-in toast fading in.
  await page.reload();
  await expect(page.getByText("My Account", { exact: true })).toBeVisible();
  await fitsThePhone(page);
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same reset works with plain forms", async ({ page, expectRefusal }) => {
    const admin = await forgetfulAdmin();
    const newPassword = `plain-${uniqueName()}-lake-pass`;
    await page.goto(`${OWN_DATA_SITE}/admin/forgot-password`);
    await page.getByLabel("E-mail address").fill(admin.email);
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByRole("status").filter({ hasText: NO_MAIL.forgotPassword })).toBeVisible();

    const link = (await resetLinkMailedTo(admin.email)).replace(/^https?:\/\/[^/]+/, OWN_DATA_SITE);
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("New password again").fill(newPassword);
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/login`);

    // The link worked once.
    expectRefusal(new URL(link).pathname, 410);
    await page.goto(link);
    await expect(page.getByText("This link has expired or was already used.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();

    await page.goto(`${OWN_DATA_SITE}/admin/login`);
    await page.getByLabel("Username").fill(admin.username);
    await page.getByLabel("Password").fill(newPassword);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/races`);
  });
});

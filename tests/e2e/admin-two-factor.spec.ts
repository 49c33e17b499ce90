/**
 * Two-factor sign-in in a real browser at 375 px: an owner without a second factor is sent to set
 * one up, reads the key, turns TOTP on with a code, keeps the recovery codes, then signs in with a
 * code and with a recovery code; and a passkey added and used through Chromium's virtual
 * authenticator (the e2e sites run at http://localhost, a secure context where rpID "localhost" works).
 */
import { createAdmin, TEST_TOTP_SECRET } from "../support/factories";
import { totpCode } from "~/lib/admin/totp";
import { confirmItsYou, enterCode, toast } from "./admin-support";
import { axeViolations } from "./axe";
import { OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { expect, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

async function passwordStep(page: import("@playwright/test").Page, username: string, password: string) {
  await page.goto(`${OWN_DATA_SITE}/admin/login`);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

test("an owner sets up TOTP at 375 px, then signs in with a code and with a recovery code", async ({ page }) => {
  test.setTimeout(150_000); // three sign-ins, recovery codes and two axe runs on a busy machine
  const owner = { username: `tf-${uniqueName().toLowerCase()}`, password: "two-factor-owner-1985" };
  await withSiteDatabase((db) => createAdmin(db, owner.username, owner.password, { twoFactor: false }));

  await passwordStep(page, owner.username, owner.password);
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/account/two-factor`);
  await expect(page.getByRole("alert").filter({ hasText: "Owners must sign in with two factors." })).toBeVisible();
  // Every other admin page sends the owner back here until it is done.
  await page.goto(`${OWN_DATA_SITE}/admin/competitors`);
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/account/two-factor`);

  // A session alone changes no factor: the page asks for the password (or a code, a passkey) first.
  await expect(page.getByRole("button", { name: "Set up an authenticator app" })).toHaveCount(0);
  await confirmItsYou(page, owner.password);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("6-digit code from your app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();

  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allInnerTexts();
  expect(recovery[0]).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.reload();
  await expect(page.getByText("On. 10 unused recovery codes.")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/login`);

  // The code step: nothing opens before the code.
  await passwordStep(page, owner.username, owner.password);
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/login/code`);
  expect(await axeViolations(page)).toEqual([]);
  await enterCode(page, owner.username, secret);
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/competitors`);
  await page.getByRole("button", { name: "Log out" }).click();
  // Signed out before the next sign-in: a navigation started now would cancel the logout.
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/login`);

  // A recovery code instead, in the same field.
  await passwordStep(page, owner.username, owner.password);
  await page.getByLabel("Code", { exact: true }).fill(recovery[4]!);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/competitors`);
  await expect(toast(page, "Success")).toContainText("9 recovery codes left");
});

test("a passkey at 375 px: added on the two-factor page after the current password, then signs in by itself", async ({
  page,
  context,
  expectRefusal,
}) => {
  test.setTimeout(120_000); // two sign-ins, two confirmations and an axe run on a busy machine
  const owner = { username: `pk-${uniqueName().toLowerCase()}`, password: "passkey-owner-pass-1985" };
  await withSiteDatabase((db) => createAdmin(db, owner.username, owner.password));
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await passwordStep(page, owner.username, owner.password);
  await enterCode(page, owner.username, TEST_TOTP_SECRET);
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/competitors`);
  await page.goto(`${OWN_DATA_SITE}/admin/account/two-factor`);
  // A stolen session alone cannot add a passkey: the current password comes first.
  expectRefusal("/admin/account/two-factor.data", 400);
  await expect(page.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);
  await page.getByLabel("Your password").fill("not my password at all");
  await page.getByRole("button", { name: "Confirm with your password" }).click();
  // Said on the page and in a toast: the page's own alert is checked.
  await expect(page.locator("[data-toast]").filter({ hasText: "Your current password is not right." })).toBeVisible();
  await expect(page.getByRole("list", { name: "Your passkeys" })).toHaveCount(0);
  await confirmItsYou(page, owner.password);
  await page.getByLabel("Passkey name").fill("Test phone");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("Test phone");
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("last used never");
  // Reloaded, so axe does not meet the toast fading in.
  await page.reload();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Log out" }).click();
  // Signed out before the next sign-in: a navigation started now would cancel the logout.
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/login`);

  await page.goto(`${OWN_DATA_SITE}/admin/login`);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/competitors`);
  await expect(toast(page, "Success")).toContainText("You have successfully logged in.");
  await page.goto(`${OWN_DATA_SITE}/admin/account/two-factor`);
  await expect(page.getByRole("list", { name: "Your passkeys" })).not.toContainText("last used never");

  // This session (opened by the passkey) proves it is them again with the passkey too (issue 31 item 2).
  await expect(page.getByRole("button", { name: "Remove passkey Test phone" })).toHaveCount(0);
  await page.getByRole("button", { name: "Confirm with a passkey" }).click();
  await expect(page.getByText("Confirmed: you can change your sign-in until")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove passkey Test phone" })).toBeVisible();
});

test("a results officer adds a passkey: a password alone then no longer signs them in, the next step asks for the passkey", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000); // three sign-ins and a WebAuthn ceremony on a busy machine
  // As a new user would (issue 31 item 15): an officer, not required to have a second factor, adds one.
  const officer = { username: `pko-${uniqueName().toLowerCase()}`, password: "passkey-officer-pass-1985" };
  await withSiteDatabase((db) =>
    createAdmin(db, officer.username, officer.password, { role: "results_officer", twoFactor: false }),
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  // The password alone signs them in while they have no second factor.
  await passwordStep(page, officer.username, officer.password);
  await expect(toast(page, "Success")).toContainText("You have successfully logged in.");
  await page.goto(`${OWN_DATA_SITE}/admin/account/two-factor`);
  await confirmItsYou(page, officer.password);
  await page.getByLabel("Passkey name").fill("Officer's phone");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("list", { name: "Your passkeys" })).toContainText("Officer's phone");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/login`);

  // Now the password is one factor of two: the next step asks for the passkey.
  await passwordStep(page, officer.username, officer.password);
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/login/code`);
  await expect(page.getByText("Your account signs in with a passkey")).toBeVisible();
  await page.goto(`${OWN_DATA_SITE}/admin/races`);
  await expect(page).toHaveURL(/\/admin\/login/);
  await passwordStep(page, officer.username, officer.password);
  await page.getByRole("button", { name: "Use a passkey instead" }).click();
  await expect(toast(page, "Success")).toContainText("You have successfully logged in.");
  await expect(page).not.toHaveURL(/\/admin\/login/);
});

import { expect, type Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { admins } from "~/db/schema";
import { createSession } from "~/domain/admin/auth.server";
import { TOTP_PERIOD_SECONDS, totpCode } from "~/lib/admin/totp";
import { usableTotpStep } from "../support/totp-step";
import { completeAccount, TEST_TOTP_SECRET } from "../support/factories";
import { withSiteDatabase } from "./factories";
import { test as sharedTest } from "./fixtures";

/** The admin tests' own server (playwright.config.ts): empty database, admin from ADMIN_*. */
export const ADMIN_PORT = Number(process.env.E2E_PORT ?? 4100) + 2;
export const ADMIN_SITE = `http://localhost:${ADMIN_PORT}`;
export const ADMIN = { username: "club-admin", password: "e2e-admin-password-1985" };
export const DEMO = { username: "admin", password: "demo-racing-1985" };

export function toast(page: Page, text: string | RegExp) {
  // One toast at a time: a new one replaces the one on screen (app/components/layout/toaster.tsx).
  return page.locator("[data-toast-live]").filter({ hasText: text });
}

/**
 * Signed in on `base` as `credentials`' admin. The demo admin signs in through the login form.
 * Any other admin is a complete account (an e-mail address, TOTP on), as a club's admins are once
 * they have set theirs up: the test opens a session for it in the site's database and hands the
 * browser its cookie, as a sign-in with password and code would. (A code is accepted once per
 * 30 seconds, so tests running in parallel could not all type one; the sign-in itself is tested
 * through the form in admin-login.spec.ts and admin-two-factor.spec.ts.)
 */
export async function logIn(page: Page, base: string, credentials: { username: string; password: string }) {
  if (credentials.username !== DEMO.username) {
    const origin = new URL(base).origin;
    const sessionId = await withSiteDatabase(
      async (db) => {
        const admin = await completeAccount(db, credentials.username);
        return createSession(db, admin.id, { userAgent: "Playwright", address: "127.0.0.1" });
      },
      Number(new URL(origin).port),
    );
    await page.context().addCookies([{ name: "admin_session", value: sessionId, url: origin }]);
    await page.goto(`${base}/admin/competitors`);
    await expect(page).toHaveURL(`${base}/admin/competitors`);
    return;
  }
  await page.goto(`${base}/admin/login`);
  await page.getByLabel("Username").fill(credentials.username);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${base}/admin/competitors`);
}

/**
 * The shared fixture: an admin test that provokes a refusal on purpose (wrong password 401, invalid
 * form 400, conflict 409, rate limit 429) names that request with `expectRefusal(path, status)`;
 * any other 4xx or console error fails the test.
 */
export const test = sharedTest;
export { expect };

/**
 * The code an authenticator app would show for `secret`, for a step after the last one this admin
 * used (codes are accepted once per 30-second step), made with the same library the site uses.
 */
export async function nextTotpCode(username: string, secret: string = TEST_TOTP_SECRET, port?: number): Promise<string> {
  const lastStep = await withSiteDatabase(async (db) => {
    const [row] = await db
      .select({ lastStep: admins.totpLastStep })
      .from(admins)
      .where(sql`lower(${admins.username}) = lower(${username})`);
    return row?.lastStep ?? 0;
  }, port);
  const step = await usableTotpStep(lastStep);
  return totpCode(secret, step * TOTP_PERIOD_SECONDS);
}

/** The sign-in's second step in the browser: types the current code and continues. */
export async function enterCode(page: Page, username: string, secret?: string, port?: number) {
  await expect(page.getByText("Enter the 6-digit code from your authenticator app.")).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(await nextTotpCode(username, secret, port));
  await page.getByRole("button", { name: "Continue" }).click();
}

/** "Confirm it's you" on the two-factor page, with the password (issue 31 item 2: factor changes need it). */
export async function confirmItsYou(page: Page, password: string) {
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Confirm with your password" }).click();
  await expect(page.getByText("Confirmed: you can change your sign-in until")).toBeVisible();
}

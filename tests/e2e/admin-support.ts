import { expect, type Page } from "@playwright/test";
import { test as sharedTest } from "./fixtures";

/** The admin tests' own server (playwright.config.ts): empty database, admin from ADMIN_*. */
export const ADMIN_SITE = `http://localhost:${Number(process.env.E2E_PORT ?? 4100) + 2}`;
export const ADMIN = { username: "club-admin", password: "e2e-admin-password-1985" };
export const DEMO = { username: "admin", password: "demo-racing-1985" };

export function toast(page: Page, text: string | RegExp) {
  // Only the front toast is visible (visibleToasts: 1); older ones linger hidden in the DOM.
  return page.locator('[data-sonner-toast][data-visible="true"]').filter({ hasText: text });
}

export async function logIn(page: Page, base: string, credentials: { username: string; password: string }) {
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

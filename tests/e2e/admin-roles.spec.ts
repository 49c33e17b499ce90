/**
 * Roles in the browser (issue 23 item 1), on a phone: a results officer signs in, lands on Races,
 * sees only the sections the role may use, and is refused Competitors if they type its address;
 * both screens pass axe (WCAG 2.2 AA and best practices).
 */
import { createSession } from "~/domain/admin/auth.server";
import { createAdmin } from "../support/factories";
import { expect, PHONE, test } from "./fixtures";
import { enterCode, toast } from "./admin-support";
import { axeViolations } from "./axe";
import { OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";

test.use({ viewport: PHONE });

test("a results officer signs in at 375 px, lands on Races and sees only Overview, Races, Results, Seasons and News", async ({
  page,
  expectRefusal,
}) => {
  const officer = { username: `officer-${uniqueName().toLowerCase()}`, password: "results-officer-pass-1985" };
  await withSiteDatabase((db) =>
    createAdmin(db, officer.username, officer.password, { role: "results_officer", twoFactor: false }),
  );

  await page.goto(`${OWN_DATA_SITE}/admin/login`);
  await page.getByLabel("Username").fill(officer.username);
  await page.getByLabel("Password").fill(officer.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/races`);
  await expect(toast(page, "Success")).toContainText("You have successfully logged in.");
  await expect(page.getByText("Race Management")).toBeVisible();

  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Overview", "Races", "Results", "Seasons", "News"]);
  await expect(tabs.getByRole("link", { name: "Races" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Competitors" })).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);

  await tabs.getByRole("link", { name: "Seasons" }).click();
  await expect(tabs.getByRole("link", { name: "Seasons" })).toHaveAttribute("aria-current", "page");

  // The address typed by hand: refused by the server, not merely hidden.
  expectRefusal("/admin/competitors", 403);
  await page.goto(`${OWN_DATA_SITE}/admin/competitors`);
  await expect(page.getByRole("heading", { name: "Not available to your role" })).toBeVisible();
  await expect(page.getByText("Competitor Management")).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await page.goto(`${OWN_DATA_SITE}/admin`);
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/races`);
  // Checked here, not just after the sign-in, where the success toast is still fading in.
  await expect(page.getByText("Race Management")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test("My sessions at 375 px: an admin sees this device and another, and ends the other", async ({ page }) => {
  const owner = { username: `owner-${uniqueName().toLowerCase()}`, password: "owner-sessions-pass-1985" };
  const other = await withSiteDatabase(async (db) => {
    const { admin } = await createAdmin(db, owner.username, owner.password);
    return createSession(db, admin.id, {
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      address: "203.0.113.42",
    });
  });

  await page.goto(`${OWN_DATA_SITE}/admin/login`);
  await page.getByLabel("Username").fill(owner.username);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Login" }).click();
  // An owner has TOTP on (createAdmin): the code step follows the password.
  await enterCode(page, owner.username);
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/competitors`);

  await page.getByRole("link", { name: "My sessions" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/sessions`);
  // Reloaded, so axe below does not meet the sign-in toast fading in.
  await page.reload();
  await expect(page.getByText("My Sessions", { exact: true })).toBeVisible();
  const sessions = page.getByRole("list", { name: "Open sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(sessions.filter({ hasText: "(this device)" })).toContainText("Chrome on ");
  const desk = sessions.filter({ hasText: "Firefox on Windows" });
  await expect(desk).toContainText("203.0.113.42");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  expect(await axeViolations(page)).toEqual([]);

  await desk.getByRole("button", { name: "End session" }).click();
  await expect(toast(page, "Session ended")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  const response = await page.request.get(`${OWN_DATA_SITE}/admin/races`, {
    headers: { Cookie: `admin_session=${other}` },
    maxRedirects: 0,
  });
  expect(response.headers().location).toBe("/admin/login");
});

/**
 * Issue 32 items 6 to 8, a first-time secretary on a 375 px phone: two-factor set up on the phone
 * that shows it (a link into the app, copy buttons, the once-only recovery codes brought into view
 * and kept until saved), forms opened by a button that land where the eye is, and forms that say
 * their rules before the first error.
 */
import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { createAdmin, createRace } from "../support/factories";
import { totpCode } from "~/lib/admin/totp";
import { ADMIN, confirmItsYou, logIn } from "./admin-support";
import { axeViolations } from "./axe";
import { OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { expect, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

test("two-factor on the phone itself: the app opens from a link, the key copies, the recovery codes arrive in view and stay until saved", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000); // a sign-in, a set-up and an axe run on a busy machine
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: OWN_DATA_SITE });
  const owner = { username: `tfp-${uniqueName().toLowerCase()}`, password: "two-factor-phone-1985" };
  await withSiteDatabase((db) => createAdmin(db, owner.username, owner.password, { twoFactor: false }));
  await page.goto(`${OWN_DATA_SITE}/admin/login`);
  await page.getByLabel("Username").fill(owner.username);
  await page.getByLabel("Password").fill(owner.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/account/two-factor`);
  await confirmItsYou(page, owner.password);
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();

  // No QR code to scan with the phone that shows it: a link hands the app the same otpauth address.
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  const href = await page.getByRole("link", { name: "Open in authenticator app" }).getAttribute("href");
  expect(href).toMatch(/^otpauth:\/\/totp\//);
  expect(new URL(href!).searchParams.get("secret")).toBe(secret);
  await page.getByRole("button", { name: "Copy the key" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  await page.getByLabel("6-digit code from your app").fill(totpCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();

  // The once-only codes: on screen and focused, with nothing destructive to press instead.
  const heading = page.getByRole("heading", { name: "Your recovery codes" });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  const list = page.getByRole("list", { name: "Recovery codes" });
  await expect(list).toBeInViewport();
  const codes = await list.getByRole("listitem").allInnerTexts();
  expect(codes).toHaveLength(10);
  await expect(page.getByRole("button", { name: "Remove the authenticator app" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  await page.getByRole("button", { name: "Copy the codes" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  for (const code of codes) expect(copied).toContain(code);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the codes" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("recovery-codes.txt");
  const file = await readFile(await download.path(), "utf8");
  for (const code of codes) expect(file).toContain(code);
  expect(await axeViolations(page)).toEqual([]);

  // "Done" only once the admin says they saved them.
  await page.getByRole("button", { name: "Done" }).click();
  await expect(list).toBeVisible();
  await page.getByLabel("I have saved these codes").check();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByText("On. 10 unused recovery codes.")).toBeVisible();
  await expect(list).toHaveCount(0);
});

for (const [path, opener, firstField] of [
  ["/admin/news", "Write Notice", "Title"],
  ["/admin/seasons", "Add Season", "Name"],
] as const) {
  test(`"${opener}" at 375 px opens its form with its first field focused and on screen`, async ({ page }) => {
    await logIn(page, OWN_DATA_SITE, ADMIN);
    await page.goto(`${OWN_DATA_SITE}${path}`);
    await page.getByRole("link", { name: opener }).click();
    const field = page.getByLabel(firstField, { exact: true });
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test('"Write Notice" lands on the form\'s first field', async ({ page }) => {
    await logIn(page, OWN_DATA_SITE, ADMIN);
    await page.goto(`${OWN_DATA_SITE}/admin/news`);
    await page.getByRole("link", { name: "Write Notice" }).click();
    const field = page.getByLabel("Title", { exact: true });
    await expect(field).toBeFocused();
    await expect(field).toBeInViewport();
  });
});

test("the race form marks what is required and says its rules before the first error; a race says the season it counts in", async ({
  page,
}) => {
  test.setTimeout(90_000); // a dialog and an axe run on a busy machine
  const title = `Counts-in race ${uniqueName()}`;
  // Years no test defines a season for: each is its own calendar-year season.
  await withSiteDatabase((db) => createRace(db, { title, date: "2091-05-01", status: "upcoming" }));
  try {
    await logIn(page, OWN_DATA_SITE, ADMIN);
    await page.goto(`${OWN_DATA_SITE}/admin/races`);
    await expect(page.getByRole("row", { name: new RegExp(title) })).toContainText("Counts in: 2091 Season");

    await page.getByRole("button", { name: "Add Race" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New Race" });
    await expect(dialog.getByText("Fields marked with an asterisk (*) are required.")).toBeVisible();
    for (const required of ["Title", "Date", "Location", "Description"]) {
      // The mark beside the label, for the eye; the attribute for a screen reader.
      await expect(
        dialog
          .locator("label")
          .filter({ hasText: new RegExp(`^${required}$`) })
          .locator("+ span"),
      ).toHaveText("*");
      await expect(dialog.getByLabel(required, { exact: true })).toHaveAttribute("required", "");
    }
    await expect(
      dialog
        .locator("label")
        .filter({ hasText: /^Picture address$/ })
        .locator("+ span"),
    ).toHaveCount(0);
    // The rules, before anything was submitted.
    await expect(dialog.getByLabel("Description", { exact: true })).toHaveAccessibleDescription(/^At least 10 characters/);
    await expect(dialog.getByLabel("Picture address")).toHaveAccessibleDescription(/Leave blank for the club's picture/);
    await expect(dialog.getByRole("alert")).toHaveCount(0);
    // The season, as the date is typed.
    await dialog.getByLabel("Date", { exact: true }).fill("2092-03-01");
    await expect(dialog.getByLabel("Date", { exact: true })).toHaveAccessibleDescription("Counts in: 2092 Season");
    await dialog.getByLabel("Counts for the championship").uncheck();
    await expect(dialog.getByText("Counts in: no season (not in the championship)")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await axeViolations(page)).toEqual([]);
  } finally {
    await withSiteDatabase((db) => db.execute(sql`DELETE FROM races WHERE title = ${title}`));
  }
});

test("the season form and the password say their rules before the first error", async ({ page }) => {
  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.goto(`${OWN_DATA_SITE}/admin/seasons?new`);
  await expect(page.getByText("Fields marked with an asterisk (*) are required.")).toBeVisible();
  await expect(page.getByLabel("Short form")).toHaveAccessibleDescription(/standings\?season=2027/);
  await expect(page.getByLabel("Best rounds counted")).not.toHaveAttribute("required");
  await page.goto(`${OWN_DATA_SITE}/admin/account`);
  await expect(page.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(/^At least 12 characters/);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

import type { Page } from "@playwright/test";
import { axeRun } from "./axe";
import { expect, PHONE, test } from "./fixtures";
import { OWN_DATA_SITE } from "./factories";
import { mailsTo } from "./mailbox";

// The tests register drivers: on the own-data site, never on the demo site read-only tests share.
test.use({ baseURL: OWN_DATA_SITE });

/** Opt-in race e-mails (decision 0022): the box on the form, the link in the welcome e-mail, the preferences page. */
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
const OPT_IN = "E-mail me about races: when results are up, and a reminder before entries close";
const RESULTS = "Results are up: your finishing positions when a race's results are published";
const REMINDERS = "Entry reminder: the day before entries close for a race you have not entered";
const DUTIES = "Duty reminder: a week and a day before a race where you are on duty";

async function register(page: Page, optIn: boolean, { script = false } = {}) {
  const id = unique();
  const driver = { last: `Mailer${id}`, email: `e2e.optin.${id}@example.com` };
  await page.goto("/registration");
  if (script) {
    // The page script runs the submit (decision 0033).
    await page.waitForFunction(() => document.documentElement.getAttribute("data-scripts") === "loaded");
  }
  await page.getByLabel("First Name*").fill("Opal");
  await page.getByLabel("Last Name*").fill(driver.last);
  await page.getByLabel("Boat Number*").fill(String(100 + Math.floor(Math.random() * 900)));
  await page.getByLabel("Email*").fill(driver.email);
  await page.getByLabel("I agree to the PIPA Policy*").check();
  const box = page.getByLabel(OPT_IN);
  await expect(box).not.toBeChecked();
  if (optIn) await box.check();
  await page.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page).toHaveURL("/");
  return driver;
}

async function preferencesLinkMailedTo(email: string): Promise<string> {
  const [welcome] = await mailsTo(email, "registration");
  const link = welcome?.body.match(/https?:\/\/\S+\/messages\/[\w-]+/)?.[0];
  if (!link) throw new Error(`no preferences link was mailed to ${email}`);
  return link;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the box is unticked; a driver who ticks it gets a link to their choices, changes one, then unsubscribes", async ({
    page,
  }) => {
    const driver = await register(page, true);
    const link = await preferencesLinkMailedTo(driver.email);
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Your Race E-mails" })).toBeVisible();
    await expect(page.getByText(`Choose which e-mails Opal ${driver.last} receives from the club.`)).toBeVisible();
    await expect(page.getByLabel(RESULTS)).toBeChecked();
    await expect(page.getByLabel(REMINDERS)).toBeChecked();
    // Duty reminders are on until the racer says no (decision 0058).
    await expect(page.getByLabel(DUTIES)).toBeChecked();

    await page.getByLabel(REMINDERS).uncheck();
    await page.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.getByRole("status")).toHaveText("Your e-mail preferences are saved.");
    await page.goto(link);
    await expect(page.getByLabel(RESULTS)).toBeChecked();
    await expect(page.getByLabel(REMINDERS)).not.toBeChecked();

    await page.getByRole("button", { name: "Unsubscribe from All" }).click();
    await expect(page.getByRole("status")).toHaveText("You are unsubscribed. You will receive no more race e-mails.");
    await page.goto(link);
    await expect(page.getByLabel(RESULTS)).not.toBeChecked();
    await expect(page.getByLabel(REMINDERS)).not.toBeChecked();
    await expect(page.getByLabel(DUTIES)).not.toBeChecked();
  });

  test("a driver who leaves the box unticked gets no preferences link", async ({ page }) => {
    const driver = await register(page, false);
    const [welcome] = await mailsTo(driver.email, "registration");
    expect(welcome?.body).toContain("Thank you");
    expect(welcome?.body).not.toContain("/messages/");
  });
});

test("with JavaScript, ticking the box opts in too", async ({ page }) => {
  const driver = await register(page, true, { script: true });
  await expect(page.locator("[data-toast]")).toContainText("Registration Successful!");
  await page.goto(await preferencesLinkMailedTo(driver.email));
  await expect(page.getByLabel(RESULTS)).toBeChecked();
  // axe runs in the page: only here, where scripts may run.
  expect((await axeRun(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
});

test("a made-up link is 404 and shows no one's choices", async ({ page, expectRefusal }) => {
  const token = "A".repeat(43);
  expectRefusal(`/messages/${token}`, 404);
  const response = await page.goto(`/messages/${token}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("Link Not Valid");
  await expect(page.getByRole("checkbox")).toHaveCount(0);
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test("the preferences page fits the screen and every control can be reached and used", async ({ page }) => {
    const driver = await register(page, true, { script: true });
    await page.goto(await preferencesLinkMailedTo(driver.email));
    await expect(page.getByRole("heading", { name: "Your Race E-mails" })).toBeVisible();
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const controls = [
      page.getByLabel(RESULTS),
      page.getByLabel(REMINDERS),
      page.getByRole("button", { name: "Save Preferences" }),
      page.getByRole("button", { name: "Unsubscribe from All" }),
    ];
    for (const control of controls) {
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    // The choices' texts wrap inside the screen too.
    for (const text of [RESULTS, REMINDERS]) {
      const box = (await page.locator("label").filter({ hasText: text }).boundingBox())!;
      expect(box.x + box.width, text).toBeLessThanOrEqual(PHONE.width);
    }
    // And they work by tap.
    await page.getByLabel(REMINDERS).tap();
    await expect(page.getByLabel(REMINDERS)).not.toBeChecked();
    await page.getByRole("button", { name: "Save Preferences" }).tap();
    await expect(page.getByRole("status")).toHaveText("Your e-mail preferences are saved.");
    await expect(page.getByLabel(RESULTS)).toBeChecked();
    await expect(page.getByLabel(REMINDERS)).not.toBeChecked();
  });
});

import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { createDriver, OWN_DATA_SITE, withSiteDatabase } from "./factories";
import { expect, PHONE, test } from "./fixtures";

/**
 * The public forms without the framework (decision 0033): their page script checks, asks and
 * guards as the hydrated forms did, and puts its messages where the server puts them.
 */
test.use({ baseURL: OWN_DATA_SITE, viewport: PHONE });

async function scriptLoaded(page: Page) {
  await page.waitForFunction(() => document.documentElement.getAttribute("data-scripts") === "loaded");
}

/** Every message element with its text, and the controls that point at it. */
async function messagePlaces(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[id$="-error"]')]
      .filter((el) => !el.hidden && el.textContent)
      .map((el) => ({
        id: el.id,
        text: el.textContent,
        described: [...document.querySelectorAll(`[aria-describedby~="${el.id}"]`)].map((c) => c.id || c.tagName),
        invalid: [...document.querySelectorAll(`[aria-describedby~="${el.id}"][aria-invalid="true"]`)].map((c) => c.id),
      })),
  );
}

test("no framework is loaded, only the page script", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/registration");
  await scriptLoaded(page);
  expect(scripts.sort()).toEqual(["/js/offline.js", "/js/public-forms.js"]);
  expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
});

test("the browser's messages are the server's, in the same places; then they follow the typing", async ({ browser }) => {
  const fillBadly = async (page: Page) => {
    await page.goto("/registration");
    await page.getByLabel("First Name*").fill("A");
    await page.getByLabel("Email*").fill("not-an-email");
    await page.getByLabel("Telephone").fill("call me");
    await page.getByLabel("Open Class").uncheck();
  };
  const server = await (await browser.newContext({ javaScriptEnabled: false, baseURL: OWN_DATA_SITE })).newPage();
  await fillBadly(server);
  await server.getByRole("button", { name: "Submit Registration" }).click();
  await expect(server.getByText("Boat number is required.")).toBeVisible();
  const fromServer = await messagePlaces(server);

  const js = await (await browser.newContext({ baseURL: OWN_DATA_SITE })).newPage();
  await js.goto("/registration");
  await scriptLoaded(js);
  await fillBadly(js);
  // Nothing before the first submit: typing alone shows no message.
  expect(await messagePlaces(js)).toEqual([]);
  await js.getByRole("button", { name: "Submit Registration" }).click();
  await expect(js.getByText("Boat number is required.")).toBeVisible();
  expect(await messagePlaces(js)).toEqual(fromServer);
  await expect(js).toHaveURL("/registration");
  // The first field in error has the focus.
  await expect(js.getByLabel("First Name*")).toBeFocused();

  // From now on each keystroke checks again.
  await js.getByLabel("First Name*").pressSequentially("l");
  await expect(js.getByText("First name must be at least 2 characters.")).toBeHidden();
  await expect(js.getByLabel("First Name*")).not.toHaveAttribute("aria-invalid");
  await js.getByLabel("Superboat Class").check();
  await expect(js.getByText("Please select at least one boat class.")).toBeHidden();
  await js.getByLabel("First Name*").fill("");
  await expect(js.getByText("First name must be at least 2 characters.")).toBeVisible();
  await expect(js.getByLabel("First Name*")).toHaveAttribute("aria-invalid", "true");
});

test("race registration: the same messages as the server, from the same rules", async ({ page }) => {
  await page.goto("/race-registration");
  await scriptLoaded(page);
  await page.getByRole("button", { name: "Register for Race" }).click();
  const places = await messagePlaces(page);
  expect(places.map((p) => p.text)).toEqual([
    "Please select a driver",
    "Please select a race",
    "Please select at least one boat class",
  ]);
  expect(places.map((p) => p.described.length > 0)).toEqual([true, true, true]);
  await page.getByLabel("Open", { exact: true }).check();
  await expect(page.getByText("Please select at least one boat class")).toBeHidden();
});

test("the question is a modal dialog: focus inside, Escape cancels, one post per answer", async ({ page }) => {
  const driver = await withSiteDatabase((db) => createDriver(db, { firstName: "Modal", boatNumber: "44" }));
  await page.goto("/registration");
  await scriptLoaded(page);
  await page.getByLabel("First Name*").fill("Someone");
  await page.getByLabel("Last Name*").fill("Other");
  await page.getByLabel("Boat Number*").fill("45");
  await page.getByLabel("Email*").fill(driver.email!);
  await page.getByLabel("I agree to the PIPA Policy*").check();
  await page.getByRole("button", { name: "Submit Registration" }).click();
  const dialog = page.getByRole("dialog", { name: "Update Existing Registration?" });
  await expect(dialog).toBeVisible();
  await scriptLoaded(page);
  // The panel a browser without JavaScript answers is hidden behind the modal.
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Submit Registration" })).toBeFocused();
  await expect(page.getByLabel("First Name*")).toHaveValue("Someone");

  // Submitting again asks again; a double click on the answer posts once.
  await page.getByRole("button", { name: "Submit Registration" }).click();
  await expect(dialog).toBeVisible();
  await scriptLoaded(page);
  let posts = 0;
  page.on("request", (r) => r.method() === "POST" && posts++);
  await dialog.getByRole("button", { name: "Update Registration" }).dblclick({ noWaitAfter: true });
  await expect(page.getByRole("status").filter({ hasText: "Check Your Email" })).toBeVisible();
  expect(posts).toBe(1);
});

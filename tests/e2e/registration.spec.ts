import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { expect, PHONE, test } from "./fixtures";
import { createDriver, OWN_DATA_SITE, withSiteDatabase } from "./factories";
import { confirmationLinkMailedTo, mailsTo } from "./mailbox";

// Every test here registers or changes drivers: on the own-data site, never on the demo site
// that read-only tests share (tests/e2e/factories.ts).
test.use({ baseURL: OWN_DATA_SITE });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

interface Driver {
  first: string;
  last: string;
  boatNumber: string;
  email: string;
  boatName?: string;
}

function newDriver(): Driver {
  const id = unique();
  return {
    first: "Test",
    last: `Driver${id}`,
    boatNumber: String(100 + Math.floor(Math.random() * 900)),
    email: `e2e.${id}@example.com`,
  };
}

async function fill(page: Page, d: Driver) {
  await page.getByLabel("First Name*").fill(d.first);
  await page.getByLabel("Last Name*").fill(d.last);
  await page.getByLabel("Boat Name").fill(d.boatName ?? "");
  await page.getByLabel("Boat Number*").fill(d.boatNumber);
  await page.getByLabel("Email*").fill(d.email);
  await page.getByLabel("I agree to the PIPA Policy*").check();
}

const toast = (page: Page) => page.locator("[data-toast]");

/** Waits until the page script has loaded (decision 0033), so clicks run the browser-side code. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.getAttribute("data-scripts") === "loaded");
}

async function register(page: Page, d: Driver) {
  await page.goto("/registration");
  await hydrated(page);
  await fill(page, d);
  await page.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page).toHaveURL("/");
  await expect(toast(page)).toContainText("Registration Successful!");
}

/** What the form answers when a change waits for the owner's confirmation (masked address only). */
async function expectLinkSentNotice(page: Page, masked: string) {
  const notice = page.getByRole("status").filter({ hasText: "Check Your Email" });
  await expect(notice).toContainText(
    `We sent a confirmation link to ${masked}. The registration changes only when that link is followed, within 24 hours.`,
  );
}

/** Follows the mailed link: the page shows the change; the button applies it. */
async function confirmByLink(page: Page, link: string, expected: { field: string; now: string; after: string }) {
  expect(new URL(link).origin).toBe(new URL(page.url()).origin);
  const response = await page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Confirm Registration Change" })).toBeVisible();
  await expect(page.getByRole("row", { name: `${expected.field} ${expected.now} ${expected.after}` })).toBeVisible();
  const posted = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/registration/confirm/"));
  await page.getByRole("button", { name: "Confirm Change" }).click();
  expect((await posted).status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Registration Updated!" })).toBeVisible();
  await expect(page.getByText("Your registration details have been updated.")).toBeVisible();
}

async function driverOptions(page: Page) {
  await page.goto("/race-registration");
  return page.getByLabel("Driver").locator("option").allTextContents();
}

test("the form shows every field, Open preselected, and the PIPA policy expands", async ({ page }) => {
  await page.goto("/registration");
  await expect(page.getByRole("heading", { name: "Driver Registration" })).toBeVisible();
  await expect(page.locator('main img[src="/images/logo.svg"]')).toBeVisible();
  await expect(page.getByText("Fields marked with an asterisk (*) are required.")).toBeVisible();
  for (const label of ["First Name*", "Last Name*", "Boat Name", "Boat Number*", "Telephone", "Email*"]) {
    await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByLabel("Open Class")).toBeChecked();
  await expect(page.getByLabel("Superboat Class")).not.toBeChecked();
  await expect(page.getByText("indefinite term")).toBeHidden();
  await page.getByText("Read the full PIPA Policy").click();
  await expect(page.getByText(/indefinite term/)).toBeVisible();
  // On a desktop the Print Form button sits at the top only.
  await expect(page.getByRole("link", { name: "Print Form" })).toHaveCount(1);
});

test("validation messages appear in the browser and nothing is sent", async ({ page }) => {
  await page.goto("/registration");
  await hydrated(page);
  await page.getByLabel("Open Class").uncheck();
  await page.getByLabel("First Name*").fill("A");
  await page.getByLabel("Email*").fill("not-an-email");
  await page.getByRole("button", { name: "Submit Registration" }).click();
  for (const message of [
    "First name must be at least 2 characters.",
    "Last name must be at least 2 characters.",
    "Boat number is required.",
    "Please select at least one boat class.",
    "Please enter a valid email address.",
    "You must agree to the PIPA policy to register.",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page).toHaveURL("/registration");
});

test("a new driver registers, sees the toast on the home page, and appears in the race registration list", async ({ page }) => {
  const d = newDriver();
  await page.goto("/registration");
  await hydrated(page);
  await fill(page, d);
  await page.getByLabel("Superboat Class").check();
  await page.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page).toHaveURL("/");
  await expect(toast(page)).toContainText("Registration Successful!");
  await expect(toast(page)).toContainText("Your registration has been submitted.");
  expect(await driverOptions(page)).toContain(`${d.first} ${d.last} - Boat #${d.boatNumber}`);
});

test("the submit button reads 'Submitting...' and is disabled while busy", async ({ page }) => {
  const d = newDriver();
  await page.goto("/registration");
  await hydrated(page);
  await fill(page, d);
  // Hold the POST back a moment so the busy state can be seen (the page script posts with fetch).
  await page.route("**/registration", async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.getByRole("button", { name: "Submit Registration" }).click();
  await expect(page.getByRole("button", { name: "Submitting..." })).toBeDisabled();
  await expect(page).toHaveURL("/");
});

test.describe("same e-mail: 'Update Existing Registration?'", () => {
  test("shows the current details; Cancel closes it and changes nothing", async ({ page }) => {
    const marcus = await withSiteDatabase((db) =>
      createDriver(db, { firstName: "Marcus", boatNumber: "7", boatName: "Sea Hornet" }),
    );
    await page.goto("/registration");
    await hydrated(page);
    // A registered racer's address, typed with other capitals.
    await fill(page, { first: "Someone", last: "Else", boatNumber: "99", email: marcus.email!.toUpperCase() });
    await page.getByRole("button", { name: "Submit Registration" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Existing Registration?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      "A registration with this email already exists. Would you like to update your information?",
    );
    await expect(dialog).toContainText(`Name:${marcus.name}`);
    await expect(dialog).toContainText("Boat:Sea Hornet");
    await expect(dialog).toContainText("Boat Number:7");
    await expect(dialog).toContainText("Boat Classes:Open");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/registration");
    await expect(page.getByLabel("First Name*")).toHaveValue("Someone");
    const options = await driverOptions(page);
    expect(options).toContain(marcus.label);
    expect(options.some((o) => o.startsWith("Someone Else"))).toBe(false);
  });

  test("Update Registration mails a link to the address on file; the change applies only once the link is confirmed", async ({
    page,
  }) => {
    const d = newDriver();
    await register(page, d);
    await page.goto("/registration");
    await hydrated(page);
    await fill(page, { ...d, boatNumber: "555", email: d.email.toUpperCase() });
    await page.getByRole("button", { name: "Submit Registration" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Existing Registration?" });
    await expect(dialog).toContainText("Boat:Not specified");
    await expect(dialog).toContainText(`Boat Number:${d.boatNumber}`);
    await dialog.getByRole("button", { name: "Update Registration" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL("/registration");
    await expectLinkSentNotice(page, "e•••@example.com");
    await expect(toast(page)).toContainText("Check Your Email");
    await expect(page.getByText(d.email, { exact: false })).toHaveCount(0);

    // Nothing changed yet, and opening the link (as a mail scanner would) changes nothing either.
    const mine = async () => (await driverOptions(page)).filter((o) => o.startsWith(`${d.first} ${d.last}`));
    expect(await mine()).toEqual([`${d.first} ${d.last} - Boat #${d.boatNumber}`]);
    const link = await confirmationLinkMailedTo(d.email);
    await page.goto(link);
    expect(await mine()).toEqual([`${d.first} ${d.last} - Boat #${d.boatNumber}`]);

    await confirmByLink(page, link, { field: "Boat Number", now: d.boatNumber, after: "555" });
    expect(await mine()).toEqual([`${d.first} ${d.last} - Boat #555`]);
  });
});

test.describe("a used or wrong link", () => {
  test("a used link is 410 and a made-up one 404, each with a clear message", async ({ page, expectRefusal }) => {
    const d = newDriver();
    await register(page, d);
    await page.goto("/registration");
    await hydrated(page);
    await fill(page, { ...d, boatNumber: "909" });
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await page
      .getByRole("dialog", { name: "Update Existing Registration?" })
      .getByRole("button", { name: "Update Registration" })
      .click();
    await expectLinkSentNotice(page, "e•••@example.com");
    const link = await confirmationLinkMailedTo(d.email);
    await confirmByLink(page, link, { field: "Boat Number", now: d.boatNumber, after: "909" });

    expectRefusal(new URL(link).pathname, 410);
    expectRefusal("/registration/confirm/not-a-real-token", 404);
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await expect(page.getByRole("alert")).toContainText("This confirmation link has already been used.");
    await expect(page.getByRole("button", { name: "Confirm Change" })).toHaveCount(0);

    const wrong = await page.goto("/registration/confirm/not-a-real-token");
    expect(wrong?.status()).toBe(404);
    await expect(page.getByRole("alert")).toContainText("This confirmation link is not valid.");
  });
});

test.describe("same name, other e-mail: 'Existing Registration Found'", () => {
  test("Cancel closes it and changes nothing; Use New Email moves the registration", async ({ page }) => {
    const d = newDriver();
    await register(page, d);
    const moved = { ...d, email: `new.${d.email}`, boatNumber: "321" };

    await page.goto("/registration");
    await hydrated(page);
    await fill(page, moved);
    await page.getByRole("button", { name: "Submit Registration" }).click();
    const dialog = page.getByRole("dialog", { name: "Existing Registration Found" });
    await expect(dialog).toContainText("A registration with the same name already exists but with a different email address.");
    await expect(dialog).toContainText(`Name:${d.first} ${d.last}`);
    await expect(dialog).toContainText("Email:e•••@example.com");
    await expect(dialog).not.toContainText(d.email);
    await expect(dialog).toContainText("Would you like to use this new email address instead?");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await driverOptions(page)).filter((o) => o.startsWith(`${d.first} ${d.last}`))).toEqual([
      `${d.first} ${d.last} - Boat #${d.boatNumber}`,
    ]);

    await page.goto("/registration");
    await hydrated(page);
    await fill(page, moved);
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await page
      .getByRole("dialog", { name: "Existing Registration Found" })
      .getByRole("button", { name: "Use New Email" })
      .click();
    await expectLinkSentNotice(page, "e•••@example.com");
    await expect(page.locator("main")).not.toContainText(d.email);
    // The link goes to the address on file, not to the one typed in the form.
    expect(await mailsTo(moved.email)).toEqual([]);
    expect((await driverOptions(page)).filter((o) => o.startsWith(`${d.first} ${d.last}`))).toEqual([
      `${d.first} ${d.last} - Boat #${d.boatNumber}`,
    ]);

    await confirmByLink(page, await confirmationLinkMailedTo(d.email), { field: "Email", now: d.email, after: moved.email });
    // Still one registration for this racer, now with the new details.
    expect((await driverOptions(page)).filter((o) => o.startsWith(`${d.first} ${d.last}`))).toEqual([
      `${d.first} ${d.last} - Boat #321`,
    ]);
  });
});

/**
 * Every browser here is one client address (127.0.0.1), which may see 10 dialogs an hour that show
 * a registration (decisions 0028, 0042): a test that needs its dialogs starts that count afresh.
 */
async function freshLookupLimit() {
  await withSiteDatabase((db) =>
    db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'registration-lookup:%' OR key LIKE 'registration:ip:%'`),
  );
}

test.describe("a new address at the same provider (issue 31)", () => {
  test("Gina registers as gina1@, then as gina2@example.org: 'Existing Registration Found'; gina1@ again: the update question", async ({
    page,
  }) => {
    const id = unique();
    const gina: Driver = { first: "Gina", last: `Driver${id}`, boatNumber: "31", email: `gina1.${id}@example.org` };
    await freshLookupLimit();
    await register(page, gina);

    // Same name, new address with the same first letter and domain (the same mask, g•••@example.org).
    await page.goto("/registration");
    await hydrated(page);
    await fill(page, { ...gina, email: `gina2.${id}@example.org` });
    await page.getByRole("button", { name: "Submit Registration" }).click();
    const found = page.getByRole("dialog", { name: "Existing Registration Found" });
    await expect(found).toContainText("A registration with the same name already exists but with a different email address.");
    await expect(found).toContainText(`Name:Gina ${gina.last}`);
    await expect(found).toContainText("Email:g•••@example.org");
    await expect(found).not.toContainText(gina.email);
    await expect(found).toContainText("Would you like to use this new email address instead?");
    await expect(found.getByRole("button", { name: "Use New Email" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Update Existing Registration?" })).toHaveCount(0);
    await found.getByRole("button", { name: "Cancel" }).click();
    await expect(found).toBeHidden();

    // The same name with the address on file: SPEC's other dialog.
    await page.goto("/registration");
    await hydrated(page);
    await fill(page, gina);
    await page.getByRole("button", { name: "Submit Registration" }).click();
    const update = page.getByRole("dialog", { name: "Update Existing Registration?" });
    await expect(update).toContainText(
      "A registration with this email already exists. Would you like to update your information?",
    );
    await expect(update).toContainText(`Boat Number:31`);
    await expect(update.getByRole("button", { name: "Update Registration" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Existing Registration Found" })).toHaveCount(0);
  });
});

test.describe("printable form", () => {
  test("opens a new window with the paper form, the chosen classes ticked, and prints after half a second", async ({ page }) => {
    await page.context().addInitScript(() => {
      const root = () => document.documentElement;
      window.addEventListener("load", () => (root().dataset.loadedAt = String(performance.now())));
      window.print = () => {
        root().dataset.printedAt = String(performance.now());
      };
    });
    await page.goto("/registration");
    await hydrated(page);
    await page.getByLabel("Superboat Class").check();
    await page.getByLabel("Open Class").uncheck();
    const popupPromise = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Print Form" }).first().click();
    const popup = await popupPromise;
    const errors: string[] = [];
    popup.on("console", (m) => m.type() === "error" && errors.push(m.text()));

    await expect(popup).toHaveTitle("Driver Registration Form");
    await expect(popup.getByRole("heading", { name: "Driver Registration Form" })).toBeVisible();
    for (const line of [
      "Date:",
      "First Name:",
      "Last Name:",
      "Boat Name:",
      "Boat Number:",
      "Boat Colour:",
      "Telephone:",
      "Email:",
    ]) {
      await expect(popup.getByText(line, { exact: true })).toBeVisible();
    }
    await expect(popup.getByRole("checkbox", { name: "Superboat Class" })).toBeChecked();
    await expect(popup.getByRole("checkbox", { name: "Open Class" })).not.toBeChecked();
    await expect(popup.getByText(/name, likeness and voice in any media/)).toBeVisible();
    await expect(popup.getByText("Competitor Signature")).toBeVisible();
    await expect(popup.getByText("Guardian Signature (if under 18)")).toBeVisible();
    await expect(popup.locator("footer")).toContainText("Bermuda Radio Control Boat Club");

    const html = popup.locator("html");
    await expect(html).toHaveAttribute("data-printed-at", /\d/);
    const [loaded, printed] = await html.evaluate((el) => [Number(el.dataset.loadedAt), Number(el.dataset.printedAt)]);
    expect(printed - loaded).toBeGreaterThanOrEqual(490);
    expect(errors).toEqual([]);
  });

  test("a blocked popup gives the alert", async ({ page }) => {
    await page.addInitScript(() => {
      window.open = () => null;
    });
    await page.goto("/registration");
    await hydrated(page);
    const alerts: string[] = [];
    page.on("dialog", (dialog) => {
      alerts.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.accept();
    });
    await page.getByRole("link", { name: "Print Form" }).first().click();
    await expect.poll(() => alerts).toEqual(["alert: Please allow popups to print the registration form."]);
    await expect(page).toHaveURL("/registration");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server shows the same validation messages, then registers the driver", async ({ page, expectRefusal }) => {
    // A failed validation answers 400 and the page still shows the form with its messages.
    expectRefusal("/registration", 400);
    await page.goto("/registration");
    await page.getByLabel("First Name*").fill("A");
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page.getByText("First name must be at least 2 characters.")).toBeVisible();
    await expect(page.getByText("Boat number is required.")).toBeVisible();
    await expect(page.getByText("You must agree to the PIPA policy to register.")).toBeVisible();
    await expect(page.getByLabel("First Name*")).toHaveValue("A");
    await expect(page.getByLabel("Open Class")).toBeChecked();

    const d = newDriver();
    await fill(page, d);
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status")).toContainText("Registration Successful! Your registration has been submitted.");
  });

  test("the update question is asked in the page; Update Registration mails a link that confirms without JavaScript too", async ({
    page,
  }) => {
    const d = newDriver();
    await page.goto("/registration");
    await fill(page, d);
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page).toHaveURL("/");

    await page.goto("/registration");
    await fill(page, { ...d, boatNumber: "808" });
    await page.getByRole("button", { name: "Submit Registration" }).click();
    const panel = page.getByRole("alertdialog", { name: "Update Existing Registration?" });
    await expect(panel).toContainText(`Boat Number:${d.boatNumber}`);
    await panel.getByRole("button", { name: "Update Registration" }).click();
    await expect(page).toHaveURL("/registration");
    await expectLinkSentNotice(page, "e•••@example.com");

    await confirmByLink(page, await confirmationLinkMailedTo(d.email), { field: "Boat Number", now: d.boatNumber, after: "808" });
    expect((await driverOptions(page)).filter((o) => o.startsWith(`${d.first} ${d.last}`))).toEqual([
      `${d.first} ${d.last} - Boat #808`,
    ]);
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: PHONE });

  test("registers a driver, with a Print Form button beside submit", async ({ page }) => {
    await page.goto("/registration");
    await hydrated(page);
    const printButtons = page.getByRole("link", { name: "Print Form" });
    await expect(printButtons.first()).toBeVisible();
    await expect(printButtons.last()).toBeVisible();
    // Nothing sticks out sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const d = newDriver();
    await fill(page, d);
    await page.getByRole("button", { name: "Submit Registration" }).click();
    await expect(page).toHaveURL("/");
    await expect(toast(page)).toContainText("Registration Successful!");
  });

  test("the update dialog fits and works", async ({ page }) => {
    // The suite's registrations all come from one address: this one starts its counts afresh.
    await freshLookupLimit();
    const d = newDriver();
    await register(page, d);
    await page.goto("/registration");
    await hydrated(page);
    await fill(page, d);
    await page.getByRole("button", { name: "Submit Registration" }).click();
    const dialog = page.getByRole("dialog", { name: "Update Existing Registration?" });
    await expect(dialog).toBeInViewport();
    await dialog.getByRole("button", { name: "Update Registration" }).click();
    await expect(toast(page)).toContainText("Check Your Email");
    await expectLinkSentNotice(page, "e•••@example.com");
  });
});

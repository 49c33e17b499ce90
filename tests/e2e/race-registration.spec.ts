import type { Page } from "@playwright/test";
import { createDriver, createRace, dayFromToday, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { EMPTY_SITE, expect, PHONE, test } from "./fixtures";

const toast = (page: Page) => page.locator("[data-toast]");

/** Waits until the page script has loaded (decision 0033), so clicks run the browser-side code. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.getAttribute("data-scripts") === "loaded");
}

/** The test's own upcoming race and driver on the own-data site (tests/e2e/factories.ts). */
async function ownRaceAndDriver(boatClasses: string[]) {
  return withSiteDatabase(async (db) => ({
    race: await createRace(db, { title: `Entry Cup ${uniqueName()}`, date: dayFromToday(20), status: "upcoming" }),
    driver: await createDriver(db, { firstName: "Entrant", boatNumber: "12", boatClasses }),
  }));
}

test("the pickers show drivers by last name and upcoming races, with no class preselected", async ({ page }) => {
  await page.goto("/race-registration");
  await expect(page.getByRole("heading", { name: "Race Registration" })).toBeVisible();
  const drivers = await page.getByLabel("Driver").locator("option").allTextContents();
  expect(drivers[0]).toBe("Select a registered driver");
  expect(drivers).toContain("Marcus Trott - Boat #7");
  const demo = drivers.filter((d) => / - Boat #\d+$/.test(d) && !d.startsWith("Test "));
  const lastNames = demo.map((d) => d.split(" - ")[0]!.split(" ").slice(1).join(" ").toLowerCase());
  expect(lastNames).toEqual([...lastNames].sort());
  expect(drivers.join(" ")).not.toContain("@");

  const races = await page.getByLabel("Race Event").locator("option").allTextContents();
  expect(races[0]).toBe("Select a race event");
  expect(races.some((r) => r.startsWith("Season Finale, "))).toBe(true);
  expect(races.some((r) => r.startsWith("Season Opener"))).toBe(false);
  expect(races[1]).toMatch(/^.+, \d{2} [A-Z][a-z]+ \d{4} at .+$/);

  await expect(page.getByLabel("Open", { exact: true })).not.toBeChecked();
  await expect(page.getByLabel("Superboat", { exact: true })).not.toBeChecked();
});

test("validation messages appear and nothing is sent", async ({ page }) => {
  await page.goto("/race-registration");
  await hydrated(page);
  await page.getByRole("button", { name: "Register for Race" }).click();
  await expect(page.getByText("Please select a driver")).toBeVisible();
  await expect(page.getByText("Please select a race")).toBeVisible();
  await expect(page.getByText("Please select at least one boat class")).toBeVisible();
  await expect(page).toHaveURL("/race-registration");
});

test.describe("on the own-data site", () => {
  test.use({ baseURL: OWN_DATA_SITE });

  test("a driver enters a race, then entering again says Already Registered naming the class", async ({
    page,
    expectRefusal,
  }) => {
    expectRefusal("/race-registration", 409);
    const { race, driver } = await ownRaceAndDriver(["Open", "Superboat"]);
    await page.goto("/race-registration");
    await hydrated(page);
    await page.getByLabel("Driver").selectOption({ label: driver.label });
    await page.getByLabel("Race Event").selectOption(String(race.id));
    await page.getByLabel("Open", { exact: true }).check();
    await page.getByLabel("Superboat", { exact: true }).check();
    await page.getByRole("button", { name: "Register for Race" }).click();
    await expect(page).toHaveURL("/");
    await expect(toast(page)).toContainText("Registration Successful");
    await expect(toast(page)).toContainText("You have successfully registered for the race.");

    await page.goto("/race-registration");
    await hydrated(page);
    await page.getByLabel("Driver").selectOption({ label: driver.label });
    await page.getByLabel("Race Event").selectOption(String(race.id));
    await page.getByLabel("Superboat", { exact: true }).check();
    await page.getByRole("button", { name: "Register for Race" }).click();
    await expect(toast(page)).toContainText("Already Registered");
    await expect(page.getByRole("alert").filter({ hasText: "Already Registered" })).toContainText(
      "You are already registered for this race in the Superboat class.",
    );
    await expect(page).toHaveURL("/race-registration");
  });
});

test("the empty site has nothing to pick", async ({ page }) => {
  await page.goto(`${EMPTY_SITE}/race-registration`);
  await expect(page.getByLabel("Driver").locator("option")).toHaveText(["Select a registered driver"]);
  await expect(page.getByLabel("Race Event").locator("option")).toHaveText(["Select a race event"]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, baseURL: OWN_DATA_SITE });

  test("the server validates and registers", async ({ page, expectRefusal }) => {
    // A failed validation answers 400 and the page still shows the form with its messages.
    expectRefusal("/race-registration", 400);
    const { race, driver } = await ownRaceAndDriver(["Superboat"]);
    await page.goto("/race-registration");
    await page.getByRole("button", { name: "Register for Race" }).click();
    await expect(page.getByText("Please select a driver")).toBeVisible();
    await expect(page.getByText("Please select at least one boat class")).toBeVisible();

    await page.getByLabel("Driver").selectOption({ label: driver.label });
    await page.getByLabel("Race Event").selectOption(String(race.id));
    await page.getByLabel("Superboat", { exact: true }).check();
    await page.getByRole("button", { name: "Register for Race" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("status")).toContainText(
      "Registration Successful You have successfully registered for the race.",
    );
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: PHONE, baseURL: OWN_DATA_SITE });

  test("a driver enters a race", async ({ page }) => {
    const { race, driver } = await ownRaceAndDriver(["Open"]);
    await page.goto("/race-registration");
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByLabel("Driver").selectOption({ label: driver.label });
    await page.getByLabel("Race Event").selectOption(String(race.id));
    await page.getByLabel("Open", { exact: true }).check();
    await page.getByRole("button", { name: "Register for Race" }).click();
    await expect(page).toHaveURL("/");
    await expect(toast(page)).toContainText("Registration Successful");
  });
});

/**
 * Race day (issue 13): a heat entered in finishing order by tapping the boats of its draw in the
 * results editor on a 375 px phone, and the race page's "Next up" mark moving on as heats are saved.
 * Both on the own-data site, with the test's own race and drivers.
 */
import type { Locator, Page } from "@playwright/test";
import { axeRun } from "./axe";
import { expect, PHONE, test } from "./fixtures";
import { ADMIN, logIn } from "./admin-support";
import {
  createDriver,
  createHeat,
  createRace,
  createRegistration,
  createResult,
  OWN_DATA_SITE,
  today,
  uniqueName,
  withSiteDatabase,
} from "./factories";

test.use({ baseURL: OWN_DATA_SITE });

/** Today's race of the test's own with these Open boats entered. */
async function raceWithBoats(boats: readonly (readonly [string, string])[]) {
  return withSiteDatabase(async (db) => {
    const race = await createRace(db, { title: `Race Day ${uniqueName()}`, date: today(), status: "upcoming" });
    const drivers = [];
    for (const [boatNumber, boatName] of boats) {
      const driver = await createDriver(db, { firstName: "Skipper", boatNumber, boatName, boatClasses: ["Open"] });
      await createRegistration(db, { raceId: race.id, competitorId: driver.id, boatClass: "Open" });
      drivers.push(driver);
    }
    return { race, drivers };
  });
}

async function openEditor(page: Page, raceId: number) {
  await page.goto(`/admin/results?race=${raceId}`);
  await page.getByRole("button", { name: /^(Add|Edit) Results$/ }).click();
  return page.getByRole("dialog");
}

const boatButton = (pad: Locator, label: string) => pad.getByRole("button", { name: new RegExp(`^${label}`) });

test.describe("at 375 px", () => {
  test.use({ viewport: PHONE });

  test("a heat is entered by tapping its boats in finishing order, then saved with laps and times", async ({ page }) => {
    const { race, drivers } = await raceWithBoats([
      ["3", "Reef Runner"],
      ["5", "Tidal Flash"],
      ["11", "Moongate"],
      ["44", "Dockyard Dash"],
    ]);
    const [reef, tidal, moon] = drivers;
    await logIn(page, OWN_DATA_SITE, ADMIN);
    await page.goto(`/admin/races/${race.id}/heats`);
    await page.getByRole("form", { name: "Draw Open heats" }).getByRole("button", { name: "Draw heats" }).click();
    await expect(page.getByRole("region", { name: "Open heat 1" })).toBeVisible();

    const dialog = await openEditor(page, race.id);
    const pad = dialog.getByRole("group", { name: "Heat 1 boats" });
    // Boat numbers first, in number order; every boat a large target that fits the phone.
    await expect(pad.getByRole("button")).toHaveText(["#3 Reef Runner", "#5 Tidal Flash", "#11 Moongate", "#44 Dockyard Dash"]);
    for (const button of await pad.getByRole("button").all()) {
      const box = (await button.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    const undo = dialog.getByRole("button", { name: "Undo" });
    expect((await undo.boundingBox())!.height).toBeGreaterThanOrEqual(44);

    await boatButton(pad, "#11 Moongate").click();
    await boatButton(pad, "#44 Dockyard Dash").click();
    await boatButton(pad, "#3 Reef Runner").click();
    await expect(boatButton(pad, "#3 Reef Runner")).toHaveText("#3 Reef Runner 3rd");
    // Tapped again: out, and the boats after it move up.
    await boatButton(pad, "#44 Dockyard Dash").click();
    await expect(boatButton(pad, "#44 Dockyard Dash")).toHaveAttribute("aria-pressed", "false");
    await expect(boatButton(pad, "#3 Reef Runner")).toHaveText("#3 Reef Runner 2nd");
    await boatButton(pad, "#5 Tidal Flash").click();
    await boatButton(pad, "#44 Dockyard Dash").click();
    await undo.click();
    await expect(boatButton(pad, "#44 Dockyard Dash")).toHaveAttribute("aria-pressed", "false");
    await expect(pad.getByRole("button", { pressed: true })).toHaveText([
      "#3 Reef Runner 2nd",
      "#5 Tidal Flash 3rd",
      "#11 Moongate 1st",
    ]);

    const serious = (await axeRun(page, { include: '[role="dialog"]' })).violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);

    // The taps filled the rows; laps and times are still typed in them.
    await expect(dialog.getByLabel("Number of Competitors")).toHaveValue("3");
    const rows = dialog.getByTestId("result-row");
    await expect(rows).toHaveCount(3);
    for (const [i, driver] of [moon!, reef!, tidal!].entries()) {
      await expect(rows.nth(i).getByLabel("Position")).toHaveValue(String(i + 1));
      await expect(rows.nth(i).getByLabel("Competitor").locator("option:checked")).toHaveText(
        `${driver.name} #${driver.boatNumber}`,
      );
    }
    await rows.first().getByLabel("Laps").fill("14");
    await rows.first().getByLabel("Best Lap").fill("14523");
    await dialog.getByRole("button", { name: "Save Results" }).click();
    await expect(dialog).toHaveCount(0);

    await page.goto(`/results/${race.id}`);
    const table = page.getByRole("table");
    await expect(table.getByRole("link")).toHaveText([moon!.name, reef!.name, tidal!.name]);
    await expect(table.getByRole("row").filter({ hasText: moon!.name })).toContainText("1:45.23");
  });
});

test("the race page marks the heat that runs next, and the mark moves on when a heat is saved", async ({ page, browser }) => {
  const { race, drivers } = await raceWithBoats([
    ["1", "Longtail"],
    ["2", "Spray"],
    ["3", "Reef Runner"],
    ["4", "Cahow"],
    ["5", "Tidal Flash"],
  ]);
  const [a, b, c, d, e] = drivers.map((driver) => driver.id);
  await withSiteDatabase(async (db) => {
    await createHeat(db, { raceId: race.id, boatClass: "Open", heatNumber: 1, competitorIds: [a!, b!] });
    await createHeat(db, { raceId: race.id, boatClass: "Open", heatNumber: 2, competitorIds: [c!, d!] });
    await createHeat(db, { raceId: race.id, boatClass: "Open", heatNumber: 3, competitorIds: [e!] });
    await createResult(db, { raceId: race.id, competitorId: a!, position: 1, boatClass: "Open", heatNumber: 1 });
    await createResult(db, { raceId: race.id, competitorId: b!, position: 2, boatClass: "Open", heatNumber: 1 });
  });
  const nextUp = page.getByRole("listitem").filter({ has: page.getByText("Next up", { exact: true }) });

  // Heat 1 has results, heat 2 none: heat 2 runs next.
  const streaming = page.waitForResponse((r) => r.url().endsWith(`/live/races/${race.id}`) && r.status() === 200);
  await page.goto(`/calendar/${race.id}`);
  await expect(nextUp).toHaveCount(1);
  await expect(nextUp).toHaveText(/^Heat 2 - Open: #3 Reef Runner, #4 Cahow\s*Next up$/);
  await streaming;
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // The admin saves heat 2 by tapping its boats.
  const admin = await browser.newPage();
  await logIn(admin, OWN_DATA_SITE, ADMIN);
  const dialog = await openEditor(admin, race.id);
  await dialog.getByLabel("Heat Number").fill("2");
  const pad = dialog.getByRole("group", { name: "Heat 2 boats" });
  await boatButton(pad, "#4 Cahow").click();
  await boatButton(pad, "#3 Reef Runner").click();
  await dialog.getByRole("button", { name: "Save Results" }).click();
  await expect(dialog).toHaveCount(0);
  await admin.close();

  // The open page moves the mark to heat 3 without a reload, and a reload shows the same.
  await expect(nextUp).toHaveText(/^Heat 3 - Open: #5 Tidal Flash\s*Next up$/, { timeout: 5_000 });
  await expect(nextUp).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await page.reload();
  await expect(nextUp).toHaveCount(1);
  await expect(nextUp).toHaveText(/^Heat 3 - Open: #5 Tidal Flash\s*Next up$/);
});

test("a race whose only draw is Superboat opens the editor on that draw, its boats ready to tap", async ({ page }) => {
  const { race, drivers } = await raceWithBoats([
    ["7", "Longtail"],
    ["8", "Spray"],
  ]);
  await withSiteDatabase((db) =>
    createHeat(db, { raceId: race.id, boatClass: "Superboat", heatNumber: 1, competitorIds: drivers.map((d) => d.id) }),
  );
  await logIn(page, OWN_DATA_SITE, ADMIN);
  const dialog = await openEditor(page, race.id);
  await expect(dialog.getByLabel("Boat Class")).toHaveValue("Superboat");
  await expect(dialog.getByLabel("Heat Number")).toHaveValue("1");
  await expect(dialog.getByRole("group", { name: "Heat 1 boats" }).getByRole("button")).toHaveText(["#7 Longtail", "#8 Spray"]);
});

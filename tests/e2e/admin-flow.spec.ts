/**
 * The whole admin story on the admin tests' own (empty) site: competitors, a race, results for
 * two heats in both classes, and the public pages showing them with SPEC's points.
 */
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { ADMIN, ADMIN_SITE, logIn, test, toast } from "./admin-support";
import { readTable } from "./public-helpers";

test.describe.configure({ mode: "serial" });

const RACERS = [
  { first: "Ann", last: "Admintest", email: "ann@example.com", boat: "Swift", number: "11", classes: ["Open", "Superboat"] },
  { first: "Ben", last: "Boattest", email: "ben@example.com", boat: "Gull", number: "22", classes: ["Open"] },
  { first: "Cal", last: "Crewtest", email: "cal@example.com", boat: "Tern", number: "33", classes: ["Superboat"] },
];
const RACE = "Admin Flow Cup";

async function fillHeat(page: Page, heat: number, boatClass: string, rows: [string, number][]) {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Heat Number").fill(String(heat));
  await dialog.getByLabel("Boat Class").selectOption(boatClass);
  await dialog.getByLabel("Number of Competitors").fill(String(rows.length));
  await expect(dialog.getByTestId("result-row")).toHaveCount(rows.length);
  for (const [i, [name, position]] of rows.entries()) {
    const row = dialog.getByTestId("result-row").nth(i);
    await row.getByLabel("Position").fill(String(position));
    await row.getByLabel("Competitor").selectOption({ label: name });
  }
  await dialog.getByRole("button", { name: "Save Results" }).click();
  await expect(toast(page, "Race results saved successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** The test's race is dated 2025: Race Management lists it on that year's page. */
async function racesOf2025(page: Page) {
  await page.getByRole("navigation", { name: "Races by year" }).getByRole("link", { name: "2025" }).click();
  await expect(page).toHaveURL(/\/admin\/races\?year=2025$/);
}

test("an admin manages competitors, a race and its results, and the public pages show them", async ({ page, expectRefusal }) => {
  test.setTimeout(120_000);
  await logIn(page, ADMIN_SITE, ADMIN);

  // Competitors: SPEC's messages, then three racers.
  await page.getByRole("button", { name: "Add Competitor" }).click();
  let dialog = page.getByRole("dialog", { name: "Add New Competitor" });
  // By keyboard: a pointer click here races the First Name error appearing on blur and moving the box.
  await dialog.getByLabel("Open").focus();
  await page.keyboard.press("Space");
  await expect(dialog.getByLabel("Open")).not.toBeChecked();
  await dialog.getByRole("button", { name: "Add Competitor" }).click();
  for (const message of [
    "First name must be at least 2 characters.",
    "Last name must be at least 2 characters.",
    "Please enter a valid email address.",
    "Boat number is required.",
    "Please select a boat class.",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByRole("button", { name: "Cancel" }).click();
  for (const r of RACERS) {
    await page.getByRole("button", { name: "Add Competitor" }).click();
    dialog = page.getByRole("dialog", { name: "Add New Competitor" });
    await dialog.getByLabel("First Name").fill(r.first);
    await dialog.getByLabel("Last Name").fill(r.last);
    await dialog.getByLabel("Email").fill(r.email);
    await dialog.getByLabel("Boat Name").fill(r.boat);
    await dialog.getByLabel("Boat Number").fill(r.number);
    for (const c of ["Open", "Superboat"]) {
      const box = dialog.getByLabel(c);
      if ((await box.isChecked()) !== r.classes.includes(c)) {
        await box.focus();
        await page.keyboard.press("Space");
      }
      await expect(box).toBeChecked({ checked: r.classes.includes(c) });
    }
    await dialog.getByRole("button", { name: "Add Competitor" }).click();
    await expect(toast(page, "Competitor created successfully")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("row", { name: new RegExp(`${r.first} ${r.last}`) })).toBeVisible();
  }
  await expect(page.getByRole("row", { name: /Ann Admintest/ })).toContainText("Open, Superboat");

  // Edit: a duplicate e-mail is refused (409), then a real change is saved.
  expectRefusal("/admin/competitors.data", 409);
  await page.getByRole("button", { name: "Edit Ben Boattest" }).click();
  dialog = page.getByRole("dialog", { name: "Edit Competitor" });
  await dialog.getByLabel("Email").fill("ANN@example.com");
  await dialog.getByRole("button", { name: "Update Competitor" }).click();
  await expect(toast(page, "Failed to update competitor")).toBeVisible();
  await expect(dialog.getByText("Another competitor already uses this email address.").first()).toBeVisible();
  await dialog.getByLabel("Email").fill("ben@example.com");
  await dialog.getByLabel("Boat Name").fill("Seagull");
  await dialog.getByRole("button", { name: "Update Competitor" }).click();
  await expect(toast(page, "Competitor updated successfully")).toBeVisible();
  await expect(page.getByRole("row", { name: /Ben Boattest/ })).toContainText("Seagull #22");

  // A race: SPEC's empty state first.
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Races" }).click();
  await expect(page.getByText('No races found. Click "Add Race" to create a new race.')).toBeVisible();
  await page.getByRole("button", { name: "Add Race" }).click();
  dialog = page.getByRole("dialog", { name: "Add New Race" });
  await dialog.getByRole("button", { name: "Add Race" }).click();
  for (const message of [
    "Title must be at least 2 characters.",
    "Please select a date.",
    "Location must be at least 2 characters.",
    "Description must be at least 10 characters.",
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel("Title").fill(RACE);
  await dialog.getByLabel("Date").fill("2025-05-10");
  await dialog.getByLabel("Location").fill("Ferry Reach");
  await dialog.getByLabel("Description").fill("A test race run by the admin tests.");
  await dialog.getByLabel("Status").selectOption("upcoming");
  await dialog.getByRole("button", { name: "Add Race" }).click();
  await expect(toast(page, "Race created successfully")).toBeVisible();
  // Race Management opens on this year and what is upcoming; a 2025 race is on its year's page.
  await expect(toast(page, "Race created successfully")).toContainText("Listed under 2025.");
  await racesOf2025(page);
  const raceRow = page.getByRole("row", { name: new RegExp(RACE) });
  await expect(raceRow).toContainText("Upcoming");
  await expect(raceRow.getByRole("button", { name: `Results of ${RACE}` })).toBeDisabled();

  await raceRow.getByRole("button", { name: `Edit ${RACE}` }).click();
  dialog = page.getByRole("dialog", { name: "Edit Race" });
  await dialog.getByLabel("Status").selectOption("completed");
  await dialog.getByRole("button", { name: "Update Race" }).click();
  await expect(toast(page, "Race updated successfully")).toBeVisible();
  await expect(raceRow).toContainText("Completed");

  // Results button opens the results page with the race selected.
  await raceRow.getByRole("link", { name: `Results of ${RACE}` }).click();
  await expect(page).toHaveURL(/\/admin\/results\?race=\d+/);
  await expect(page.getByText("No results available for this race.")).toBeVisible();
  await page.getByRole("button", { name: "Add Results" }).click();
  dialog = page.getByRole("dialog", { name: `Add Results for ${RACE}` });
  await expect(dialog.getByTestId("result-row")).toHaveCount(5);
  // Points follow the position; an invalid position counts as 1.
  const first = dialog.getByTestId("result-row").first();
  await first.getByLabel("Position").fill("3");
  await expect(first.getByLabel("Points")).toHaveValue("15");
  await first.getByLabel("Position").fill("x");
  await expect(first.getByLabel("Points")).toHaveValue("25");
  // The same competitor twice is refused.
  await dialog.getByLabel("Number of Competitors").fill("2");
  await dialog.getByTestId("result-row").nth(0).getByLabel("Position").fill("1");
  await dialog.getByTestId("result-row").nth(0).getByLabel("Competitor").selectOption({ label: "Ann Admintest #11" });
  await dialog.getByTestId("result-row").nth(1).getByLabel("Competitor").selectOption({ label: "Ann Admintest #11" });
  await dialog.getByRole("button", { name: "Save Results" }).click();
  await expect(dialog.getByText("This competitor is already in this heat.")).toBeVisible();
  await fillHeat(page, 1, "Open", [
    ["Ann Admintest #11", 1],
    ["Ben Boattest #22", 2],
  ]);

  for (const [heat, boatClass, rows] of [
    [
      2,
      "Open",
      [
        ["Ben Boattest #22", 1],
        ["Ann Admintest #11", 2],
      ],
    ],
    [
      1,
      "Superboat",
      [
        ["Cal Crewtest #33", 1],
        ["Ann Admintest #11", 2],
      ],
    ],
    [
      2,
      "Superboat",
      [
        ["Ann Admintest #11", 1],
        ["Cal Crewtest #33", 2],
      ],
    ],
  ] as [number, string, [string, number][]][]) {
    await page.getByRole("button", { name: "Edit Results" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await fillHeat(page, heat, boatClass, rows);
  }

  // The read-only view: class and heat buttons, Pos / Competitor / Points.
  await page.getByRole("group", { name: "Boat class" }).getByRole("link", { name: "Superboat" }).click();
  await page.getByRole("group", { name: "Heat" }).getByRole("link", { name: "Heat 2" }).click();
  await expect(page.getByRole("row").nth(1)).toHaveText(/1\s*Ann Admintest\s*25/);
  await expect(page.getByRole("row").nth(2)).toHaveText(/2\s*Cal Crewtest\s*20/);
  await page.getByRole("button", { name: "Edit Results" }).click();
  await expect(page.getByRole("dialog", { name: `Edit Results for ${RACE}` })).toBeVisible();
  await expect(page.getByRole("dialog").getByTestId("result-row")).toHaveCount(2);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

  // Public pages: standings (Ann 25+20+20+25 = 90; Ben and Cal 45 each, one win and one 2nd
  // each, so either may be 2nd), home, race page and profile.
  await page.goto(`${ADMIN_SITE}/standings`);
  let table = await readTable(page.getByRole("main").getByRole("table"));
  expect(table.headers).toEqual(["Pos", "Racer", "Boat", "Class", "Wins", "Points"]);
  expect(table.rows).toHaveLength(3);
  expect(table.rows[0]).toEqual(["1", "Ann Admintest", "Swift #11", "Open, Superboat", "2", "90"]);
  expect(table.rows.slice(1).map((r) => [r[0], r[4], r[5]])).toEqual([
    ["2", "1", "45"],
    ["3", "1", "45"],
  ]);
  expect(
    table.rows
      .slice(1)
      .map((r) => r[1])
      .sort(),
  ).toEqual(["Ben Boattest", "Cal Crewtest"]);
  expect(table.rows.find((r) => r[1] === "Ben Boattest")!.slice(2, 4)).toEqual(["Seagull #22", "Open"]);
  await page.goto(`${ADMIN_SITE}/standings?class=Superboat`);
  table = await readTable(page.getByRole("main").getByRole("table"));
  expect(table.rows.map((r) => [r[0], r[1], r[3], r[4], r[5]]).sort()).toEqual([
    ["1", "Ann Admintest", "Superboat", "1", "45"],
    ["2", "Cal Crewtest", "Superboat", "1", "45"],
  ]);
  await page.goto(`${ADMIN_SITE}/`);
  await expect(page.getByText(RACE).first()).toBeVisible();
  await page.getByRole("link", { name: "Full Results" }).click();
  await expect(page.getByRole("heading", { name: RACE })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cal Crewtest" }).first()).toBeVisible();
  await page.getByRole("link", { name: "Ann Admintest" }).first().click();
  await expect(page.getByRole("heading", { name: "Ann Admintest" })).toBeVisible();
  const stats = page.locator("section").filter({ has: page.getByRole("heading", { name: "Statistics", exact: true }) });
  await expect(stats.locator("dt").getByText("Points", { exact: true }).locator("xpath=following-sibling::dd[1]")).toHaveText(
    "90",
  );
  const results = await readTable(
    page
      .locator("section")
      .filter({ has: page.getByRole("heading", { name: "Race Results", exact: true }) })
      .getByRole("table"),
  );
  expect(results.rows.map((r) => [r[0]!.replace(/\s+/g, " "), r[2], r[4]]).sort()).toEqual([
    [`${RACE} Open, Heat 1`, "1", "25"],
    [`${RACE} Open, Heat 2`, "2", "20"],
    [`${RACE} Superboat, Heat 1`, "2", "20"],
    [`${RACE} Superboat, Heat 2`, "1", "25"],
  ]);

  // Nobody has marked the results official: the season's grid marks the round, in words too.
  await page.goto(`${ADMIN_SITE}/standings?season=2025&class=Open`);
  const round = page.getByRole("columnheader").filter({ hasText: /^R1/ });
  await expect(round.locator("[data-provisional]")).toHaveText("P");
  await expect(round).toContainText(`${RACE}, May 10, 2025, provisional results`);
  await expect(page.getByRole("table").first().locator("caption")).toContainText(
    "Rounds marked P have provisional results: they may still change.",
  );
});

test("deleting: a competitor with results is refused, one without is deleted after the confirm, a race says what goes with it", async ({
  page,
  expectRefusal,
}) => {
  // Deleting a competitor with results is refused with 409.
  expectRefusal("/admin/competitors.data", 409);
  await logIn(page, ADMIN_SITE, ADMIN);
  page.on("dialog", (d) => {
    expect(d.message()).toBe("Are you sure you want to delete this competitor?");
    void d.accept();
  });
  await page.getByRole("button", { name: "Delete Ann Admintest" }).click();
  await expect(toast(page, "Failed to delete competitor")).toContainText("has race results");
  await expect(page.getByRole("row", { name: /Ann Admintest/ })).toBeVisible();

  await page.getByRole("button", { name: "Add Competitor" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Competitor" });
  await dialog.getByLabel("First Name").fill("Dee");
  await dialog.getByLabel("Last Name").fill("Deletetest");
  await dialog.getByLabel("Email").fill("dee@example.com");
  await dialog.getByLabel("Boat Number").fill("44");
  await dialog.getByRole("button", { name: "Add Competitor" }).click();
  await expect(toast(page, "Competitor created successfully")).toBeVisible();
  await page.getByRole("button", { name: "Delete Dee Deletetest" }).click();
  await expect(toast(page, "Competitor deleted successfully")).toBeVisible();
  await expect(page.getByRole("row", { name: /Dee Deletetest/ })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Races" }).click();
  await racesOf2025(page);
  await page.getByRole("button", { name: `Delete ${RACE}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete ${RACE}?` });
  await expect(confirm).toContainText("Its 8 results will be deleted with it");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("row", { name: new RegExp(RACE) })).toBeVisible();
});

test("a race's entries can be downloaded as CSV", async ({ page }) => {
  await logIn(page, ADMIN_SITE, ADMIN);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Races" }).click();
  await racesOf2025(page);
  await page.getByRole("button", { name: `Entries of ${RACE}` }).click();
  const dialog = page.getByRole("dialog", { name: `Entries for ${RACE}` });
  await expect(dialog.getByText("No entries yet.")).toBeVisible();
  const download = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download CSV" }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text.split("\r\n")[0]).toBe("Race,Date,Class,Boat Number,First Name,Last Name,Boat Name,Competitor ID");
});

test("the competitors tab shows four skeleton rows while its data loads", async ({ page }) => {
  await logIn(page, ADMIN_SITE, ADMIN);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Races" }).click();
  await expect(page.getByText("Race Management")).toBeVisible();
  // Hold the competitors data back so the loading state can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/competitors\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Competitors" }).click();
  await expect(page.getByTestId("competitor-skeleton")).toHaveCount(4);
  release();
  await expect(page.getByRole("row", { name: /Ann Admintest/ })).toBeVisible();
  await expect(page.getByTestId("competitor-skeleton")).toHaveCount(0);
});

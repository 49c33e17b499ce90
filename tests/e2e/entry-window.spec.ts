/**
 * Entry windows (issue 14, item 3) in the browser: an admin sets a race's window in club time;
 * once it has closed, the race page says so and race registration no longer offers the race.
 * On the own-data site, with a race of its own dated far ahead.
 */
import { ADMIN, logIn, test, toast } from "./admin-support";
import { OWN_DATA_SITE, uniqueName } from "./factories";
import { expect } from "./fixtures";

const RACE = `Closed Entries Cup ${uniqueName()}`;

test("a race whose entries have closed says so and cannot be picked for entry", async ({ page }) => {
  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Races" }).click();
  await page.getByRole("button", { name: "Add Race" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Race" });
  await dialog.getByLabel("Title").fill(RACE);
  await dialog.getByLabel("Date").fill("2099-12-30");
  await dialog.getByLabel("Location").fill("Ferry Reach");
  await dialog.getByLabel("Description").fill("Entries for this one closed long ago.");
  // Closing before opening is refused with its message.
  await dialog.getByLabel("Entries open").fill("2025-01-02T18:00");
  await dialog.getByLabel("Entries close").fill("2025-01-01T09:00");
  await dialog.getByRole("button", { name: "Add Race" }).click();
  await expect(dialog.getByText("Entries must close after they open.")).toBeVisible();
  await dialog.getByLabel("Entries open").fill("2025-01-01T09:00");
  await dialog.getByLabel("Entries close").fill("2025-01-02T18:00");
  await dialog.getByRole("button", { name: "Add Race" }).click();
  await expect(toast(page, "Race created successfully")).toBeVisible();

  // The form shows the window back on the club's clock.
  const row = page.getByRole("row", { name: new RegExp(RACE) });
  await row.getByRole("button", { name: `Edit ${RACE}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Race" });
  await expect(edit.getByLabel("Entries close")).toHaveValue("2025-01-02T18:00");
  await edit.getByRole("button", { name: "Cancel" }).click();

  await page.goto(`${OWN_DATA_SITE}/calendar/${await raceId(page)}`);
  await expect(page.getByRole("heading", { name: RACE, level: 1 })).toBeVisible();
  await expect(page.getByTestId("entry-window")).toHaveText("Entries closed on Thursday, January 2, 2025, 6 pm");

  await page.goto(`${OWN_DATA_SITE}/race-registration`);
  await expect(page.getByLabel("Race Event").locator("option").first()).toHaveText("Select a race event");
  const options = await page.getByLabel("Race Event").locator("option").allTextContents();
  expect(options.some((o) => o.includes(RACE))).toBe(false);
});

/** The race's id, from its link on the calendar's data (the admin list has no public link). */
async function raceId(page: import("@playwright/test").Page): Promise<number> {
  const response = await page.request.get(`${OWN_DATA_SITE}/calendar.ics`);
  const body = await response.text();
  const event = body.split("BEGIN:VEVENT").find((e) => e.includes(`SUMMARY:${RACE}`));
  const id = event?.match(/UID:race-(\d+)@/)?.[1];
  if (!id) throw new Error(`${RACE} is not in the calendar feed`);
  return Number(id);
}

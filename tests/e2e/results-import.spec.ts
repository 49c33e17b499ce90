/**
 * The results import in the browser at 375 px (issue 25 item 1): the admin pastes cells copied
 * from a spreadsheet (tabs), the preview leaves a column it does not know unmapped, the admin maps
 * it by hand, confirms, and the results are on the public race page. The screens pass axe.
 */
import { expect, PHONE, test } from "./fixtures";
import { ADMIN, logIn, toast } from "./admin-support";
import { axeViolations } from "./axe";
import { createDriver, createRace, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";

test.use({ viewport: PHONE });

test("paste cells, fix a mapping, confirm, and see the results on the public race page", async ({ page }) => {
  test.setTimeout(90_000);
  const name = uniqueName();
  const boat = String(5000 + Math.floor(Math.random() * 4000));
  const { race, ana, jon } = await withSiteDatabase(async (db) => ({
    race: await createRace(db, { title: `Import Cup ${name}`, date: "2026-05-02", status: "completed" }),
    ana: await createDriver(db, { firstName: "Ana", lastName: `Paste${name}`, boatNumber: boat }),
    jon: await createDriver(db, { firstName: "Jon", lastName: `Cells${name}`, boatNumber: "" }),
  }));

  await logIn(page, OWN_DATA_SITE, ADMIN);
  await page.goto(`${OWN_DATA_SITE}/admin/results?race=${race.id}`);
  await page.getByRole("link", { name: "Import results" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/races/${race.id}/import`);
  expect(await axeViolations(page)).toEqual([]);

  // As a spreadsheet puts copied cells on the clipboard: tabs between cells, a line per row.
  const cells = ["Place\tBoat\tHelm\tLaps\tBest", `1\t${boat}\t\t12\t24.31`, `2\t\t${jon.name}\t11\t0:26.004`].join("\n");
  await page.getByLabel("Or paste cells copied from a spreadsheet").fill(cells);
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(/\/import\?draft=/);

  // "Helm" is no header the importer knows: Jon's row has no racer until it is mapped.
  const helm = page.getByLabel('Column "Helm"');
  await expect(helm).toHaveValue("");
  const rows = page.getByRole("list", { name: "Rows of the file" }).locator(":scope > li");
  await expect(rows.nth(1)).toContainText("Unusable: no boat number and no name");
  await helm.selectOption("name");
  await page.getByRole("button", { name: "Update preview" }).click();
  await expect(rows.nth(0)).toContainText(`${ana.name} #${boat}`);
  await expect(rows.nth(1)).toContainText(jon.name);
  await expect(page.getByRole("region", { name: "Summary" })).toContainText("Open heat 1 (2 boats)");
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Confirm import" }).click();
  await expect(page).toHaveURL(`${OWN_DATA_SITE}/admin/results?race=${race.id}&class=Open&heat=1`);
  await expect(toast(page, "Results imported")).toBeVisible();

  await page.goto(`${OWN_DATA_SITE}/results/${race.id}`);
  const table = page.getByRole("table").first();
  await expect(table).toContainText(ana.name);
  await expect(table).toContainText(jon.name);
});

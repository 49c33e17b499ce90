/**
 * Results entry at the lake (issue 13): the admin results editor on a 375 px phone. Fields fit the
 * screen and are large, positions and laps bring up the number pad, times the decimal pad, and a
 * lap time typed as digits alone ("14523") is saved as m:ss.cc.
 */
import { expect, PHONE, test } from "./fixtures";
import { DEMO, logIn } from "./admin-support";

test.use({ viewport: PHONE });

test("the results editor works at 375 px: large fields, number pads, lap times as m:ss.cc", async ({ page, baseURL }) => {
  await logIn(page, baseURL!, DEMO);
  await page.goto("/admin/results");
  const raceId = await page.getByLabel("Race").locator("option", { hasText: "Season Finale" }).getAttribute("value");
  await page.goto(`/admin/results?race=${raceId}`);
  await page.getByRole("button", { name: /^(Add|Edit) Results$/ }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Heat Number").fill("1");
  await dialog.getByLabel("Boat Class").selectOption("Superboat");
  await dialog.getByLabel("Number of Competitors").fill("1");
  const row = dialog.getByTestId("result-row").first();

  // Everything fits the phone's width, and every field is a large target.
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  for (const label of ["Position", "Competitor", "Laps", "Lap Time", "Best Lap", "Total Time"]) {
    const field = (await row.getByLabel(label, { exact: true }).boundingBox())!;
    expect(field.height, label).toBeGreaterThanOrEqual(44);
    expect(field.x + field.width, label).toBeLessThanOrEqual(PHONE.width);
  }
  await expect(row.getByLabel("Position")).toHaveAttribute("inputmode", "numeric");
  await expect(row.getByLabel("Laps")).toHaveAttribute("inputmode", "numeric");
  await expect(row.getByLabel("Lap Time")).toHaveAttribute("inputmode", "decimal");
  await expect(row.getByLabel("Lap Time")).toHaveAttribute("placeholder", "m:ss.cc");

  await row.getByLabel("Position").fill("1");
  await row.getByLabel("Competitor").selectOption({ label: "Colin Pearman #88" });
  await row.getByLabel("Laps").fill("14");
  // Not a time: a clear message, nothing saved.
  await row.getByLabel("Best Lap").fill("1:75");
  await dialog.getByRole("button", { name: "Save Results" }).click();
  await expect(dialog.getByText("Enter a time as m:ss.cc, e.g. 1:45.23 (or the digits 14523).")).toBeVisible();
  // Digits alone, as the number pad types them.
  await row.getByLabel("Best Lap").fill("14523");
  await row.getByLabel("Lap Time").fill("146.5");
  await row.getByLabel("Total Time").fill("102530");
  await dialog.getByRole("button", { name: "Save Results" }).click();
  await expect(dialog).toHaveCount(0);

  await page.goto(`/results/${raceId}`);
  const result = page.getByRole("row").filter({ hasText: "Colin Pearman" });
  await expect(result).toContainText("1:45.23");
  await expect(result).toContainText("10:25.30");
});

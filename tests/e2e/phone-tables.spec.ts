import type { Page } from "@playwright/test";
import { expect, PHONE, test } from "./fixtures";

test.use({ viewport: PHONE });

/** The columns a visitor needs are inside the 375 px screen, without scrolling sideways. */
async function expectInView(page: Page, names: string[]) {
  const table = page.getByRole("main").getByRole("table").first();
  for (const name of names) {
    const header = table.getByRole("columnheader", { name, exact: true });
    await expect(header).toBeVisible();
    const box = (await header.boundingBox())!;
    expect(box.x, name).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
  }
}

test("home: the latest results show Pos, Name and Points on a phone", async ({ page }) => {
  await page.goto("/");
  await expectInView(page, ["Pos", "Name", "Points"]);
});

test("a race's results show Pos, Racer, Best Lap and Points on a phone, the boat under the name", async ({ page }) => {
  await page.goto("/results");
  await page.goto((await page.getByRole("link", { name: "Full Results" }).first().getAttribute("href"))!);
  await expectInView(page, ["Pos", "Racer", "Best Lap", "Points"]);
  const table = page.getByRole("main").getByRole("table").first();
  await expect(table.getByRole("columnheader", { name: "Boat" })).toBeHidden();
  // The boat is still there, under the racer's name.
  await expect(table.getByRole("row").nth(1).getByRole("cell").nth(1)).toContainText(/\S+\s+\S+/);
});

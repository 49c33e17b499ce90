import { expect, test } from "./fixtures";

test("home page shows the latest results", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Latest Results" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Full Results" })).toBeVisible();
});

import { expect, PHONE, test } from "./fixtures";
import { axeRun } from "./axe";

/** axe-core finds no serious or critical accessibility violation on the public pages. */
const PAGES = ["/", "/?tab=standings", "/results", "/results/4", "/calendar", "/standings", "/competitor/1", "/no-such-page"];

for (const path of PAGES) {
  test(`no serious accessibility violations on ${path}`, async ({ page, expectRefusal }) => {
    if (path === "/no-such-page") expectRefusal(path, 404);
    // axe checks the contrast of every cell: the archive's ten full results tables (1,200 cells)
    // take it well over the default 30 s on a busy 2-core CI machine.
    test.setTimeout(120_000);
    await page.goto(path);
    const { violations } = await axeRun(page);
    const serious = violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  });
}

test("the open mobile menu is accessible", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await page.getByRole("banner").locator("summary").click();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
  const { violations } = await axeRun(page, { include: "header details" });
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

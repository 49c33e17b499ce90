import { PHONE } from "./fixtures";
import { axeRun } from "./axe";
import { ADMIN, ADMIN_SITE, expect, logIn, test } from "./admin-support";

const PAGES = ["/admin/competitors", "/admin/races", "/admin/results", "/admin/audit"];

test("the login page and every admin page have no serious accessibility violations", async ({ page }) => {
  // Five axe runs in one test: well over the default 30 s on a busy 2-core CI machine.
  test.setTimeout(120_000);
  const serious = async () =>
    (await axeRun(page)).violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  await page.goto(`${ADMIN_SITE}/admin/login`);
  expect(await serious()).toEqual([]);
  await logIn(page, ADMIN_SITE, ADMIN);
  for (const path of PAGES) {
    await page.goto(ADMIN_SITE + path);
    expect(await serious(), path).toEqual([]);
  }
  await page.goto(`${ADMIN_SITE}/admin/competitors`);
  await page.getByRole("button", { name: "Add Competitor" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await serious(), "competitor dialog").toEqual([]);
});

test("admin pages fit a 375 px phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await logIn(page, ADMIN_SITE, ADMIN);
  for (const path of PAGES) {
    await page.goto(ADMIN_SITE + path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(PHONE.width);
  }
});

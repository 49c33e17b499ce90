/**
 * The admin dialogs are native modal <dialog>s (app/components/ui/dialog.tsx) and the toasts our
 * own (app/components/layout/toaster.tsx): what Radix and sonner did for us, checked in the browser.
 * On the demo site, changing nothing.
 */
import { DEMO, logIn, test, toast } from "./admin-support";
import { expect, PHONE } from "./fixtures";

test("a dialog is modal, named and described; Escape, its close button and a press outside close it, focus goes back", async ({
  page,
}) => {
  await logIn(page, "", DEMO);
  // The first: the dialog's submit button has the same name.
  const opener = page.getByRole("button", { name: "Add Competitor" }).first();
  const dialog = page.getByRole("dialog", { name: "Add New Competitor" });

  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAccessibleDescription("Name, contact details, boat and class(es).");
  expect(await dialog.evaluate((el) => el.matches(":modal"))).toBe(true);
  await expect(dialog.getByLabel("First Name")).toBeFocused();
  // The page behind is inert and does not scroll.
  const covered = await opener.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest("dialog") != null;
  });
  expect(covered).toBe(true);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe("hidden");

  await opener.click();
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await opener.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(4, 300);
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("a toast shown while a dialog is open shows inside it, is announced and can be closed", async ({ page, expectRefusal }) => {
  expectRefusal("/admin/competitors.data", 409);
  await logIn(page, "", DEMO);
  await expect(toast(page, "Success")).toHaveAttribute("role", "status");
  await page.getByRole("button", { name: "Add Competitor" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Competitor" });
  await dialog.getByLabel("First Name").fill("Marcus");
  await dialog.getByLabel("Last Name").fill("Again");
  await dialog.getByLabel("Email").fill("marcus.trott@example.com");
  await dialog.getByLabel("Boat Number").fill("99");
  await dialog.getByRole("button", { name: "Add Competitor" }).click();

  const shown = toast(page, "Failed to create competitor");
  await expect(shown).toBeVisible();
  await expect(shown).toContainText("Another competitor already uses this email address.");
  // Outside the dialog it would be inert: neither clickable nor read out.
  await expect(dialog.locator("[data-toast-live]")).toHaveCount(1);
  await expect(shown).toHaveAttribute("role", "alert");
  expect(
    await page
      .locator("[data-toaster]")
      .last()
      .evaluate((el) => getComputedStyle(el).position),
  ).toBe("fixed");
  await shown.getByRole("button", { name: "Close toast" }).click();
  await expect(page.locator("[data-toast-live]")).toHaveCount(0);
  await expect(dialog).toBeVisible();
});

test("a toast goes after 5 seconds, not while the pointer is on it", async ({ page }) => {
  // The page's own clock: the test moves time on instead of waiting for it.
  await page.clock.install();
  await logIn(page, "", DEMO);
  const shown = toast(page, "Success");
  await expect(shown).toBeVisible();
  await shown.hover();
  await page.clock.runFor(5500);
  await expect(shown).toBeVisible();
  await page.mouse.move(4, 400);
  await page.clock.runFor(7000);
  await expect(shown).toHaveCount(0);
});

test("a dialog fits a 375 px phone", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await logIn(page, "", DEMO);
  await page.getByRole("button", { name: "Add Competitor" }).click();
  const box = (await page.getByRole("dialog").boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(15);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width - 15);
});

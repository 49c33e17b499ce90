import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO, logIn } from "./admin-support";

async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.querySelector("main form") ?? {}).some((k) => k.startsWith("__react")));
}

/** Enters a demo driver for the soonest open race through the public form; returns the race id. */
async function enter(page: Page, driver: string, boatClass: "Open" | "Superboat") {
  await page.goto("/race-registration");
  await hydrated(page);
  await page.getByLabel("Driver").selectOption({ label: driver });
  const select = page.getByLabel("Race Event");
  const raceId = await select.locator("option").nth(1).getAttribute("value");
  await select.selectOption(raceId);
  await page.getByLabel(boatClass, { exact: true }).check();
  await page.getByRole("button", { name: "Register for Race" }).click();
  await expect(page).toHaveURL("/");
  return raceId!;
}

test("the race page lists entrants per class with boat numbers and counts, as people register", async ({ page }) => {
  const raceId = await enter(page, "Renee Dill - Boat #5", "Open");
  await enter(page, "Nadine Trimm - Boat #11", "Open");
  await page.goto(`/calendar/${raceId}`);
  const list = page.getByRole("region", { name: /^Open \(\d+ boats?\)$/ });
  await expect(list).toContainText("#5");
  await expect(list).toContainText("Tidal Flash");
  await expect(list).toContainText("#11");
  await expect(list).toContainText("Moongate");
  const items = await list.getByRole("listitem").allInnerTexts();
  const heading = await list.getByRole("heading").innerText();
  expect(heading).toBe(`Open (${items.length} boats)`);
  // Boat numbers first, in number order: #5 before #11.
  const numbers = items.map((t) => Number(t.match(/^#(\d+)/)?.[1]));
  expect(numbers.indexOf(5)).toBeLessThan(numbers.indexOf(11));
  await expect(page.getByRole("main")).not.toContainText("@example.com");
  await expect(page.getByRole("main")).not.toContainText("441-555");
});

test("an admin draws Superboat heats; the race page lists them and the heat sheet prints one class per A4 page", async ({
  page,
  baseURL,
}) => {
  let raceId = "";
  for (const driver of ["Devon Simmons - Boat #3", "Tyrone Furbert - Boat #44", "Colin Pearman - Boat #88"]) {
    raceId = await enter(page, driver, "Superboat");
  }
  await logIn(page, baseURL!, DEMO);
  await page.goto(`/admin/races/${raceId}/heats`);
  const draw = page.getByRole("form", { name: "Draw Superboat heats" });
  await draw.getByLabel("Boats per heat").fill("2");
  await draw.getByLabel("Seed (optional)").fill("77");
  await draw.getByRole("button", { name: "Draw heats" }).click();
  await expect(page.getByText("Random draw, seed 77")).toBeVisible();

  await page.goto(`/calendar/${raceId}`);
  const heats = page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ hasText: /^Heat \d+ - Superboat: / });
  await expect(heats.first()).toBeVisible();
  const lines = await heats.allInnerTexts();
  expect(lines.length).toBeGreaterThanOrEqual(2);
  const all = lines.join(", ");
  for (const boat of ["#3 Reef Runner", "#44 Dockyard Dash", "#88 Harbour Hawk"]) expect(all).toContain(boat);

  await page.getByRole("link", { name: "Print heat sheet" }).click();
  await expect(page).toHaveURL(`/calendar/${raceId}/heat-sheet`);
  await page.emulateMedia({ media: "print" });
  const sheet = page.getByRole("region", { name: "Superboat heats" });
  await expect(sheet.getByRole("heading", { level: 1 })).toContainText("Superboat");
  await expect(sheet.getByRole("heading", { name: "Heat 1 – Superboat" })).toBeVisible();
  // Boat numbers first, in large type.
  const first = sheet.locator("li").first();
  await expect(first.locator(".number")).toHaveText(/^#\d+$/);
  const size = await first.locator(".number").evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  expect(size).toBeGreaterThanOrEqual(24);
  // A4 portrait, one class per page.
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  const boxes = [...pdf.matchAll(/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [
    Math.round(+m[1]!),
    Math.round(+m[2]!),
  ]);
  expect(boxes.length).toBeGreaterThan(0);
  // A4 portrait is 595 x 842 points.
  for (const box of boxes) expect(box).toEqual([595, 842]);
  const breaks = await page.locator(".class-page").evaluateAll((els) => els.map((e) => getComputedStyle(e).breakAfter));
  expect(breaks.slice(0, -1).every((b) => b === "page")).toBe(true);
  await expect(page.locator("script")).toHaveCount(0);
});

test("a past race's results are marked official with their time; the standings carry no provisional note", async ({ page }) => {
  await page.goto("/results");
  await page.getByRole("link", { name: "Full Results" }).first().click();
  await expect(page.getByTestId("results-mark")).toHaveText(/^Official [A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
  await expect(page.getByRole("main")).not.toContainText("Provisional");
  await page.goto("/standings");
  await expect(page.getByRole("note")).toHaveCount(0);
});

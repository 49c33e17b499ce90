/**
 * The calendar's pages (issue 11): with more than 24 events a tab shows 24 cards at a time, opens
 * at today (All Events) or at the most recent (Past), and "Earlier events" / "Later events" are
 * plain links. Runs on the own-data site with 50 races of its own dated 1951, long before what
 * other tests create.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { count, lt } from "drizzle-orm";
import { races } from "~/db/schema";
import { createRace, dayFromToday, OWN_DATA_SITE, uniqueName, withSiteDatabase } from "./factories";
import { waitForHydration } from "./public-helpers";

const RACES = 50;

/** The event cards (the filter tabs are list items too). */
function cards(page: Page) {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: /^View (Results|Details)$/ }) });
}

function cardTitles(page: Page): Promise<string[]> {
  return cards(page).getByRole("heading").allInnerTexts();
}

function badges(page: Page): Promise<string[]> {
  return cards(page)
    .getByText(/^(Upcoming|Today|Past)$/)
    .allInnerTexts();
}

function pager(page: Page) {
  return page.getByRole("navigation", { name: "Calendar pages" });
}

/** [page shown, pages] from "Page 3 of 7". */
async function pageStatus(page: Page): Promise<[number, number]> {
  const text = await pager(page)
    .getByText(/^Page \d+ of \d+$/)
    .innerText();
  const [, shown, pages] = /^Page (\d+) of (\d+)$/.exec(text)!;
  return [Number(shown), Number(pages)];
}

test.describe("/calendar with many events", () => {
  // One set of races for the four tests (each worker would otherwise make its own).
  test.describe.configure({ mode: "serial" });
  const tag = `Paged ${uniqueName()}`;
  const titles = Array.from({ length: RACES }, (_, i) => `${tag} ${String(i + 1).padStart(2, "0")}`);
  /** The page holding this test's first race (other tests' races may come before it). */
  let firstPage = 1;

  test.beforeAll(async () => {
    await withSiteDatabase(async (db) => {
      for (const [i, title] of titles.entries()) {
        const day = String((i % 28) + 1).padStart(2, "0");
        const month = String(Math.floor(i / 28) + 1).padStart(2, "0");
        await createRace(db, { title, date: `1951-${month}-${day}`, status: "completed" });
      }
      await createRace(db, { title: `${tag} ahead`, date: dayFromToday(400), status: "upcoming" });
      const [row] = await db.select({ n: count() }).from(races).where(lt(races.date, "1951-01-01"));
      firstPage = Math.floor(row!.n / 24) + 1;
    });
  });

  test("All Events opens at today; Earlier and Later events walk the pages in date order", async ({ page }) => {
    await page.goto(`${OWN_DATA_SITE}/calendar`);
    const [opened, pages] = await pageStatus(page);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(opened).toBeGreaterThan(firstPage);
    // The page holding the first event dated today or later: it shows an Upcoming or Today badge.
    expect(await badges(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^(Upcoming|Today)$/)]));

    await pager(page).getByRole("link", { name: "Earlier events" }).click();
    await expect(page).toHaveURL(`${OWN_DATA_SITE}/calendar?page=${opened - 1}`);
    await expect(pager(page)).toContainText(`Page ${opened - 1} of ${pages}`);

    // From the page holding this test's first race, Later events shows the rest in date order.
    await page.goto(`${OWN_DATA_SITE}/calendar?page=${firstPage}`);
    const seen = await cardTitles(page);
    expect(seen).toHaveLength(24);
    for (let n = firstPage + 1; n <= firstPage + 3 && n <= pages; n++) {
      await pager(page).getByRole("link", { name: "Later events" }).click();
      await expect(page).toHaveURL(`${OWN_DATA_SITE}/calendar?page=${n}`);
      await expect(pager(page)).toContainText(`Page ${n} of ${pages}`);
      seen.push(...(await cardTitles(page)));
    }
    expect(seen.filter((t) => titles.includes(t))).toEqual(titles);
  });

  test("page 1 has no Earlier events link, the last page no Later events link", async ({ page }) => {
    await page.goto(`${OWN_DATA_SITE}/calendar?page=1`);
    const [, pages] = await pageStatus(page);
    await expect(pager(page).getByRole("link", { name: "Earlier events" })).toHaveCount(0);
    await expect(pager(page).getByRole("link", { name: "Later events" })).toBeVisible();
    await page.goto(`${OWN_DATA_SITE}/calendar?page=${pages}`);
    await expect(pager(page).getByRole("link", { name: "Later events" })).toHaveCount(0);
    await expect(pager(page).getByRole("link", { name: "Earlier events" })).toBeVisible();
  });

  test("Past opens at its most recent page and keeps the filter from page to page", async ({ page }) => {
    await page.goto(`${OWN_DATA_SITE}/calendar?filter=past`);
    await expect(page.getByRole("link", { name: "Past" })).toHaveAttribute("aria-current", "page");
    const [shown, pages] = await pageStatus(page);
    expect(shown).toBe(pages);
    await expect(pager(page).getByRole("link", { name: "Later events" })).toHaveCount(0);
    for (const badge of await badges(page)) expect(badge).toBe("Past");
    await pager(page).getByRole("link", { name: "Earlier events" }).click();
    await expect(page).toHaveURL(`${OWN_DATA_SITE}/calendar?filter=past&page=${pages - 1}`);
    await expect(page.getByRole("link", { name: "Past" })).toHaveAttribute("aria-current", "page");
    for (const badge of await badges(page)) expect(badge).toBe("Past");
  });

  test("a page out of range shows the last page, a page that is no number the default one", async ({ page }) => {
    expect((await page.goto(`${OWN_DATA_SITE}/calendar?page=99999`))?.status()).toBe(200);
    const [shown, pages] = await pageStatus(page);
    expect(shown).toBe(pages);
    expect((await page.goto(`${OWN_DATA_SITE}/calendar?page=0`))?.status()).toBe(200);
    expect((await pageStatus(page))[0]).toBe(1);
    expect((await page.goto(`${OWN_DATA_SITE}/calendar?page=abc`))?.status()).toBe(200);
    expect(await badges(page)).toEqual(expect.arrayContaining([expect.stringMatching(/^(Upcoming|Today)$/)]));
  });

  test("the minute's refetch asks for the same page", async ({ page }) => {
    await page.clock.install();
    await page.goto(`${OWN_DATA_SITE}/calendar?page=${firstPage}`);
    // The refresh script loads after the page has painted: wait for it before moving the clock.
    await waitForHydration(page);
    const before = await cardTitles(page);
    const refetch = page.waitForRequest((r) => new URL(r.url()).pathname === "/calendar" && r.resourceType() === "fetch", {
      timeout: 10_000,
    });
    await page.clock.runFor(60_000);
    const request = await refetch;
    expect(new URL(request.url()).searchParams.get("page")).toBe(String(firstPage));
    expect((await request.response())?.status()).toBe(200);
    expect(await cardTitles(page)).toEqual(before);
  });
});

test.describe("/calendar with many events, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page links work as plain links", async ({ page }) => {
    await page.goto(`${OWN_DATA_SITE}/calendar?page=2`);
    await pager(page).getByRole("link", { name: "Earlier events" }).click();
    await expect(page).toHaveURL(`${OWN_DATA_SITE}/calendar?page=1`);
    await expect(pager(page)).toContainText("Page 1 of");
  });
});

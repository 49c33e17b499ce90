/**
 * Small helpers shared by the public-*.spec.ts browser tests (not a test file itself).
 */
import type { Locator, Page } from "@playwright/test";

/** SPEC section 9: points per finishing position; every finish below 10th gives 5. */
export function specPoints(position: number): number {
  const table: Record<number, number> = {
    1: 25,
    2: 20,
    3: 15,
    4: 13,
    5: 11,
    6: 10,
    7: 9,
    8: 8,
    9: 7,
    10: 6,
  };
  return table[position] ?? 5;
}

/** 'Tuesday, March 5, 2024' (SPEC's calendar date style). */
export const LONG_DATE = /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/;

/** Milliseconds since the epoch of a 'Tuesday, March 5, 2024' date (the weekday is dropped). */
export function parseLongDate(text: string): number {
  const withoutWeekday = text.replace(/^[A-Za-z]+, /, "");
  const time = Date.parse(`${withoutWeekday} 12:00 UTC`);
  if (Number.isNaN(time)) throw new Error(`not a date: ${text}`);
  return time;
}

export interface TableText {
  headers: string[];
  rows: string[][];
}

/**
 * The column headers and body rows of a table, or of one of its row groups (a <tbody>), as the
 * visitor reads them. A row group's heading row ('Open, Heat 1') has no data cells and is left out.
 */
export async function readTable(table: Locator): Promise<TableText> {
  return table.evaluate((element) => {
    // A cell's text as a reader takes it in: decorative pictures (aria-hidden, such as the initials
    // avatars' letters) left out.
    const read = (cell: Element) => {
      const hidden = [...cell.querySelectorAll<HTMLElement | SVGElement>('[aria-hidden="true"]')];
      for (const picture of hidden) picture.style.setProperty("display", "none");
      const text = (cell as HTMLElement).innerText.trim();
      for (const picture of hidden) picture.style.removeProperty("display");
      return text;
    };
    const whole = element.closest("table")!;
    return {
      headers: [...whole.querySelectorAll("thead th")].map(read),
      rows: [...element.querySelectorAll(element.tagName === "TBODY" ? "tr" : "tbody tr")]
        .filter((tr) => tr.querySelector("td"))
        .map((tr) => [...tr.querySelectorAll("td")].map(read)),
    };
  });
}

/** An element's text as a reader takes it in, like readTable's cells (aria-hidden pictures left out). */
export async function readText(locator: Locator): Promise<string> {
  return locator.evaluate((element) => {
    const hidden = [...element.querySelectorAll<HTMLElement | SVGElement>('[aria-hidden="true"]')];
    for (const picture of hidden) picture.style.setProperty("display", "none");
    const text = (element as HTMLElement).innerText.trim();
    for (const picture of hidden) picture.style.removeProperty("display");
    return text;
  });
}

/** The row group (<tbody>) of a race's results headed by a class and heat such as 'Open, Heat 1'. */
export function heatRows(scope: Page | Locator, name: string): Locator {
  return scope.locator("tbody").filter({ has: scope.getByRole("heading", { name, exact: true }) });
}

/** Each class and heat's row group of a race's results table (the whole body when it has one). */
export function heatGroups(table: Locator): Promise<Locator[]> {
  return table.locator("tbody").all();
}

/** A card (<section>) identified by its heading. */
export function card(page: Page, heading: string | RegExp): Locator {
  return page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });
}

/**
 * Waits until a click cannot be lost: read pages are server HTML whose standalone scripts load
 * after the load event; hydrated pages (forms, admin) wait for React to hydrate.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  if (!(await page.evaluate(() => "__reactRouterContext" in window))) {
    // A read page: its scripts load once it has painted (app/read-page.js); wait for them.
    await page.waitForFunction(() => document.documentElement.getAttribute("data-scripts") === "loaded");
    return;
  }
  await page.waitForFunction(() => {
    const w = window as unknown as { __reactRouterDataRouter?: unknown };
    const main = document.querySelector("main");
    return !!w.__reactRouterDataRouter && !!main && Object.keys(main).some((key) => key.startsWith("__reactProps"));
  });
  // One more frame so passive effects (listeners, timers) scheduled by the hydration commit have run.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** The href of a link, failing loudly when it has none. */
export async function href(link: Locator): Promise<string> {
  const value = await link.getAttribute("href");
  if (!value) throw new Error("link without href");
  return value;
}

/**
 * WCAG 2.2 AA 2.4.11 (focus not obscured): tabbing backwards up a long page, every focused link
 * stays in view below the sticky header, on a phone and on a desktop. The browser scrolls a
 * focused element just into view; without room kept for the header it lands under it.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function firstRacerProfile(page: Page): Promise<string> {
  await page.goto("/standings");
  const href = await page.locator('main a[href^="/competitor/"]').first().getAttribute("href");
  if (!href) throw new Error("no racer on the standings");
  return href;
}

/**
 * Whether the focused element is in view and not under the sticky header: the header must not
 * cover any part of it (stricter than 2.4.11's "not entirely hidden"). An element drawn above the
 * header (the skip link) is what the visitor sees at that point.
 */
function focusedPlacement(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    const header = document.querySelector("header")!;
    // The header's own links are the header.
    if (!focused || focused === document.body || header.contains(focused)) return { label: "", visible: true };
    const box = focused.getBoundingClientRect();
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const onTop = document.elementFromPoint(x, Math.max(box.top, 0) + 1);
    const underHeader = onTop !== null && header.contains(onTop);
    return {
      label: `${focused.tagName} "${focused.textContent?.trim().slice(0, 40)}" top ${Math.round(box.top)} (header ends ${Math.round(header.getBoundingClientRect().bottom)})`,
      visible: !underHeader && box.top >= 0 && box.bottom <= window.innerHeight + 0.5,
    };
  });
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 740 : 800 } });

    for (const page of ["/results", "/standings", "racer profile"]) {
      test(`Shift+Tab up ${page} never leaves the focused element under the header`, async ({ page: tab }) => {
        const path = page === "racer profile" ? await firstRacerProfile(tab) : page;
        await tab.goto(path);
        // Start from the page's end, as a keyboard user who has read it to the bottom.
        await tab.locator("footer a").last().focus();
        const hidden: string[] = [];
        for (let step = 0; step < 40; step++) {
          await tab.keyboard.press("Shift+Tab");
          const placement = await focusedPlacement(tab);
          if (!placement.visible) hidden.push(placement.label);
        }
        expect(hidden).toEqual([]);
      });
    }
  });
}

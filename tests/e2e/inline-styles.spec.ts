/**
 * Decision 0025: a read page inlines only the stylesheet rules its elements can match. The page
 * must look exactly as it does with the whole stylesheet: every element's computed style is the
 * same with the page's own <style> and with the build's full CSS file in its place.
 */
import type { Page } from "@playwright/test";
import { expect, PHONE, test } from "./fixtures";

const PAGES = [
  "/",
  "/?tab=standings",
  "/results",
  "/standings",
  "/standings?class=Superboat",
  "/standings?season=newest",
  "/competitor/1",
  "/competitor/2/vs/7",
  "/no-such-page",
];

const PROPERTIES = [
  "display",
  "position",
  "width",
  "height",
  "margin",
  "padding",
  "border",
  "border-radius",
  "color",
  "background-color",
  "font",
  "text-align",
  "text-decoration-line",
  "gap",
  "grid-template-columns",
  "flex-direction",
  "justify-content",
  "align-items",
  "overflow",
  "visibility",
  "opacity",
  "box-shadow",
  "white-space",
  "user-select",
];

/** Every element's computed style, in document order. */
function computedStyles(page: Page): Promise<string[]> {
  return page.evaluate(
    (properties) =>
      [...document.body.querySelectorAll("*")].map((element) => {
        const style = getComputedStyle(element);
        return `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} ${properties.map((p) => style.getPropertyValue(p)).join("|")}`;
      }),
    PROPERTIES,
  );
}

/** The build's whole stylesheet, as the hydrated pages (the admin login) link it. */
async function wholeStylesheet(page: Page): Promise<string> {
  await page.goto("/admin/login");
  return (await page.locator('link[rel="stylesheet"]').first().getAttribute("href"))!;
}

for (const size of [PHONE, { width: 1280, height: 900 }]) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });
    for (const listed of PAGES) {
      test(`${listed} looks the same with only the rules it uses as with the whole stylesheet`, async ({
        page,
        expectRefusal,
      }) => {
        let path = listed;
        if (path === "/no-such-page") expectRefusal(path, 404);
        const whole = await wholeStylesheet(page);
        if (path.endsWith("season=newest")) {
          // A season's championship grid: the newest season the selector offers.
          await page.goto("/standings");
          const newest = await page
            .getByLabel("Season")
            .locator("option")
            .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).find((v) => /^\d{4}$/.test(v)));
          path = `/standings?season=${newest}`;
        }
        const violations: string[] = [];
        page.on("console", (message) => /Content Security Policy/.test(message.text()) && violations.push(message.text()));
        await page.goto(path);
        const inlined = await page.locator("head style").evaluateAll((styles) => styles.map((s) => s.textContent?.length ?? 0));
        expect(inlined).toHaveLength(1);
        const own = await computedStyles(page);

        await page.evaluate(async (href) => {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = href;
          await new Promise((resolve, reject) => {
            link.onload = resolve;
            link.onerror = reject;
            document.head.append(link);
          });
          document.querySelector("head style")!.remove();
        }, whole);
        const withWhole = await computedStyles(page);
        expect(own.length).toBeGreaterThan(50);
        for (let i = 0; i < own.length; i++) expect(own[i], `element ${i}`).toBe(withWhole[i]);
        // And the whole stylesheet is bigger: something was left out.
        const wholeLength = await page.evaluate(async (href) => (await (await fetch(href)).text()).length, whole);
        expect(inlined[0]).toBeLessThan(wholeLength * 0.8);
        expect(violations).toEqual([]);
      });
    }
  });
}

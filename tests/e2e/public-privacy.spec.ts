/**
 * Issue 2 "Must show": no public page contains a competitor's e-mail address or telephone number,
 * and the public pages make no request to any other host (avatars are drawn in the page, images are our own).
 */
import type { APIRequestContext } from "@playwright/test";
import { EMPTY_SITE, expect, test } from "./fixtures";
import { waitForHydration } from "./public-helpers";

const CLUB_EMAIL = "info@example.org";
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** Demo phones look like 441-555-0100; also catch (441) 555 0100, +1 441 555 0100 and 4415550100. */
const PHONE_NUMBER = /(?:\+?1[-. ]?)?\(?\b\d{3}\)?[-. ]\d{3}[-. ]\d{4}\b|\b441\d{7}\b/g;

async function body(request: APIRequestContext, url: string): Promise<{ status: number; text: string }> {
  const response = await request.get(url);
  return { status: response.status(), text: await response.text() };
}

/** The ids behind every /results/N, /calendar/N and /competitor/N link of a page's HTML. */
function linkedIds(html: string, prefix: "results" | "calendar" | "competitor"): string[] {
  return [...new Set([...html.matchAll(new RegExp(`href="/${prefix}/(\\d+)"`, "g"))].map((m) => m[1]!))];
}

function leaks(text: string): { emails: string[]; phones: string[] } {
  return {
    emails: [...new Set(text.match(EMAIL) ?? [])].filter((e) => e.toLowerCase() !== CLUB_EMAIL),
    phones: [...new Set(text.match(PHONE_NUMBER) ?? [])],
  };
}

test.describe("privacy of competitors' contact details", () => {
  test("the leak patterns find what they look for", () => {
    expect(leaks("x marcus.trott@example.com y 441-555-0100 info@example.org")).toEqual({
      emails: ["marcus.trott@example.com"],
      phones: ["441-555-0100"],
    });
    expect(leaks("(441) 555-0101 and +1 441 555 0102 and 4415550103").phones).toHaveLength(3);
  });

  test("no public page or its data contains a competitor's e-mail address or telephone number", async ({ request }) => {
    const calendar = await body(request, "/calendar");
    const standings = await body(request, "/standings");
    const raceIds = [...new Set([...linkedIds(calendar.text, "results"), ...linkedIds(calendar.text, "calendar")])];
    const competitorIds = linkedIds(standings.text, "competitor");
    expect(raceIds.length).toBeGreaterThan(10);
    expect(competitorIds.length).toBeGreaterThan(10);

    const pages = [
      "/",
      "/?tab=standings",
      "/results",
      "/calendar",
      "/calendar?filter=upcoming",
      "/calendar?filter=today",
      "/calendar?filter=past",
      "/standings",
      "/standings?class=Open",
      "/standings?class=Superboat",
      ...raceIds.flatMap((id) => [`/results/${id}`, `/calendar/${id}`]),
      ...competitorIds.map((id) => `/competitor/${id}`),
      "/results/999999",
      "/competitor/999999",
      "/no-such-page",
      // The privacy notice names the club's address only (issue 35).
      "/privacy",
      "/privacy/v/1",
    ];
    const years = [
      ...new Set([...(await body(request, "/results")).text.matchAll(/<option value="(\d{4})"/g)].map((m) => m[1]!)),
    ];
    expect(years.length).toBeGreaterThan(0);
    pages.push(...years.map((y) => `/results?year=${y}`));
    // What the browser fetches when it navigates (React Router's .data requests).
    const data = [
      "/_root.data",
      "/standings.data",
      "/results.data",
      "/calendar.data",
      ...raceIds.slice(0, 3).map((id) => `/results/${id}.data`),
      ...competitorIds.map((id) => `/competitor/${id}.data`),
    ];

    const found: Record<string, { emails: string[]; phones: string[] }> = {};
    let checkedHtml = 0;
    const paths = [...pages, ...data];
    // A few requests at a time: the whole site is fetched in a couple of seconds.
    for (let i = 0; i < paths.length; i += 6) {
      await Promise.all(
        paths.slice(i, i + 6).map(async (path) => {
          const { status, text } = await body(request, path);
          expect([200, 404], `${path} status`).toContain(status);
          if (!path.includes(".data")) {
            expect(text, path).toContain("</html>");
            checkedHtml++;
          }
          const leak = leaks(text);
          if (leak.emails.length || leak.phones.length) found[path] = leak;
        }),
      );
    }
    expect(found).toEqual({});
    expect(checkedHtml).toBeGreaterThan(40);
    // The club's own address is shown (so the e-mail pattern is live on these pages).
    expect(standings.text).toContain(CLUB_EMAIL);
  });

  test("the empty site's pages contain no e-mail address but the club's", async ({ request }) => {
    for (const path of ["/", "/results", "/calendar", "/standings"]) {
      const { text } = await body(request, `${EMPTY_SITE}${path}`);
      expect(leaks(text), path).toEqual({ emails: [], phones: [] });
    }
  });
});

test.describe("no third-party requests", () => {
  test("browsing every public screen only requests the site itself, and every image loads", async ({
    page,
    baseURL,
    expectRefusal,
  }) => {
    expectRefusal("/no-such-page", 404);
    const origin = new URL(baseURL!).origin;
    const foreign: string[] = [];
    const seen: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      seen.push(url);
      if (url.startsWith("data:") || url.startsWith("blob:")) return;
      if (new URL(url).origin !== origin) foreign.push(url);
    });

    // Scrolls through the page so lazy images load, then checks that no image is broken.
    const scrollAll = async () => {
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 500) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      await expect
        .poll(() =>
          page.evaluate(() =>
            [...document.images].filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src),
          ),
        )
        .toEqual([]);
    };

    for (const path of ["/", "/?tab=standings", "/results", "/calendar", "/standings", "/no-such-page"]) {
      await page.goto(path);
      await scrollAll();
    }
    // Follow links to a race, an upcoming race's details and a racer (client-side navigation too).
    await page.goto("/calendar");
    await waitForHydration(page);
    await page.getByRole("link", { name: "View Results" }).first().click();
    await expect(page).toHaveURL(/\/results\/\d+$/);
    await scrollAll();
    await page.getByRole("main").getByRole("table").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/competitor\/\d+$/);
    await scrollAll();
    await page.goto("/calendar?filter=upcoming");
    await page.getByRole("link", { name: "View Details" }).first().click();
    await expect(page).toHaveURL(/\/calendar\/\d+$/);
    await scrollAll();
    await page.waitForLoadState("networkidle");

    expect(seen.some((url) => url.includes("/images/"))).toBe(true);
    expect(foreign).toEqual([]);
  });
});

import type { Locator, Page } from "@playwright/test";
import { EMPTY_SITE, expect, test } from "./fixtures";
import { LONG_DATE, parseLongDate, waitForHydration } from "./public-helpers";

const TABS = [
  {
    label: "All Events",
    filter: null,
    badges: ["Upcoming", "Today", "Past"],
    empty: "No events found for the selected filter.",
  },
  {
    label: "Upcoming",
    filter: "upcoming",
    badges: ["Upcoming"],
    empty: "No upcoming events found.",
  },
  {
    label: "Today",
    filter: "today",
    badges: ["Today"],
    empty: "No events scheduled for today.",
  },
  {
    label: "Past",
    filter: "past",
    badges: ["Past"],
    empty: "No past events found.",
  },
] as const;

function eventCards(page: Page): Locator {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({
      has: page.getByRole("link", { name: /^View (Results|Details)$/ }),
    });
}

interface EventCard {
  title: string;
  badge: string;
  date: string;
  button: string;
  href: string | null;
}

/** What each event card shows, read in one pass (the card grid is re-read often). */
async function readCards(page: Page): Promise<EventCard[]> {
  return eventCards(page).evaluateAll((items, datePattern) => {
    const text = (element: Element | null | undefined) => (element as HTMLElement | null)?.innerText.trim() ?? "";
    const date = new RegExp(datePattern);
    return items.map((item) => {
      const button = [...item.querySelectorAll("a")].find((a) => /^View (Results|Details)$/.test(text(a)));
      return {
        title: text(item.querySelector("h1, h2, h3")),
        badge: text([...item.querySelectorAll("span, div")].find((e) => /^(Upcoming|Today|Past)$/.test(text(e)))),
        date: text([...item.querySelectorAll("p, span, time")].find((e) => date.test(text(e)))),
        button: text(button),
        href: button?.getAttribute("href") ?? null,
      };
    });
  }, LONG_DATE.source);
}

function filterTabs(page: Page): Locator {
  return page.getByRole("navigation", { name: "Filter events" });
}

test.describe("/calendar with demo data", () => {
  test("All Events: cards sorted by date with badges, formatted dates and the right buttons", async ({ page }) => {
    await page.goto("/calendar");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Racing Events");
    await expect(filterTabs(page).getByRole("link")).toHaveText(["All Events", "Upcoming", "Today", "Past"]);
    await expect(filterTabs(page).getByRole("link", { name: "All Events" })).toHaveAttribute("aria-current", "page");

    const cards = await readCards(page);
    expect(cards.length).toBeGreaterThan(3);
    for (const c of cards) expect(c.date).toMatch(LONG_DATE);
    const times = cards.map((c) => parseLongDate(c.date));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // The weekday printed is the weekday of that date.
    for (const c of cards) {
      const weekday = new Date(parseLongDate(c.date)).toLocaleDateString("en-US", { weekday: "long", timeZone: "UTC" });
      expect(c.date.startsWith(`${weekday}, `), c.date).toBe(true);
    }

    // Past, then today, then upcoming (sorted by date, so the badges follow the same order).
    const badges = cards.map((c) => c.badge);
    expect(new Set(badges)).toEqual(new Set(["Past", "Today", "Upcoming"]));
    const rank = { Past: 0, Today: 1, Upcoming: 2 } as Record<string, number>;
    expect(badges.map((b) => rank[b])).toEqual(badges.map((b) => rank[b]).sort());

    for (const c of cards) {
      if (c.button === "View Results") expect(c.href, c.title).toMatch(/^\/results\/\d+$/);
      else expect(c.href, c.title).toMatch(/^\/calendar\/\d+$/);
    }
    // Descriptions are clamped to 3 lines.
    const clamps = await eventCards(page).evaluateAll((items) =>
      items.map((item) => {
        const paragraphs = [...item.querySelectorAll("p")];
        const description = paragraphs[paragraphs.length - 1]!;
        return getComputedStyle(description).getPropertyValue("-webkit-line-clamp");
      }),
    );
    for (const clamp of clamps) expect(clamp).toBe("3");
    // Every card shows a picture.
    await expect(eventCards(page).first().locator("img")).toBeVisible();

    // Demo data: completed races are in the past; today's and future races are not completed yet.
    for (const c of cards.filter((x) => x.badge !== "Past")) expect(c.button, c.title).toBe("View Details");
    expect(cards.filter((c) => c.button === "View Results").length).toBeGreaterThan(0);
  });

  test("each tab shows only its events, and the tabs together make up All Events", async ({ page }) => {
    await page.goto("/calendar");
    const all = await readCards(page);
    await waitForHydration(page);

    const seen: EventCard[] = [];
    for (const tab of TABS.slice(1)) {
      await filterTabs(page).getByRole("link", { name: tab.label, exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("filter") === tab.filter);
      await expect(filterTabs(page).getByRole("link", { name: tab.label, exact: true })).toHaveAttribute("aria-current", "page");
      const expected = all.filter((c) => c.badge === tab.badges[0]);
      await expect.poll(async () => (await readCards(page)).map((c) => c.title)).toEqual(expected.map((c) => c.title));
      const cards = await readCards(page);
      expect(cards.length, tab.label).toBeGreaterThan(0);
      for (const c of cards) expect(c.badge).toBe(tab.badges[0]);
      seen.push(...cards);
    }
    expect(seen.length).toBe(all.length);

    await filterTabs(page).getByRole("link", { name: "All Events" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/calendar" && url.search === "");
    await expect.poll(async () => (await readCards(page)).length).toBe(all.length);
  });

  test("View Results opens the race's results; View Details opens the race's details", async ({ page }) => {
    await page.goto("/calendar?filter=past");
    await waitForHydration(page);
    const past = eventCards(page)
      .filter({ has: page.getByRole("link", { name: "View Results" }) })
      .last();
    const pastTitle = (await past.getByRole("heading").innerText()).trim();
    await past.getByRole("link", { name: "View Results" }).click();
    await expect(page).toHaveURL(/\/results\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(pastTitle);
    await expect(page.getByRole("main").getByRole("table").first()).toBeVisible();

    await page.goto("/calendar?filter=upcoming");
    await waitForHydration(page);
    const upcoming = eventCards(page).first();
    const upcomingTitle = (await upcoming.getByRole("heading").innerText()).trim();
    await upcoming.getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(/\/calendar\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(upcomingTitle);
  });

  test("refetches the events every 60 seconds and on window focus", async ({ page }) => {
    await page.clock.install();
    const dataRequests: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/calendar" && request.resourceType() === "fetch") dataRequests.push(request.url());
    });

    await page.goto("/calendar");
    await waitForHydration(page);
    expect(dataRequests).toEqual([]);

    // Window focus refetches.
    const onFocus = page.waitForRequest((r) => new URL(r.url()).pathname === "/calendar" && r.resourceType() === "fetch", {
      timeout: 10_000,
    });
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await onFocus;
    await expect.poll(() => dataRequests.length).toBe(1);

    // Nothing more after half a minute...
    await page.clock.runFor(30_000);
    await page.waitForLoadState("networkidle");
    expect(dataRequests.length).toBe(1);

    // ...and one more once the minute is up.
    const onTimer = page.waitForRequest((r) => new URL(r.url()).pathname === "/calendar" && r.resourceType() === "fetch", {
      timeout: 10_000,
    });
    await page.clock.runFor(30_000);
    await onTimer;
    await expect.poll(() => dataRequests.length).toBe(2);

    // And again a minute later.
    await page.clock.runFor(60_000);
    await expect.poll(() => dataRequests.length).toBe(3);
  });

  test("the refetch keeps the chosen filter", async ({ page }) => {
    await page.clock.install();
    await page.goto("/calendar?filter=past");
    await waitForHydration(page);
    const refetch = page.waitForRequest((r) => new URL(r.url()).pathname === "/calendar" && r.resourceType() === "fetch", {
      timeout: 10_000,
    });
    await page.clock.runFor(60_000);
    const request = await refetch;
    expect(new URL(request.url()).searchParams.get("filter")).toBe("past");
    const response = await request.response();
    expect(response?.status()).toBe(200);
    for (const c of await readCards(page)) expect(c.badge).toBe("Past");
  });

  test.describe("answered by a rewritten page", () => {
    // page.route sees the page's own requests only; with the offline worker running, the worker makes the refetch.
    test.use({ serviceWorkers: "block" });

    test("a refetch shows what the server answers now", async ({ page }) => {
      await page.clock.install();
      await page.goto("/calendar");
      await waitForHydration(page);
      const [first] = await readCards(page);
      // The server's real answer, with the first race renamed as if an admin had just saved it.
      await page.route("**/calendar", async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(`>${first!.title}<`, ">Renamed Regatta<");
        await route.fulfill({ response, body });
      });
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect(eventCards(page).first().getByRole("heading")).toHaveText("Renamed Regatta");
    });
  });
});

test.describe("/calendar on an empty site", () => {
  for (const tab of TABS) {
    test(`${tab.label} tab: '${tab.empty}'`, async ({ page }) => {
      await page.goto(`${EMPTY_SITE}/calendar${tab.filter ? `?filter=${tab.filter}` : ""}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Racing Events");
      await expect(filterTabs(page).getByRole("link", { name: tab.label, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(page.getByText(tab.empty, { exact: true })).toBeVisible();
      await expect(eventCards(page)).toHaveCount(0);
    });
  }
});

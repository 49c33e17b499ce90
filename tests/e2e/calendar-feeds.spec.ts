import { readFile } from "node:fs/promises";
import ICAL from "ical.js";
import { expect, test } from "./fixtures";

test.describe("calendar feed links", () => {
  test("the calendar page's Subscribe link is the webcal:// address of a feed with every race", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto("/calendar");
    const subscribe = page.getByRole("link", { name: "Subscribe" });
    const host = new URL(baseURL!).host;
    await expect(subscribe).toHaveAttribute("href", `webcal://${host}/calendar.ics`);

    const cards = await page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ has: page.getByRole("link", { name: /^View (Results|Details)$/ }) })
      .count();
    expect(cards).toBeGreaterThan(3);
    const feed = await request.get("/calendar.ics");
    expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents("vevent");
    expect(events.length).toBe(cards);
  });

  test("a race page's Add to calendar downloads that race's event", async ({ page }) => {
    await page.goto("/calendar");
    const details = page.getByRole("link", { name: "View Details" }).first();
    const href = (await details.getAttribute("href"))!;
    const id = href.split("/").pop();
    await details.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Add to calendar" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`race-${id}.ics`);
    const body = await readFile(await download.path(), "utf8");
    const events = new ICAL.Component(ICAL.parse(body)).getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe(title);
    expect(events[0]!.uid).toMatch(new RegExp(`^race-${id}@`));
  });
});

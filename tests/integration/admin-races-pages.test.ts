/**
 * /admin/races in pages (issue 34 item 6): a club with many seasons gets this year's races and
 * every upcoming one first, then one page per past year with races, linked as tabs; a page of
 * anything else in the address is the first page.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { useTestDatabase } from "../support/database";
import { createAdmin, createRace } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
const TODAY = "2026-06-15";
const { admin } = await createAdmin(db, "races-pages-owner", "correct horse battery");
const cookie = `admin_session=${await createSession(db, admin.id)}`;
for (const [title, date] of [
  ["Old Harbour Cup", "2024-05-04"],
  ["Last Year's Opener", "2025-03-01"],
  ["Last Year's Finals", "2025-11-30"],
  ["This Spring Sprint", "2026-03-14"],
  ["Midsummer Regatta", "2026-07-04"],
  ["Next New Year Dash", "2027-01-02"],
] as const)
  await createRace(db, { title, date, status: date < TODAY ? "completed" : "upcoming" });

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(db, { pinnedToday: TODAY });
}, 60_000);
afterAll(() => site?.close());

async function page(query = "") {
  const response = await site.request(`/admin/races${query}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

const titles = (html: string) =>
  [
    "Old Harbour Cup",
    "Last Year's Opener",
    "Last Year's Finals",
    "This Spring Sprint",
    "Midsummer Regatta",
    "Next New Year Dash",
  ].filter((title) => html.includes(title.replace("'", "&#x27;")));

it("lists this year's races and every later one first, with a tab per past year", async () => {
  const html = await page();
  expect(titles(html)).toEqual(["This Spring Sprint", "Midsummer Regatta", "Next New Year Dash"]);
  expect(html).toContain('aria-label="Races by year"');
  const current = /<a([^>]*)>2026 and upcoming<\/a>/.exec(html)?.[1] ?? "";
  expect(current).toContain('href="/admin/races"');
  expect(current).toContain('aria-current="page"');
  expect(html).toContain('href="/admin/races?year=2025"');
  expect(html).toContain('href="/admin/races?year=2024"');
  expect(html.indexOf("?year=2025")).toBeLessThan(html.indexOf("?year=2024"));
});

it("shows one past year's races on its page", async () => {
  expect(titles(await page("?year=2025"))).toEqual(["Last Year's Opener", "Last Year's Finals"]);
  expect(titles(await page("?year=2024"))).toEqual(["Old Harbour Cup"]);
});

it("a year without races says so; junk, this year or a later one is the first page", async () => {
  const empty = await page("?year=2019");
  expect(titles(empty)).toEqual([]);
  expect(empty).toContain("No races in 2019.");
  for (const query of ["?year=abc", "?year=2026", "?year=2999", "?year=", "?year=20250"])
    expect(titles(await page(query)), query).toEqual(["This Spring Sprint", "Midsummer Regatta", "Next New Year Dash"]);
});

it("a race saved with a date on another page says where it is listed; one on this page says nothing more", async () => {
  const save = (date: string, query = "") =>
    site.request(`/admin/races${query}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: form({
        intent: "save",
        title: `Paged Cup ${date}`,
        date,
        location: "Harbour",
        description: "A race saved from a page of the list.",
        status: "upcoming",
      }),
    });
  const elsewhere = await save("2023-08-01");
  expect(elsewhere.status).toBe(200);
  expect(await elsewhere.text()).toContain("Listed under 2023.");
  const here = await save("2023-09-01", "?year=2023");
  expect(await here.text()).not.toContain("Listed under");
  const upcoming = await save("2026-09-01", "?year=2023");
  expect(await upcoming.text()).toContain("Listed under 2026 and upcoming.");
  expect(titles(await page("?year=2023"))).toEqual([]);
  expect(await page("?year=2023")).toContain("Paged Cup 2023-08-01");
});

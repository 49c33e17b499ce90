/**
 * /admin/competitors a page at a time: a club of 120 racers (the site benchmark has 200, and all of
 * them on one page made 765 KB of HTML for a phone to lay out and hydrate) is listed 50 a page,
 * by last name as SPEC orders it, across the pages; an old link past the end shows the last page.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { COMPETITORS_PAGE_SIZE } from "~/domain/racer/competitors.server";
import { useTestDatabase } from "../support/database";
import { createAdmin } from "../support/factories";
import { startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
const RACERS = 120;
// Last names "Racer 001" to "Racer 120", inserted out of order.
await db.execute(sql`
  INSERT INTO competitors (first_name, last_name, email, boat_name, boat_number, boat_classes)
  SELECT 'Pat', 'Racer ' || lpad(i::text, 3, '0'), 'pat' || i || '@example.com', 'Boat ' || i, i::text, ARRAY['Open']
  FROM generate_series(1, ${RACERS}) AS i ORDER BY random()`);

let site: TestSite;
let cookie: string;
beforeAll(async () => {
  const { admin } = await createAdmin(db, "racers-paging-owner", "correct horse battery");
  cookie = `admin_session=${await createSession(db, admin.id)}`;
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

async function listed(query = "") {
  const response = await site.request(`/admin/competitors${query}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  // React marks where two pieces of text meet in hydrated HTML ("Page <!-- -->1<!-- --> of").
  const html = (await response.text()).replaceAll("<!-- -->", "");
  return { html, names: [...html.matchAll(/>Pat (Racer \d{3})</g)].map((m) => m[1]) };
}
const racers = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `Racer ${String(from + i).padStart(3, "0")}`);

describe("the admin's racers a page at a time", () => {
  it("lists 50 a page by last name, page after page, with links between them", async () => {
    expect(COMPETITORS_PAGE_SIZE).toBe(50);
    const first = await listed();
    expect(first.names).toEqual(racers(1, 50));
    expect(first.html).toContain("Page 1 of 3");
    expect(first.html).toContain('href="/admin/competitors?page=2"');
    expect(first.html).not.toContain('rel="prev"');

    const second = await listed("?page=2");
    expect(second.names).toEqual(racers(51, 100));
    expect(second.html).toContain('href="/admin/competitors"');
    expect(second.html).toContain('href="/admin/competitors?page=3"');

    const last = await listed("?page=3");
    expect(last.names).toEqual(racers(101, 120));
    expect(last.html).not.toContain('rel="next"');
  });

  it("an old link past the end shows the last page; a page that is not a number shows the first", async () => {
    expect((await listed("?page=9")).names).toEqual(racers(101, 120));
    for (const odd of ["?page=0", "?page=-1", "?page=two", "?page=99999999999"])
      expect((await listed(odd)).names, odd).toEqual(racers(1, 50));
  });

  it("a page weighs 50 racers, not the whole club: one header row and one row a racer", async () => {
    const { html } = await listed();
    expect(html.match(/<tr[ >]/g)).toHaveLength(1 + 50);
    // About 3.3 KB of HTML a racer: all 120 on one page would be about 400 KB.
    expect(html.length).toBeLessThan(250_000);
  });
});

/**
 * News notices over real HTTP (issue 24 item 3): owners and results officers write, edit and
 * delete notices, each write audited; bad input changes nothing and never answers 500; the text's
 * markup is shown as text and its links carry rel="nofollow ugc"; /news pages newest first, each
 * notice has its page with link preview tags, /news.atom is well-formed XML; a pinned notice is on
 * the home page through its last club day; a notice tied to a race is on that race's page.
 */
import { sql } from "drizzle-orm";
import { XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { useTestDatabase } from "../support/database";
import { createAdmin, createRace } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;

const PASSWORD = "correct horse battery";
const { admin: owner } = await createAdmin(db, "news-owner", PASSWORD);
const { admin: officer } = await createAdmin(db, "news-officer", PASSWORD, { role: "results_officer" });
const ownerCookie = `admin_session=${await createSession(db, owner.id)}`;
const officerCookie = `admin_session=${await createSession(db, officer.id)}`;
const race = await createRace(db, { title: "Windy Cup", date: "2026-06-20", status: "upcoming" });
const TODAY = "2026-06-15";

beforeAll(async () => {
  site = await startTestSite(db, { pinnedToday: TODAY });
}, 60_000);
afterAll(() => site?.close());

const post = (values: Record<string, string | number>, cookie = ownerCookie) =>
  site.request("/admin/news", { method: "POST", cookie, body: form(values) });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

async function snapshot(): Promise<string> {
  const [row] = await rows<{ t: string }>(sql`
    SELECT json_build_object(
      'news', (SELECT json_agg(n ORDER BY id) FROM news n),
      'audit', (SELECT json_agg(a ORDER BY id) FROM audit_log a)
    )::text AS t`);
  return row!.t;
}

/** Publishes over HTTP as `cookie`'s admin; the new notice's id. */
async function publish(values: Record<string, string | number>, cookie = ownerCookie): Promise<number> {
  const response = await post({ intent: "save", ...values }, cookie);
  expect(response.status, await response.clone().text()).toBe(302);
  expect(response.headers.get("Location")).toBe("/admin/news");
  const [row] = await rows<{ id: number }>(sql`SELECT id FROM news ORDER BY id DESC LIMIT 1`);
  return row!.id;
}

const page = async (path: string) => {
  const response = await site.request(path);
  return { status: response.status, html: await response.text(), headers: response.headers };
};

describe("writing notices", () => {
  it("an owner publishes, edits and deletes a notice; each write is one audit entry", async () => {
    const id = await publish({ title: "Race moves to Sunday", body: "Too much wind on Saturday.", pinnedUntil: "2026-06-20" });
    const [saved] = await rows<Record<string, unknown>>(sql`SELECT * FROM news WHERE id = ${id}`);
    expect(saved).toMatchObject({
      title: "Race moves to Sunday",
      body: "Too much wind on Saturday.",
      admin_id: owner.id,
      race_id: null,
    });

    const edit = await post({ intent: "save", id, title: "Race moves to Sunday 21st", body: "Wind.", raceId: race.id });
    expect(edit.status).toBe(302);
    const [edited] = await rows<Record<string, unknown>>(
      sql`SELECT title, body, pinned_until, race_id FROM news WHERE id = ${id}`,
    );
    expect(edited).toEqual({ title: "Race moves to Sunday 21st", body: "Wind.", pinned_until: null, race_id: race.id });

    const list = await site.request("/admin/news", { cookie: ownerCookie });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain("Race moves to Sunday 21st");
    expect((await site.request(`/admin/news?edit=${id}`, { cookie: ownerCookie })).status).toBe(200);
    expect((await site.request(`/admin/news?delete=${id}`, { cookie: ownerCookie })).status).toBe(200);

    const gone = await post({ intent: "delete", id });
    expect(gone.status).toBe(302);
    expect(await rows(sql`SELECT id FROM news WHERE id = ${id}`)).toEqual([]);
    const audit = await rows<{ kind: string; admin_id: number; changes: Record<string, unknown> }>(
      sql`SELECT kind, admin_id, changes FROM audit_log WHERE record_type = 'news' AND record_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.kind)).toEqual(["news.create", "news.update", "news.delete"]);
    expect(audit.every((a) => a.admin_id === owner.id)).toBe(true);
    expect(audit[1]!.changes).toMatchObject({ title: { before: "Race moves to Sunday", after: "Race moves to Sunday 21st" } });
  });

  it("a results officer may write notices too", async () => {
    const id = await publish({ title: "Officer's notice", body: "Heats drawn." }, officerCookie);
    expect((await post({ intent: "delete", id }, officerCookie)).status).toBe(302);
    const page = await site.request("/admin/news", { cookie: officerCookie });
    expect(page.status).toBe(200);
    const nav = /<nav aria-label="Admin sections"[\s\S]*?<\/nav>/.exec(await page.text())?.[0] ?? "";
    expect(nav).toContain('href="/admin/news"');
  });

  it("without a session the page and the writes go to the login and change nothing", async () => {
    const before = await snapshot();
    const page = await site.request("/admin/news");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/admin/login");
    const write = await site.request("/admin/news", { method: "POST", body: form({ intent: "save", title: "X", body: "Y" }) });
    expect(write.status).toBe(302);
    expect(write.headers.get("Location")).toBe("/admin/login");
    expect(await snapshot()).toBe(before);
  });

  it.each<[string, Record<string, string | number>, number, string]>([
    ["no title", { intent: "save", title: " ", body: "Text" }, 400, "Title is required."],
    ["no text", { intent: "save", title: "Title", body: "\n \n" }, 400, "Text is required."],
    ["a title over 120 characters", { intent: "save", title: "x".repeat(121), body: "Text" }, 400, "At most 120 characters."],
    ["text over 10,000 characters", { intent: "save", title: "T", body: "x".repeat(10_001) }, 400, "At most 10,000 characters."],
    [
      "a day that does not exist",
      { intent: "save", title: "T", body: "B", pinnedUntil: "2026-02-30" },
      400,
      "Please enter a valid date",
    ],
    ["a bidi override in the title", { intent: "save", title: "evil\u202Etxt", body: "B" }, 400, "must not contain control"],
    ["a race that does not exist", { intent: "save", title: "T", body: "B", raceId: 99_999 }, 409, "This race no longer exists."],
    ["a race id that is not a number", { intent: "save", title: "T", body: "B", raceId: "abc" }, 400, "Please choose a race"],
    [
      "an edit of a notice that is gone",
      { intent: "save", id: 99_999, title: "T", body: "B" },
      404,
      "This notice no longer exists.",
    ],
    ["a delete of a notice that is gone", { intent: "delete", id: 99_999 }, 404, "This notice no longer exists."],
    ["a delete with a bad id", { intent: "delete", id: "1; DROP TABLE news" }, 404, "This notice no longer exists."],
  ])("%s: a clear message, nothing changed", async (_label, values, status, message) => {
    const before = await snapshot();
    const response = await post(values);
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await snapshot()).toBe(before);
  });

  it("an unknown notice's edit or delete page is a 404, not a 500", async () => {
    expect((await site.request("/admin/news?edit=99999", { cookie: ownerCookie })).status).toBe(404);
    expect((await site.request("/admin/news?delete=99999", { cookie: ownerCookie })).status).toBe(404);
  });
});

describe("the public pages", () => {
  it("the text's markup is shown as text; its links are nofollow ugc, javascript: is no link", async () => {
    const id = await publish({
      title: "<img src=x onerror=alert(1)> & co",
      body: "<script>alert('x')</script>\n\n- see https://example.org/map\n- [the forecast](https://weather.example/bermuda)\n\n[bad](javascript:alert(1))",
    });
    const { status, html } = await page(`/news/${id}`);
    expect(status).toBe(200);
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; co");
    expect(html).toContain('<a href="https://example.org/map" rel="nofollow ugc noopener"');
    expect(html).toContain(
      '<a href="https://weather.example/bermuda" rel="nofollow ugc noopener" class="text-primary underline">the forecast</a>',
    );
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain("[bad](javascript:alert(1))");
    // A read page: no framework, and a link preview.
    expect(html).not.toContain("/assets/entry.client");
    expect(html).toMatch(/<meta property="og:title" content="&lt;img src=x onerror=alert\(1\)&gt; &amp; co"\/>/);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain(`<meta property="og:url" content="http://localhost/news/${id}"/>`);
    expect(html).toMatch(
      /<meta name="description" content="&lt;script&gt;alert\(&#x27;x&#x27;\)&lt;\/script&gt; see https:\/\/example.org\/map; the forecast/,
    );
    await post({ intent: "delete", id });
  });

  it("/news lists notices newest first, ten a page", async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 12; i++) ids.push(await publish({ title: `Notice number ${i}`, body: `Body ${i}.` }));
    const first = await page("/news");
    expect(first.status).toBe(200);
    const titles = [...first.html.matchAll(/>Notice number (\d+)<\/a>/g)].map((m) => Number(m[1]));
    expect(titles).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(first.html).not.toContain("Notice number 2<");
    expect(first.html).toContain('href="/news?page=2"');
    expect(first.html).toContain('type="application/atom+xml"');
    const second = await page("/news?page=2");
    expect(second.html).toContain("Notice number 2<");
    expect(second.html).toContain("Notice number 1<");
    // Past the end: the last page.
    expect((await page("/news?page=99")).html).toContain("Notice number 1<");
    for (const id of ids) await post({ intent: "delete", id });
  });

  it("an unknown notice is a 404 page", async () => {
    for (const path of ["/news/99999", "/news/abc", "/news/99999999999999"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html).toContain("Notice Not Found");
    }
  });

  it("/news.atom is well-formed Atom with every text escaped", async () => {
    const id = await publish({ title: "Tom & Jerry's <race>", body: "Fish & chips <after>.\n\n- https://example.org/?a=1&b=2" });
    const response = await site.request("/news.atom");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const xml = await response.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(xml).toContain('<title type="text">Tom &amp; Jerry&apos;s &lt;race&gt;</title>');
    expect(xml).toContain(`<id>http://localhost/news/${id}</id>`);
    // The content is HTML escaped as text: the reader sees the escaped text, and a real link.
    expect(xml).toContain("&lt;p&gt;Fish &amp;amp; chips &amp;lt;after&amp;gt;.&lt;/p&gt;");
    expect(xml).toContain("&lt;a href=&quot;https://example.org/?a=1&amp;amp;b=2&quot; rel=&quot;nofollow ugc noopener&quot;");
    const etag = response.headers.get("etag")!;
    expect((await site.request("/news.atom", { headers: { "If-None-Match": etag } })).status).toBe(304);
    await post({ intent: "delete", id });
  });

  it("a pinned notice is on the home page through its last club day, and not after", async () => {
    const today = await publish({ title: "Pinned through today", body: "Still on.", pinnedUntil: TODAY });
    const later = await publish({ title: "Pinned for a week", body: "On.", pinnedUntil: "2026-06-22" });
    const ended = await publish({ title: "Pin ended yesterday", body: "Off.", pinnedUntil: "2026-06-14" });
    const never = await publish({ title: "Never pinned", body: "Off." });
    const { html } = await page("/");
    expect(html).toContain("Pinned through today");
    expect(html).toContain("Pinned for a week");
    expect(html).not.toContain("Pin ended yesterday");
    expect(html).not.toContain("Never pinned");
    expect(html).toContain(`href="/news/${today}"`);
    // The next day (another site whose club day is the 16th), today's pin has ended.
    const tomorrow = await startTestSite(db, { pinnedToday: "2026-06-16" });
    try {
      const next = await (await tomorrow.request("/")).text();
      expect(next).not.toContain("Pinned through today");
      expect(next).toContain("Pinned for a week");
    } finally {
      await tomorrow.close();
    }
    for (const id of [today, later, ended, never]) await post({ intent: "delete", id });
  });

  it("a notice tied to a race is on that race's page and links to it; deleting the race keeps the notice", async () => {
    const doomed = await createRace(db, { title: "Doomed Regatta", date: "2026-06-27", status: "upcoming" });
    const id = await publish({ title: "Bring spare props", body: "Shallow water.", raceId: doomed.id });
    const racePage = await page(`/calendar/${doomed.id}`);
    expect(racePage.html).toContain("Bring spare props");
    expect(racePage.html).toContain("Shallow water.");
    expect((await page(`/calendar/${race.id}`)).html).not.toContain("Bring spare props");
    const notice = await page(`/news/${id}`);
    expect(notice.html).toContain(`href="/results/${doomed.id}"`);
    expect(notice.html).toContain("Doomed Regatta");
    await db.execute(sql`DELETE FROM races WHERE id = ${doomed.id}`);
    const [row] = await rows<{ race_id: number | null }>(sql`SELECT race_id FROM news WHERE id = ${id}`);
    expect(row!.race_id).toBeNull();
    expect((await page(`/news/${id}`)).status).toBe(200);
    await post({ intent: "delete", id });
  });

  it("the footer and the home page link to /news", async () => {
    const { html } = await page("/");
    expect(html.match(/href="\/news"/g)?.length).toBeGreaterThanOrEqual(2);
  });
});

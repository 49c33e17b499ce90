/**
 * "My data" by e-mailed link over real HTTP (issue 35 item 2): the same answer and time for an
 * address on file and one that is nobody's, the limits per client and per address, a link that
 * works once and expires, the viewing session it starts (its cookie, its end), the access recorded
 * as an answered request, the erasure request recorded once, and the correction sent through the
 * registration's confirmation flow.
 */
import { sql } from "drizzle-orm";
import { CURRENT_NOTICE } from "~/lib/privacy/notice";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MY_DATA_LINK } from "~/domain/privacy/my-data-links.server";
import { MY_DATA_TEXTS } from "~/lib/privacy/my-data";
import { ANSWER_DAYS, IDENTIFIED_BY_LINK } from "~/lib/privacy/requests";
import { RETENTION } from "~/lib/platform/retention";
import { useTestDatabase } from "../support/database";
import { createCompetitor } from "../support/factories";
import { cookieValue, form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite(db, { mailServer: true });
}, 60_000);
afterAll(() => site?.close());
// Each test asks from one address (127.0.0.1): its own limits, not the last test's.
beforeEach(async () => {
  await db.execute(sql`DELETE FROM rate_limits`);
});

const ask = (email: string) => site.request("/privacy", { method: "POST", body: form({ email }) });

/** The page without what differs on every response (the CSP nonce, inlined styles' hashes). */
const page = async (response: Response) => (await response.text()).replace(/nonce="[^"]*"/g, "");

async function mails(to: string) {
  const { rows } = await db.execute<{ body: string; subject: string }>(
    sql`SELECT body, subject FROM outbox_messages WHERE lower(recipient) = lower(${to}) AND kind = 'privacy-link' ORDER BY id`,
  );
  return rows;
}

async function linkMailedTo(to: string): Promise<string> {
  const body = (await mails(to)).at(-1)?.body ?? "";
  const url = /^https?:\/\/[^/\s]+(\/privacy\/link\/[A-Za-z0-9_-]{43})$/m.exec(body);
  if (!url) throw new Error(`no my-data link was mailed to ${to}: ${body}`);
  return url[1]!;
}

const open = (path: string) => site.request(path, { method: "POST", body: form({ intent: "open" }) });

async function openedSession(path: string): Promise<string> {
  const response = await open(path);
  expect(response.status).toBe(303);
  expect(response.headers.get("Location")).toBe("/privacy/my-data");
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("my_data="))!;
  expect(cookie).toContain("HttpOnly");
  expect(cookie).toContain("SameSite=Strict");
  expect(cookie).toContain(`Max-Age=${RETENTION.myDataSessionMinutes * 60}`);
  return `my_data=${cookieValue(response, "my_data")}`;
}

const requests = async (competitorId: number) =>
  (
    await db.execute<{ kind: string; source: string; status: string; identified_by: string; days: number }>(
      sql`SELECT kind, source, status, identified_by, round(extract(epoch FROM due_at - identity_confirmed_at) / 86400)::int AS days
          FROM privacy_requests WHERE competitor_id = ${competitorId} ORDER BY id`,
    )
  ).rows;

describe("asking for a link", () => {
  it("answers an address on file and an unknown one alike (status, page, headers) and mails only the one on file", async () => {
    const racer = await createCompetitor(db, { email: "Known.Racer@Example.com" });
    const known = await ask("known.racer@example.com");
    const unknown = await ask("nobody.here@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const [a, b] = [await page(known), await page(unknown)];
    expect(a).toBe(b);
    expect(a).toContain(MY_DATA_TEXTS.requested.slice(0, 40));
    expect(a).not.toContain("known.racer@example.com");
    expect([...known.headers.keys()].sort()).toEqual([...unknown.headers.keys()].sort());
    const sent = await mails(racer.email!);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain(`Hello ${racer.firstName},`);
    expect(await mails("nobody.here@example.com")).toHaveLength(0);
  });

  it("takes the floor's time for both, so the time does not tell whether the address is on file", async () => {
    await createCompetitor(db, { email: "timed.racer@example.com" });
    for (const email of ["timed.racer@example.com", "timed.nobody@example.com"]) {
      const started = performance.now();
      expect((await ask(email)).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(MY_DATA_LINK.floorMs - 5);
    }
  });

  it("refuses a malformed address with the form's message (400) and sends nothing", async () => {
    const response = await ask("not an address");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter a valid email address.");
    expect(await mails("not an address")).toHaveLength(0);
  });

  it("limits requests per client address (429, the same for every address) and links per address (same answer, nothing sent)", async () => {
    const racer = await createCompetitor(db);
    for (let i = 0; i < MY_DATA_LINK.perEmail.limit + 1; i++) expect((await ask(racer.email!)).status).toBe(200);
    expect(await mails(racer.email!)).toHaveLength(MY_DATA_LINK.perEmail.limit);
    await db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'my-data:ip:%'`);
    for (let i = 0; i < MY_DATA_LINK.perClient.limit; i++) await ask(`someone${i}@example.com`);
    const refused = await ask(racer.email!);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await mails(racer.email!)).toHaveLength(MY_DATA_LINK.perEmail.limit);
  });
});

describe("the link", () => {
  it("shows a button on GET without spending itself, opens once on POST, and records the access as answered", async () => {
    const racer = await createCompetitor(db);
    await ask(racer.email!);
    const path = await linkMailedTo(racer.email!);
    const first = await site.request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    expect(await first.text()).toContain(MY_DATA_TEXTS.openButton);
    expect((await site.request(path)).status).toBe(200);

    const cookie = await openedSession(path);
    const again = await open(path);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(MY_DATA_TEXTS.linkUsed);
    expect((await site.request(path)).status).toBe(410);

    const data = await site.request("/privacy/my-data", { cookie });
    expect(data.status).toBe(200);
    expect(data.headers.get("Cache-Control")).toBe("no-store");
    const html = await data.text();
    expect(html).toContain(racer.email!);
    expect(html).toContain(racer.telephone!);
    expect(await requests(racer.id)).toEqual([
      { kind: "access", source: "link", status: "done", identified_by: IDENTIFIED_BY_LINK, days: ANSWER_DAYS },
    ]);
  });

  it("opens once when pressed twice at the same moment: one session, one access recorded", async () => {
    const racer = await createCompetitor(db);
    await ask(racer.email!);
    const path = await linkMailedTo(racer.email!);
    const statuses = (await Promise.all([open(path), open(path)])).map((r) => r.status).sort();
    expect(statuses).toEqual([303, 410]);
    expect((await requests(racer.id)).map((r) => r.kind)).toEqual(["access"]);
  });

  it("refuses an expired link (410) and a made-up one (404), and shows nothing without the session", async () => {
    const racer = await createCompetitor(db);
    await ask(racer.email!);
    const path = await linkMailedTo(racer.email!);
    await db.execute(sql`UPDATE privacy_links SET expires_at = now() - interval '1 second' WHERE competitor_id = ${racer.id}`);
    expect((await site.request(path)).status).toBe(410);
    const late = await open(path);
    expect(late.status).toBe(410);
    expect(await late.text()).toContain(MY_DATA_TEXTS.linkExpired);
    expect((await site.request(`/privacy/link/${"x".repeat(43)}`)).status).toBe(404);
    expect((await open(`/privacy/link/${"x".repeat(43)}`)).status).toBe(404);

    const none = await site.request("/privacy/my-data");
    expect(none.status).toBe(403);
    expect(await none.text()).not.toContain(racer.email!);
    expect((await site.request("/privacy/my-data/my-data.json")).status).toBe(403);
    expect((await site.request("/privacy/my-data", { cookie: `my_data=${"y".repeat(43)}` })).status).toBe(403);
  });

  it("ends the session with its time, or when the racer closes it", async () => {
    const racer = await createCompetitor(db);
    await ask(racer.email!);
    const cookie = await openedSession(await linkMailedTo(racer.email!));
    const closed = await site.request("/privacy/my-data", { method: "POST", body: form({ intent: "end" }), cookie });
    expect(closed.status).toBe(303);
    expect(closed.headers.getSetCookie().join()).toContain("Max-Age=0");
    expect((await site.request("/privacy/my-data", { cookie })).status).toBe(403);

    await db.execute(sql`DELETE FROM rate_limits`);
    await ask(racer.email!);
    const second = await openedSession(await linkMailedTo(racer.email!));
    await db.execute(
      sql`UPDATE privacy_links SET session_expires_at = now() - interval '1 second' WHERE competitor_id = ${racer.id} AND session_hash IS NOT NULL`,
    );
    expect((await site.request("/privacy/my-data/results.csv", { cookie: second })).status).toBe(403);
  });
});

describe("the data page's requests", () => {
  it("erases the record at once, answers the request, and ends the session; a second press finds no session", async () => {
    const racer = await createCompetitor(db, { firstName: "Erin", lastName: "Erased" });
    await ask(racer.email!);
    const cookie = await openedSession(await linkMailedTo(racer.email!));
    const asked = await site.request("/privacy/my-data?erase", { cookie });
    expect(await asked.text()).toContain(MY_DATA_TEXTS.eraseConfirm);
    const erase = await site.request("/privacy/my-data", { method: "POST", body: form({ intent: "erase" }), cookie });
    expect(erase.status).toBe(303);
    expect(erase.headers.get("location")).toBe("/privacy/my-data?erased");
    expect(erase.headers.get("set-cookie")).toMatch(/Max-Age=0/i);
    const landed = await site.request("/privacy/my-data?erased");
    expect(landed.status).toBe(200);
    const page = await landed.text();
    expect(page).toContain("Your record is erased.");
    expect(page).not.toContain("Erased");
    const { rows } = await db.execute<{ first_name: string; email: string | null }>(
      sql`SELECT first_name, email FROM competitors WHERE id = ${racer.id}`,
    );
    expect(rows).toEqual([{ first_name: "Former", email: null }]);
    expect((await requests(racer.id)).map((r) => `${r.kind}:${r.status}`)).toEqual(["access:done", "erasure:done"]);
    const again = await site.request("/privacy/my-data", { method: "POST", body: form({ intent: "erase" }), cookie });
    expect(again.status).toBe(403);
    expect((await requests(racer.id)).map((r) => `${r.kind}:${r.status}`)).toEqual(["access:done", "erasure:done"]);
  });

  it("sends a correction to the address on file for confirmation, and changes nothing until then", async () => {
    const racer = await createCompetitor(db, { firstName: "Misspelt" });
    await ask(racer.email!);
    const cookie = await openedSession(await linkMailedTo(racer.email!));
    const body = new URLSearchParams({
      intent: "correct",
      firstName: "Spelt",
      lastName: racer.lastName,
      boatNumber: racer.boatNumber,
      boatClasses: "Open",
      email: racer.email!,
      pipaConsent: "on",
    });
    const response = await site.request("/privacy/my-data", { method: "POST", body, cookie });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Check Your Email");
    const { rows } = await db.execute<{ first_name: string; version: number }>(
      sql`SELECT c.first_name, p.privacy_notice_version AS version FROM competitors c
          JOIN pending_registration_changes p ON p.competitor_id = c.id WHERE c.id = ${racer.id}`,
    );
    expect(rows).toEqual([{ first_name: "Misspelt", version: CURRENT_NOTICE.version }]);
    expect((await requests(racer.id)).map((r) => r.kind)).toEqual(["access", "correction"]);

    const bad = await site.request("/privacy/my-data", {
      method: "POST",
      body: form({ intent: "correct", firstName: "X" }),
      cookie,
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("First name must be at least 2 characters.");
  });
});

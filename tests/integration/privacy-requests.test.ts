/**
 * The owner's privacy requests (issue 35 item 4), over real HTTP: a request entered on paper gets
 * its due date 45 days after the day the owner confirmed who the person is; an extension moves it
 * by at most 30 days more, with how the person was told; done and refused close it with who and
 * when; the overview warns owners within 7 days of the due date (and after it), not before; the
 * owner downloads the same export the racer gets, each download audited; a paper erasure answers
 * its request. Bad input changes nothing; a results officer may not use any of it. And the racer's
 * own link: its page and downloads end with the link's two days.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { openMyDataLink, sessionRacer } from "~/domain/privacy/my-data-links.server";
import { hashToken } from "~/domain/platform/tokens.server";
import { racerData } from "~/domain/privacy/my-data.server";
import { racerDataJson } from "~/lib/privacy/my-data";
import { addDays, ANSWER_DAYS, EXTENSION_DAYS, WARN_DAYS } from "~/lib/privacy/requests";
import { todayInZone, formatShortDate } from "~/lib/util/dates";
import { form, startTestSite, type TestSite } from "../support/admin-http";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createRace, createResult } from "../support/factories";

const ZONE = "Atlantic/Bermuda";
const { db } = await useTestDatabase();
let site: TestSite;
let cookie: string;
let officerCookie: string;
const today = todayInZone(ZONE);

beforeAll(async () => {
  site = await startTestSite(db);
  const { admin: owner } = await createAdmin(db, "requests-owner", "a long owner password");
  const { admin: officer } = await createAdmin(db, "requests-officer", "a long officer password", { role: "results_officer" });
  cookie = `admin_session=${await createSession(db, owner.id)}`;
  officerCookie = `admin_session=${await createSession(db, officer.id)}`;
}, 120_000);
afterAll(() => site?.close());

const post = (values: Record<string, string | number>, c = cookie) =>
  site.request("/admin/privacy", { method: "POST", cookie: c, body: form(values) });
const page = async (path = "/admin/privacy", c = cookie) =>
  (await (await site.request(path, { cookie: c })).text()).replaceAll("<!-- -->", "");
const requestRow = async (competitorId: number) =>
  (
    await db.execute<{
      id: number;
      status: string;
      due: string;
      extended: string | null;
      note: string;
      handled_by: number | null;
    }>(sql`
      SELECT id::int AS id, status, to_char(due_at AT TIME ZONE ${ZONE}, 'YYYY-MM-DD') AS due,
        to_char(extended_until AT TIME ZONE ${ZONE}, 'YYYY-MM-DD') AS extended, note, handled_by
      FROM privacy_requests WHERE competitor_id = ${competitorId} ORDER BY id DESC LIMIT 1`)
  ).rows[0];
const auditKinds = async (competitorId: number) =>
  (
    await db.execute<{ kind: string }>(
      sql`SELECT kind FROM audit_log WHERE record_type = 'competitor' AND record_id = ${String(competitorId)} ORDER BY id`,
    )
  ).rows.map((r) => r.kind);

describe("a request made on paper", () => {
  it("is due 45 days after the identity was confirmed, extends by at most 30 days, and is marked done by the owner", async () => {
    const racer = await createCompetitor(db, { firstName: "Paula", lastName: "Paperwork" });
    const confirmedOn = addDays(today, -3);
    const added = await post({
      intent: "add",
      kind: "correction",
      competitorId: racer.id,
      identifiedBy: "Letter signed, checked against the registration form",
      confirmedOn,
    });
    expect(added.status).toBe(302);
    const row = (await requestRow(racer.id))!;
    expect(row.status).toBe("open");
    expect(row.due).toBe(addDays(confirmedOn, ANSWER_DAYS));
    const html = await page();
    expect(html).toContain("Correct their details: Paula Paperwork");
    expect(html).toContain(`Due on ${formatShortDate(addDays(confirmedOn, ANSWER_DAYS))}`);

    // Past the 30 days: refused, nothing changed; within them: the new date, with how they were told.
    const latest = addDays(row.due, EXTENSION_DAYS);
    const tooFar = await post({ intent: "extend", requestId: row.id, until: addDays(latest, 1), note: "Phoned them" });
    expect(tooFar.status).toBe(400);
    expect(await tooFar.text()).toContain(`at most ${EXTENSION_DAYS} days`);
    expect((await post({ intent: "extend", requestId: row.id, until: addDays(latest, -5), note: "" })).status).toBe(400);
    expect((await requestRow(racer.id))!.extended).toBeNull();
    expect(
      (await post({ intent: "extend", requestId: row.id, until: addDays(latest, -5), note: "Phoned them on Monday" })).status,
    ).toBe(302);
    expect((await requestRow(racer.id))!.extended).toBe(addDays(latest, -5));
    expect((await post({ intent: "extend", requestId: row.id, until: latest, note: "Wrote again" })).status).toBe(302);
    expect((await requestRow(racer.id))!.extended).toBe(latest);
    // At the limit: no further extension is offered or accepted.
    expect((await post({ intent: "extend", requestId: row.id, until: addDays(latest, 1), note: "Again" })).status).toBe(400);
    expect((await requestRow(racer.id))!.note).toContain("the person was told: Phoned them on Monday");

    expect((await post({ intent: "done", requestId: row.id, note: "Telephone corrected" })).status).toBe(302);
    const done = (await requestRow(racer.id))!;
    expect(done.status).toBe("done");
    expect(done.handled_by).not.toBeNull();
    expect(await page()).toContain(`by requests-owner.`);
    // Answered once: a second answer is refused.
    expect((await post({ intent: "refuse", requestId: row.id, note: "No" })).status).toBe(409);
    const kinds = await auditKinds(racer.id);
    expect(kinds.filter((k) => k === "privacy.request")).toHaveLength(1);
    // Two extensions and the answer; the refused attempts left no entry.
    expect(kinds.filter((k) => k === "privacy.request-update")).toHaveLength(3);
  });

  it("is refused with a reason; bad input and a results officer change nothing", async () => {
    const racer = await createCompetitor(db, { firstName: "Rita", lastName: "Refusal" });
    const count = async () => (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM privacy_requests`)).rows[0]!.n;
    const before = await count();
    const valid = { intent: "add", kind: "access", competitorId: racer.id, identifiedBy: "In person", confirmedOn: today };
    for (const bad of [
      { ...valid, kind: "delete" },
      { ...valid, competitorId: "abc" },
      { ...valid, competitorId: 99_999_999 },
      { ...valid, identifiedBy: "" },
      { ...valid, identifiedBy: "x".repeat(501) },
      { ...valid, confirmedOn: addDays(today, 1) },
      { ...valid, confirmedOn: "2026-02-30" },
      { ...valid, confirmedOn: addDays(today, -400) },
      { ...valid, intent: "other" },
    ]) {
      const response = await post(bad);
      expect(response.status, JSON.stringify(bad)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(bad)).toBeLessThan(500);
    }
    expect((await post(valid, officerCookie)).status).toBe(403);
    expect(await count()).toBe(before);
    expect((await post(valid)).status).toBe(302);
    const row = (await requestRow(racer.id))!;
    expect((await post({ intent: "refuse", requestId: row.id, note: "" })).status).toBe(400);
    expect((await post({ intent: "refuse", requestId: 99_999_999, note: "Gone" })).status).toBe(404);
    expect((await post({ intent: "refuse", requestId: row.id, note: "Could not confirm who they are" })).status).toBe(302);
    const refused = (await requestRow(racer.id))!;
    expect(refused.status).toBe("refused");
    expect(refused.note).toContain("Refused: Could not confirm who they are");
  });
});

describe("the overview", () => {
  it("warns owners about an open request due within 7 days or overdue, not one due later, nor an answered one", async () => {
    const soon = await createCompetitor(db, { firstName: "Sonia", lastName: "Soondue" });
    const later = await createCompetitor(db, { firstName: "Larry", lastName: "Laterdue" });
    const late = await createCompetitor(db, { firstName: "Otto", lastName: "Overdue" });
    const add = (id: number, confirmedOn: string) =>
      post({ intent: "add", kind: "access", competitorId: id, identifiedBy: "Known to the committee", confirmedOn });
    expect((await add(soon.id, addDays(today, WARN_DAYS - ANSWER_DAYS))).status).toBe(302);
    expect((await add(later.id, addDays(today, WARN_DAYS + 1 - ANSWER_DAYS))).status).toBe(302);
    expect((await add(late.id, addDays(today, -ANSWER_DAYS - 1))).status).toBe(302);
    let html = await page("/admin/overview");
    expect(html).toContain("Privacy requests");
    expect(html).toContain("Sonia Soondue");
    expect(html).toContain("Otto Overdue (see and get a copy of their data): overdue since");
    expect(html).not.toContain("Larry Laterdue");
    expect(html).toContain('href="/admin/privacy"');
    // A results officer sees no privacy requests.
    expect(await page("/admin/overview", officerCookie)).not.toContain("Sonia Soondue");
    // Answered, it no longer warns; extended past the week, neither.
    const soonRow = (await requestRow(soon.id))!;
    await post({ intent: "extend", requestId: soonRow.id, until: addDays(soonRow.due, WARN_DAYS + 2), note: "Told by e-mail" });
    await post({ intent: "done", requestId: (await requestRow(late.id))!.id });
    html = await page("/admin/overview");
    expect(html).not.toContain("Sonia Soondue");
    expect(html).not.toContain("Otto Overdue");
  });
});

describe("the owner's export for a paper access request", () => {
  it("is the racer's own export (JSON and CSV), audited; not for other kinds, erased racers or a results officer", async () => {
    const racer = await createCompetitor(db, { firstName: "Aggie", lastName: "Access", email: "aggie.access@example.net" });
    const race = await createRace(db, { title: "Export Regatta", date: addDays(today, -30), status: "completed" });
    await createResult(db, { raceId: race.id, competitorId: racer.id, position: 2 });
    await post({ intent: "add", kind: "access", competitorId: racer.id, identifiedBy: "Passport seen", confirmedOn: today });
    const { id } = (await requestRow(racer.id))!;
    expect(await page()).toContain(`/admin/privacy/requests/${id}/my-data.json`);

    const json = await site.request(`/admin/privacy/requests/${id}/my-data.json`, { cookie });
    expect(json.status).toBe(200);
    expect(json.headers.get("Cache-Control")).toContain("no-store");
    expect(json.headers.get("Content-Disposition")).toContain("attachment");
    const body = await json.text();
    const own = racerDataJson((await racerData(db, racer.id))!, { clubName: "Test Club", siteUrl: "http://localhost" });
    // The same export the racer downloads, but for the moment each was written.
    const strip = (text: string) =>
      JSON.stringify({ ...JSON.parse(text), generatedAt: null, sections: { ...JSON.parse(text).sections, recordChanges: null } });
    expect(strip(body)).toBe(strip(own));
    expect(body).toContain("aggie.access@example.net");
    const csv = await site.request(`/admin/privacy/requests/${id}/results.csv`, { cookie });
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain("Export Regatta");
    expect((await auditKinds(racer.id)).filter((k) => k === "privacy.export")).toHaveLength(2);

    expect((await site.request(`/admin/privacy/requests/${id}/my-data.json`, { cookie: officerCookie })).status).toBe(403);
    expect((await site.request(`/admin/privacy/requests/${id}/other.csv`, { cookie })).status).toBe(404);
    expect((await site.request(`/admin/privacy/requests/abc/my-data.json`, { cookie })).status).toBe(404);
    const other = await createCompetitor(db, { firstName: "Cora", lastName: "Correction" });
    await post({ intent: "add", kind: "correction", competitorId: other.id, identifiedBy: "Letter", confirmedOn: today });
    expect(
      (await site.request(`/admin/privacy/requests/${(await requestRow(other.id))!.id}/my-data.json`, { cookie })).status,
    ).toBe(404);
  });

  it("a paper erasure request is answered by the erasure itself", async () => {
    const racer = await createCompetitor(db, { firstName: "Edna", lastName: "Erasewish" });
    await post({
      intent: "add",
      kind: "erasure",
      competitorId: racer.id,
      identifiedBy: "At the club meeting",
      confirmedOn: today,
    });
    const { id } = (await requestRow(racer.id))!;
    expect(await page()).toContain(`/admin/privacy?erase=${racer.id}&amp;request=${id}`);
    expect(await page(`/admin/privacy?erase=${racer.id}&request=${id}`)).toContain(`name="requestId" value="${id}"`);
    // The request must be this racer's.
    const stranger = await createCompetitor(db, { firstName: "Sam", lastName: "Stranger" });
    expect((await post({ intent: "erase", competitorId: stranger.id, requestId: id })).status).toBe(404);
    expect((await post({ intent: "erase", competitorId: racer.id, requestId: id })).status).toBe(302);
    const row = (await requestRow(racer.id))!;
    expect(row.status).toBe("done");
    expect(row.note).toMatch(/Erased; the results show as Former racer \d+\./);
    expect((await db.execute(sql`SELECT 1 FROM erasures WHERE competitor_id = ${racer.id}`)).rows).toHaveLength(1);
    expect((await db.execute(sql`SELECT 1 FROM erasures WHERE competitor_id = ${stranger.id}`)).rows).toHaveLength(0);
    // An access request of a racer erased since has nothing left to download.
    await post({ intent: "add", kind: "access", competitorId: stranger.id, identifiedBy: "Letter", confirmedOn: today });
    const access = (await requestRow(stranger.id))!.id;
    expect((await site.request(`/admin/privacy/requests/${access}/my-data.json`, { cookie })).status).toBe(200);
    expect((await post({ intent: "erase", competitorId: stranger.id })).status).toBe(302);
    expect((await site.request(`/admin/privacy/requests/${access}/my-data.json`, { cookie })).status).toBe(404);
  });
});

describe("the racer's e-mailed link", () => {
  it("its page and downloads last at most the link's two days, however late it is opened", async () => {
    const racer = await createCompetitor(db, { firstName: "Lena", lastName: "Latelink", email: "lena.late@example.net" });
    const token = "L".repeat(43);
    // Mailed two days ago less ten minutes: opened now, its session ends with the link, in ten minutes.
    await db.execute(sql`
      INSERT INTO privacy_links (token_hash, competitor_id, created_at, expires_at)
      VALUES (${hashToken(token)}, ${racer.id}, now() - interval '2 days' + interval '10 minutes', now() + interval '10 minutes')`);
    const opened = await openMyDataLink(db, token, { address: "203.0.113.9" });
    expect(opened.kind).toBe("opened");
    if (opened.kind !== "opened") return;
    const { rows } = await db.execute<{ minutes: number }>(sql`
      SELECT extract(epoch FROM session_expires_at - now()) / 60 AS minutes FROM privacy_links WHERE token_hash = ${hashToken(token)}`);
    expect(Number(rows[0]!.minutes)).toBeLessThanOrEqual(10);
    expect(await sessionRacer(db, opened.sessionId)).toBe(racer.id);
    // The link's two days are over: the page and its downloads with it.
    await db.execute(
      sql`UPDATE privacy_links SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(token)}`,
    );
    expect(await sessionRacer(db, opened.sessionId)).toBeNull();
    const download = await site.request("/privacy/my-data/my-data.json", { cookie: `my_data=${opened.sessionId}` });
    expect(download.status).toBe(403);
  });
});

describe("an erased racer in the competitors list", () => {
  it("is offered no Edit; without results it may be deleted, and the ledger still lists the erasure", async () => {
    const racer = await createCompetitor(db, { firstName: "Dora", lastName: "Deletable" });
    expect((await post({ intent: "erase", competitorId: racer.id })).status).toBe(302);
    const { rows } = await db.execute<{ name: string }>(
      sql`SELECT first_name || ' ' || last_name AS name FROM competitors WHERE id = ${racer.id}`,
    );
    const label = rows[0]!.name;
    const list = await page("/admin/competitors");
    expect(list).toContain(label);
    expect(list).toContain("Erased at their request");
    expect(list).not.toContain(`aria-label="Edit ${label}"`);
    expect(list).toContain(`aria-label="Delete ${label}"`);
    // Nothing of the person is left to keep: the anonymous record goes, the ledger row stays.
    const deleted = await site.request("/admin/competitors", {
      method: "POST",
      cookie,
      body: form({ intent: "delete", id: racer.id }),
    });
    expect(deleted.status).toBeLessThan(400);
    expect((await db.execute(sql`SELECT 1 FROM competitors WHERE id = ${racer.id}`)).rows).toEqual([]);
    expect((await db.execute(sql`SELECT 1 FROM erasures WHERE competitor_id = ${racer.id}`)).rows).toHaveLength(1);
    expect(await page()).toContain(`(no record) (#${racer.id}), erased on`);
  });
});

/**
 * Requests for a results check (issue 36 item 3, decision 0056): filed from the entry link inside
 * the window and refused outside it, decided with a reason, "Mark results official" refused until
 * the window has closed and every request is decided, and the race page's outcome lines with the
 * racer's name and nothing personal. The window is moved by changing the stored save time.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, clubSettings, raceEntryLinks, raceResultChanges, races, resultsCheckRequests } from "~/db/schema";
import { NO_ACTOR } from "~/domain/platform/audit.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { eraseRacerNow } from "~/domain/privacy/erasure.server";
import { markResultsOfficial, resultsStatus } from "~/domain/race-day/race-day.server";
import { replaceHeatResults } from "~/domain/race-day/results.server";
import { adminResultsChecks, decideResultsCheck } from "~/domain/race-day/results-checks.server";
import { RESULTS_CHECK_TEXT } from "~/lib/race-day/results-check";
import { formatClubDateTime, todayInZone } from "~/lib/util/dates";
import { action as fileAction, loader as fileLoader } from "~/routes/race-entry-results-check";
import { loader as entryLoader } from "~/routes/race-entry";
import { form, startTestSite, type TestSite } from "../support/admin-http";
import { createSession } from "~/domain/admin/auth.server";
import { firstLoad } from "../support/first-load";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createRace, createRegistration } from "../support/factories";
import { callWithParams, CLUB, formRequest, outcome, routeContext } from "../support/routes";

const { db } = await useTestDatabase();
const today = todayInZone(CLUB.timeZone);
const { admin } = await createAdmin(db, "race-officer", "a long officer password");
const officer = { adminId: admin.id, username: admin.username, address: "127.0.0.1" };

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(db);
}, 120_000);
afterAll(() => site?.close());

/** Today's race with two entrants (the first holds an entry link) and Open heat 1 saved: the window is open. */
async function raceDay(title: string) {
  const race = await createRace(db, { title, date: today, status: "upcoming" });
  const ann = await createCompetitor(db, {
    firstName: "Ann",
    lastName: "Quay",
    email: `ann.${race.id}@example.com`,
    telephone: "441-555-0199",
  });
  const bob = await createCompetitor(db, { firstName: "Bob", lastName: "Reef" });
  for (const c of [ann, bob]) await createRegistration(db, { raceId: race.id, competitorId: c.id, boatClass: "Open" });
  const token = newToken();
  await db.insert(raceEntryLinks).values({ tokenHash: hashToken(token), raceId: race.id, competitorId: ann.id });
  await save(race.id, [bob.id, ann.id]);
  return { race, ann, bob, token };
}

async function save(raceId: number, order: number[]) {
  const saved = await replaceHeatResults(db, {
    raceId,
    heatNumber: 1,
    boatClass: "Open",
    competitorCount: order.length,
    rows: order.map((competitorId, i) => ({ position: i + 1, competitorId, points: 0, laps: 10 - i })),
  });
  expect(saved.ok).toBe(true);
}

function file(token: string, fields: Record<string, string>) {
  return callWithParams(fileAction, {
    request: formRequest(`/race-entry/${token}/results-check`, fields),
    context: routeContext(db),
    params: { token },
  });
}

const REQUEST = { heat: "Open:1", problem: "My 9th lap was not counted.", asked: "Please count 10 laps." };

/** Moves the race's last results save into the past: the window closes without waiting. */
async function savedMinutesAgo(raceId: number, minutes: number) {
  await db
    .update(races)
    .set({ resultsUpdatedAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(races.id, raceId));
}

const requestsOf = (raceId: number) => db.select().from(resultsCheckRequests).where(eq(resultsCheckRequests.raceId, raceId));

describe("filing a request for a results check", () => {
  it("is offered on the entry link while the window is open, until the last save plus 30 minutes (club time)", async () => {
    const { race, token } = await raceDay("Window Cup");
    const [stored] = await db.select({ at: races.resultsUpdatedAt }).from(races).where(eq(races.id, race.id));
    const until = formatClubDateTime(new Date(stored!.at!.getTime() + 30 * 60_000), CLUB.timeZone).time;
    const page = outcome(
      await callWithParams(fileLoader, {
        request: new Request(`http://localhost/race-entry/${token}/results-check`),
        context: routeContext(db),
        params: { token },
      }),
    );
    expect(page.status).toBe(200);
    expect(page.data.offer).toMatchObject({ openUntil: until, heats: [{ value: "Open:1", label: "Open heat 1 (you raced)" }] });
    // The entry page leads there: on race day, after entries closed, it still shows the entry and its check-in.
    const entry = outcome(
      await callWithParams(entryLoader, {
        request: new Request(`http://localhost/race-entry/${token}`),
        context: routeContext(db),
        params: { token },
      }),
    );
    expect(entry.data).toMatchObject({ state: "entry", closed: true, check: { openUntil: until } });
  });

  it("is filed inside the window and audited; refused outside it with a clear message, nothing filed", async () => {
    const { race, ann, token } = await raceDay("Filing Cup");
    const filed = outcome(await file(token, REQUEST));
    expect(filed.status).toBe(200);
    expect(filed.data.done).toBe(RESULTS_CHECK_TEXT.filed("Open heat 1"));
    expect(await requestsOf(race.id)).toMatchObject([
      { competitorId: ann.id, boatClass: "Open", heatNumber: 1, problem: REQUEST.problem, outcome: null },
    ]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "results-check.file"), eq(auditLog.recordId, String(race.id))));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.changes)).not.toContain(REQUEST.problem);

    await savedMinutesAgo(race.id, 31);
    const late = outcome(await file(token, { ...REQUEST, problem: "Another lap." }));
    expect(late.status).toBe(409);
    expect(late.data.alert).toEqual(RESULTS_CHECK_TEXT.closed);
    expect(await requestsOf(race.id)).toHaveLength(1);
  });

  it("opens no window for results saved on another day than the race's, or with the setting at 0", async () => {
    const { race, token } = await raceDay("Back-filled Cup");
    await db.update(races).set({ date: "2026-05-01" }).where(eq(races.id, race.id));
    expect(outcome(await file(token, REQUEST)).status).toBe(409);
    await db.update(races).set({ date: today }).where(eq(races.id, race.id));
    await db.insert(clubSettings).values({ key: "race_day.results_check_minutes", value: 0 });
    try {
      expect(outcome(await file(token, REQUEST)).status).toBe(409);
    } finally {
      await db.delete(clubSettings).where(eq(clubSettings.key, "race_day.results_check_minutes"));
    }
    expect(await requestsOf(race.id)).toEqual([]);
  });

  it("refuses bad input with the field's message, an unknown heat, and a fourth waiting request; nothing filed", async () => {
    const { race, token } = await raceDay("Bad Input Cup");
    const empty = outcome(await file(token, { ...REQUEST, problem: "   " }));
    expect(empty.status).toBe(400);
    expect(empty.data.errors).toEqual({ problem: "What you think is wrong is required." });
    const long = outcome(await file(token, { ...REQUEST, asked: "x".repeat(501) }));
    expect(long.data.errors).toEqual({ asked: "What you ask for: at most 500 characters." });
    expect(outcome(await file(token, { ...REQUEST, heat: "Superboat:1" })).data.alert).toEqual(RESULTS_CHECK_TEXT.unknownHeat);
    expect(outcome(await file("no-such-token", REQUEST)).status).toBe(404);
    expect(await requestsOf(race.id)).toEqual([]);
    for (let i = 0; i < 3; i++) expect(outcome(await file(token, REQUEST)).status).toBe(200);
    expect(outcome(await file(token, REQUEST)).data.alert).toEqual(RESULTS_CHECK_TEXT.tooManyWaiting);
    expect(await requestsOf(race.id)).toHaveLength(3);
  });
});

describe("deciding and making the results official", () => {
  it("Mark results official is refused while the window is open, then while a request is undecided; allowed after", async () => {
    const { race, token } = await raceDay("Official Cup");
    const open = await markResultsOfficial(db, race.id, CLUB);
    expect(open).toMatchObject({
      ok: false,
      status: 409,
      message: expect.stringMatching(/^Requests for a results check are open until \d{2}:\d{2}; /),
    });
    expect(outcome(await file(token, REQUEST)).status).toBe(200);
    await savedMinutesAgo(race.id, 45);
    expect(await markResultsOfficial(db, race.id, CLUB)).toMatchObject({
      ok: false,
      message: "A request for a results check is waiting for a decision; decide it on the Heats page first.",
    });
    const [request] = await requestsOf(race.id);
    // A decision needs a reason (the form's rule); refused with one, it is final and audited.
    const refused = await decideResultsCheck(
      db,
      race.id,
      { requestId: request!.id, outcome: "refused", reason: "The lap sheet shows 9 laps." },
      officer,
    );
    expect(refused).toEqual({ ok: true, message: "The request about Open heat 1 is refused." });
    expect(
      await decideResultsCheck(db, race.id, { requestId: request!.id, outcome: "accepted", reason: "x", changeId: 1 }, officer),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      (await db.select().from(auditLog).where(eq(auditLog.kind, "results-check.decide"))).some(
        (a) => a.recordId === String(race.id) && a.adminId === admin.id,
      ),
    ).toBe(true);
    expect(await markResultsOfficial(db, race.id, CLUB)).toMatchObject({ ok: true });
    // Official: no more requests.
    expect(outcome(await file(token, REQUEST)).data.alert).toEqual(RESULTS_CHECK_TEXT.closed);
  });

  it("an accepted request names the change its correction made; the change log after official does not list it", async () => {
    const { race, ann, bob, token } = await raceDay("Accepted Cup");
    expect(outcome(await file(token, REQUEST)).status).toBe(200);
    const [request] = await requestsOf(race.id);
    // Accepting needs a change made after the request was filed.
    expect(
      await decideResultsCheck(
        db,
        race.id,
        { requestId: request!.id, outcome: "accepted", reason: "Lap sheet checked.", changeId: 999999 },
        officer,
      ),
    ).toMatchObject({ ok: false, status: 400 });
    await save(race.id, [ann.id, bob.id]);
    const { changes } = await adminResultsChecks(db, race.id);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.description).toMatch(/^Heat 1 Open: /);
    expect(
      await decideResultsCheck(
        db,
        race.id,
        { requestId: request!.id, outcome: "accepted", reason: "Lap sheet checked: 10 laps.", changeId: changes[0]!.id },
        officer,
      ),
    ).toMatchObject({ ok: true });
    expect((await resultsStatus(db, race.id)).changes).toEqual([]);
    const [logged] = await db.select().from(raceResultChanges).where(eq(raceResultChanges.raceId, race.id));
    expect(logged).toMatchObject({ provisional: true });
  });

  it("the race page shows until when requests are open, then each outcome with the name only; not kept while open", async () => {
    const { race, ann, bob, token } = await raceDay("Public Cup");
    const openPage = await site.request(`/results/${race.id}`);
    expect(openPage.headers.get("cache-control")).toBe("private, no-store");
    expect(await openPage.text()).toMatch(/Requests for a results check are open until \d{2}:\d{2}</);

    expect(outcome(await file(token, REQUEST)).status).toBe(200);
    await save(race.id, [ann.id, bob.id]);
    const [request] = await requestsOf(race.id);
    const { changes } = await adminResultsChecks(db, race.id);
    await decideResultsCheck(
      db,
      race.id,
      { requestId: request!.id, outcome: "accepted", reason: "Lap sheet checked: 10 laps.", changeId: changes[0]!.id },
      officer,
    );
    await savedMinutesAgo(race.id, 60);

    const page = await site.request(`/results/${race.id}`);
    expect(page.headers.get("cache-control")).toMatch(/^public/);
    const html = await page.text();
    const section = html.slice(html.indexOf("Requests for a results check"));
    expect(html).not.toContain("are open until");
    expect(section).toContain("Ann Quay");
    expect(section).toContain("Accepted");
    expect(section).toContain("Lap sheet checked: 10 laps.");
    // The change it made, quoted from the change log.
    expect(section).toMatch(/<q[^>]*>Heat 1 Open: /);
    for (const personal of [ann.email!, "441-555-0199", REQUEST.problem, REQUEST.asked]) expect(html).not.toContain(personal);
  });

  it("after the racer's erasure their own words are gone and the outcome stays under the anonymous label (privacy notice version 4)", async () => {
    const { race, ann, token } = await raceDay("Erased Cup");
    expect(outcome(await file(token, REQUEST)).status).toBe(200);
    const [request] = await requestsOf(race.id);
    await decideResultsCheck(
      db,
      race.id,
      { requestId: request!.id, outcome: "refused", reason: "The lap sheet shows 9 laps." },
      officer,
    );
    await savedMinutesAgo(race.id, 60);

    const erased = await eraseRacerNow(db, ann.id, NO_ACTOR);
    expect(erased.ok).toBe(true);
    expect((await requestsOf(race.id)).map((r) => [r.problem, r.asked, r.outcome])).toEqual([["", "", "refused"]]);
    const html = await (await site.request(`/results/${race.id}`)).text();
    const section = html.slice(html.indexOf("Requests for a results check"));
    expect(section).toContain(erased.ok ? erased.label : "");
    expect(section).toContain("The lap sheet shows 9 laps.");
    expect(html).not.toContain("Ann Quay");
  });
});

describe("the Heats page's decision and the setting, over HTTP", () => {
  it("a decision needs a reason (400, nothing decided); with one it is saved; the setting moves the window", async () => {
    const cookie = `admin_session=${await createSession(db, admin.id)}`;
    const { race, token } = await raceDay("Heats Page Cup");
    expect(outcome(await file(token, REQUEST)).status).toBe(200);
    const [request] = await requestsOf(race.id);
    const decide = (fields: Record<string, string>) =>
      site.request(`/admin/races/${race.id}/heats`, {
        method: "POST",
        cookie,
        body: form({ intent: "decide", requestId: request!.id, ...fields }),
      });
    const noReason = await decide({ outcome: "refused", reason: " " });
    expect(noReason.status).toBe(400);
    expect(await noReason.text()).toContain("Reason is required.");
    const noChange = await decide({ outcome: "accepted", reason: "Checked." });
    expect(noChange.status).toBe(400);
    expect(await noChange.text()).toContain("Please choose the change the request made");
    expect((await requestsOf(race.id))[0]!.outcome).toBeNull();
    const done = await decide({ outcome: "refused", reason: "The lap sheet shows 9 laps." });
    expect(done.status).toBe(302);
    expect((await requestsOf(race.id))[0]).toMatchObject({
      outcome: "refused",
      reason: "The lap sheet shows 9 laps.",
      decidedBy: admin.id,
    });

    // The owner's setting: 0 closes the window at once (official may go ahead); a bad value is a 400.
    const setting = (minutes: string) => site.request("/admin/settings", { method: "POST", cookie, body: form({ minutes }) });
    expect((await setting("121")).status).toBe(400);
    expect((await setting("0")).status).toBe(302);
    expect(await markResultsOfficial(db, race.id, CLUB)).toMatchObject({ ok: true });
    expect((await setting("30")).status).toBe(302);
  });
});

describe("byte budgets with the results check on the page", () => {
  // The read pages' budgets (tests/integration/page-weight.test.ts): JS <= 10 KB gzip (20 KB for a
  // public form's page), a first load < 40 KB gzip.
  it("the race page with the window open and an outcome, and the entry link's pages, stay within them", async () => {
    const { race, token } = await raceDay("Budget Cup");
    expect(outcome(await file(token, REQUEST)).status).toBe(200);
    const [request] = await requestsOf(race.id);
    await decideResultsCheck(
      db,
      race.id,
      { requestId: request!.id, outcome: "refused", reason: "The lap sheet shows 9 laps.".repeat(10) },
      officer,
    );
    const figures: Record<string, { js: number; total: number }> = {};
    for (const path of [`/results/${race.id}`, `/race-entry/${token}`, `/race-entry/${token}/results-check`]) {
      const { js, total } = await firstLoad(site.url, path);
      figures[path] = { js, total };
      expect(js, path).toBeLessThanOrEqual(10 * 1024);
      expect(total, path).toBeLessThan(40 * 1024);
    }
    console.info("first load (gzip bytes) with the results check:", JSON.stringify(figures));
  });
});

/**
 * The duty roster (issue 36 item 2, decision 0058): volunteering from the entry link (two for the
 * last place at once: one gets it), an admin's assignments and removals, swaps accepted, declined,
 * expired and used twice, reminders 7 days and 1 day before (once each, capped, opt-out), the
 * overview's warning, the race page's names, and erasure clearing the racer's duty rows.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, dutyPlaces, dutySwaps, outboxMessages, raceEntryLinks } from "~/db/schema";
import { createSession } from "~/domain/admin/auth.server";
import { NO_ACTOR } from "~/domain/platform/audit.server";
import { enqueue } from "~/domain/platform/outbox.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { eraseRacerNow } from "~/domain/privacy/erasure.server";
import { raceRoster, racesWithFreeDuties } from "~/domain/race-day/duties.server";
import { queueDutyReminders } from "~/domain/race-day/duty-reminders.server";
import { pruneDutyRosters } from "~/domain/race-day/duty-retention.server";
import { DUTY_TEXT } from "~/lib/race-day/duties";
import { MAIL_CAP } from "~/lib/platform/mail-cap";
import { todayInZone } from "~/lib/util/dates";
import { action as dutiesAction, loader as dutiesLoader } from "~/routes/race-entry-duties";
import { action as swapAction, loader as swapLoader } from "~/routes/duty-swap";
import { form, startTestSite, type TestSite } from "../support/admin-http";
import { firstLoad } from "../support/first-load";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createRace, createRegistration } from "../support/factories";
import { callWithParams, CLUB, formRequest, outcome, routeContext } from "../support/routes";
import { inDays } from "../support/club-days";

const { db } = await useTestDatabase();
const today = todayInZone(CLUB.timeZone);
const { admin } = await createAdmin(db, "duty-owner", "a long duty owner password");
const cookie = `admin_session=${await createSession(db, admin.id)}`;

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(db);
}, 120_000);
afterAll(() => site?.close());

let serial = 0;
/** An upcoming race `days` ahead with entrants, each holding an entry link. */
async function race(days: number, names: string[] = ["Ann", "Bob", "Cat"]) {
  const r = await createRace(db, { title: `Duty Cup ${++serial}`, date: inDays(days), status: "upcoming" });
  const people: { id: number; name: string; email: string; token: string }[] = [];
  for (const first of names) {
    const email = `${first.toLowerCase()}.${r.id}@example.com`;
    const c = await createCompetitor(db, { firstName: first, lastName: `Crew${serial}`, email, notifyReminders: true });
    await createRegistration(db, { raceId: r.id, competitorId: c.id, boatClass: "Open" });
    const token = newToken();
    await db.insert(raceEntryLinks).values({ tokenHash: hashToken(token), raceId: r.id, competitorId: c.id });
    people.push({ id: c.id, name: `${first} Crew${serial}`, email, token });
  }
  return { race: r, people };
}

function post(token: string, fields: Record<string, string>, ip = "203.0.113.10") {
  return callWithParams(dutiesAction, {
    request: formRequest(`/race-entry/${token}/duties`, fields),
    context: routeContext(db, ip),
    params: { token },
  }).then(outcome);
}

const volunteer = (token: string, duty: string, ip?: string) => post(token, { intent: "volunteer", duty }, ip);

async function mailsTo(to: string, kind: string) {
  return db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, to), eq(outboxMessages.kind, kind)))
    .orderBy(outboxMessages.id);
}

function swapToken(body: string): string {
  const token = body.match(/\/duty-swap\/([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeTruthy();
  return token!;
}

const answer = (token: string, intent: string) =>
  callWithParams(swapAction, {
    request: formRequest(`/duty-swap/${token}`, { intent }),
    context: routeContext(db),
    params: { token },
  }).then(outcome);

const onDuty = async (raceId: number) =>
  Object.fromEntries(((await raceRoster(db, raceId)) ?? []).map((d) => [d.name, d.people.map((p) => p.name)]));

describe("volunteering from the entry link", () => {
  it("shows the club's default list, takes a free place, audits it, and the race page names the racer", async () => {
    const { race: r, people } = await race(20);
    const [ann] = people;
    const page = outcome(
      await callWithParams(dutiesLoader, {
        request: new Request(`http://localhost/race-entry/${ann!.token}/duties`),
        context: routeContext(db),
        params: { token: ann!.token },
      }),
    );
    expect(page.status).toBe(200);
    const listed = (page.data as { roster: { duties: { name: string }[] } }).roster.duties;
    expect(listed.map((d) => d.name)).toEqual(["Race officer", "Lap counter", "Starter", "Rescue boat"]);
    // A GET changes nothing (mail scanners open links): the roster is made by the first volunteer.
    expect(await raceRoster(db, r.id)).toBeNull();

    const taken = await volunteer(ann!.token, "Lap counter");
    expect(taken.status).toBe(200);
    expect(taken.data.done).toBe(DUTY_TEXT.volunteered("Lap counter"));
    expect(await onDuty(r.id)).toMatchObject({ "Lap counter": [ann!.name], "Race officer": [] });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "duty.take"), eq(auditLog.recordId, String(r.id))));
    expect(audit).toBeTruthy();
    // A second duty at the same race is refused with the one they hold.
    const again = await volunteer(ann!.token, "Starter");
    expect(again.status).toBe(409);
    expect(again.data.alert.description).toBe(DUTY_TEXT.already("Lap counter"));

    const html = await (await site.request(`/results/${r.id}`)).text();
    expect(html).toContain(`Lap counter: ${ann!.name}, 1 place free`);
    expect(html).not.toContain(ann!.email);
  });

  it("two volunteers for the last place at once: one gets it, the other is told it was taken", async () => {
    const { race: r, people } = await race(20);
    const [ann, bob] = people;
    const answers = await Promise.all([
      volunteer(ann!.token, "Race officer", "203.0.113.21"),
      volunteer(bob!.token, "Race officer", "203.0.113.22"),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.data.alert.description).toBe(DUTY_TEXT.taken);
    expect((await onDuty(r.id))["Race officer"]).toHaveLength(1);
  });

  it("gives a duty up before race day, not on race day", async () => {
    const { race: r, people } = await race(5);
    expect((await volunteer(people[0]!.token, "Starter")).status).toBe(200);
    const left = await post(people[0]!.token, { intent: "withdraw" });
    expect(left.data.done).toBe(DUTY_TEXT.withdrawn("Starter"));
    expect((await onDuty(r.id)).Starter).toEqual([]);

    const { race: day, people: crew } = await race(0);
    expect((await volunteer(crew[0]!.token, "Starter")).status).toBe(200);
    const refused = await post(crew[0]!.token, { intent: "withdraw" });
    expect(refused.status).toBe(409);
    expect((await onDuty(day.id)).Starter).toEqual([crew[0]!.name]);
  });
});

describe("the admin's roster", () => {
  it("assigns and removes, refuses a full duty, a count below its people, and edits the race's duties", async () => {
    const { race: r, people } = await race(20);
    const path = `/admin/races/${r.id}/duties`;
    const page = await site.request(path, { cookie });
    expect(page.status).toBe(200);
    // The GET only reads: the roster shows the default list and is made by the first change.
    expect(await raceRoster(db, r.id)).toBeNull();
    const send = (fields: Record<string, string | number>) => site.request(path, { method: "POST", cookie, body: form(fields) });
    // A refused change leaves nothing behind, not even the roster's copy.
    expect((await send({ intent: "assign", duty: "Judge", competitorId: people[0]!.id })).status).toBe(404);
    expect(await raceRoster(db, r.id)).toBeNull();
    const officer = { id: "Race officer" };
    expect((await send({ intent: "assign", duty: officer.id, competitorId: people[0]!.id })).status).toBe(302);
    expect((await send({ intent: "assign", duty: officer.id, competitorId: people[1]!.id })).status).toBe(409);
    expect((await send({ intent: "places", duty: officer.id, places: 0 })).status).toBe(400);
    expect((await send({ intent: "places", duty: officer.id, places: 2 })).status).toBe(302);
    expect((await send({ intent: "assign", duty: officer.id, competitorId: people[1]!.id })).status).toBe(302);
    expect((await send({ intent: "places", duty: officer.id, places: 1 })).status).toBe(409);
    expect((await send({ intent: "remove-duty", duty: officer.id })).status).toBe(409);
    expect((await send({ intent: "unassign", duty: officer.id, competitorId: people[0]!.id })).status).toBe(302);
    expect((await onDuty(r.id))["Race officer"]).toEqual([people[1]!.name]);

    expect((await send({ intent: "add", name: "Scorer", places: 1 })).status).toBe(302);
    expect((await send({ intent: "add", name: "scorer", places: 1 })).status).toBe(409);
    expect((await send({ intent: "add", name: "<b>", places: 1 })).status).toBe(400);
    expect((await send({ intent: "remove-duty", duty: "Starter" })).status).toBe(302);
    expect(Object.keys(await onDuty(r.id))).toEqual(["Race officer", "Lap counter", "Rescue boat", "Scorer"]);
  });

  it("the club's default list is saved from the settings, and a bad row changes nothing", async () => {
    const save = (fields: Record<string, string>) =>
      site.request("/admin/settings/duties", { method: "POST", cookie, body: form(fields) });
    expect((await save({ "name[0]": "Race officer", "places[0]": "0" })).headers.get("Location")).toBe("/admin/settings");
    const settings = await (await site.request("/admin/settings", { cookie })).text();
    expect(settings).toContain("Duties at a race");
    expect(settings).toContain('value="Rescue boat"');
  });
});

describe("swaps", () => {
  async function asked() {
    const { race: r, people } = await race(20);
    const [ann, , cat] = people;
    expect((await volunteer(ann!.token, "Starter")).status).toBe(200);
    const sent = await post(ann!.token, { intent: "ask", askedId: String(cat!.id) });
    expect(sent.data.done).toBe(DUTY_TEXT.asked(cat!.name));
    const [mail] = await mailsTo(cat!.email, "duty-swap");
    expect(mail!.body).toContain(`${ann!.name} is on duty as Starter`);
    return { r, ann: ann!, cat: cat!, token: swapToken(mail!.body) };
  }

  it("accepted: the roster changes once, the asker is told; the link then says it was used", async () => {
    const { r, ann, cat, token } = await asked();
    const view = outcome(
      await callWithParams(swapLoader, {
        request: new Request(`http://localhost/duty-swap/${token}`),
        context: routeContext(db),
        params: { token },
      }),
    );
    expect(view.data.question).toBe(DUTY_TEXT.swapAsk(ann.name, "Starter", r.title));
    // The GET changed nothing.
    expect((await onDuty(r.id)).Starter).toEqual([ann.name]);
    const yes = await answer(token, "accept");
    expect(yes.data.done).toBe(DUTY_TEXT.accepted("Starter", r.title));
    expect((await onDuty(r.id)).Starter).toEqual([cat.name]);
    expect((await mailsTo(ann.email, "duty-swap-answer"))[0]!.subject).toContain("accepted");
    const twice = await answer(token, "accept");
    expect(twice.status).toBe(410);
    expect(twice.data.alert.description).toBe(DUTY_TEXT.used);
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "duty.swap-answer"), eq(auditLog.recordId, String(r.id))));
    expect(audit).toHaveLength(1);
  });

  it("declined: nothing changes, the asker is told", async () => {
    const { r, ann, token } = await asked();
    const no = await answer(token, "decline");
    expect(no.data.done).toBe(DUTY_TEXT.declined(ann.name));
    expect((await onDuty(r.id)).Starter).toEqual([ann.name]);
    expect((await mailsTo(ann.email, "duty-swap-answer"))[0]!.subject).toContain("declined");
  });

  it("expired, or the asker no longer on that duty: refused, nothing changed", async () => {
    const first = await asked();
    await db
      .update(dutySwaps)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(dutySwaps.tokenHash, hashToken(first.token)));
    const late = await answer(first.token, "accept");
    expect(late.status).toBe(410);
    expect(late.data.alert.description).toBe(DUTY_TEXT.expired);
    expect((await onDuty(first.r.id)).Starter).toEqual([first.ann.name]);

    const second = await asked();
    expect((await post(second.ann.token, { intent: "withdraw" })).status).toBe(200);
    const gone = await answer(second.token, "accept");
    expect(gone.status).toBe(410);
    expect((await onDuty(second.r.id)).Starter).toEqual([]);
    // The link of a duty given up answers as spent: a new request would be needed.
    const [row] = await db
      .select()
      .from(dutySwaps)
      .where(eq(dutySwaps.tokenHash, hashToken(second.token)));
    expect(row!.answer).toBe("replaced");
  });

  it("refuses to ask a member already on duty at the race", async () => {
    const { race: r, people } = await race(20);
    expect((await volunteer(people[0]!.token, "Starter")).status).toBe(200);
    expect((await volunteer(people[1]!.token, "Lap counter")).status).toBe(200);
    const busy = await post(people[0]!.token, { intent: "ask", askedId: String(people[1]!.id) });
    expect(busy.status).toBe(409);
    expect(busy.data.alert.description).toBe(DUTY_TEXT.askBusy(people[1]!.name));
    expect(await db.select().from(dutySwaps).where(eq(dutySwaps.raceId, r.id))).toEqual([]);
  });
});

describe("reminders", () => {
  it("7 days and 1 day before, once each, to everyone on duty but those who said no, within the mail cap", async () => {
    const { race: r, people } = await race(7, ["Ann", "Bob", "Cat"]);
    const [ann, bob, cat] = people;
    // Ann never ticked the race e-mails: a duty's reminders do not depend on them. Bob said no to duty reminders.
    await db.execute(sql`UPDATE competitors SET notify_reminders = false, notify_results = false WHERE id = ${ann!.id}`);
    await db.execute(sql`UPDATE competitors SET duty_reminders = false WHERE id = ${bob!.id}`);
    for (const [p, duty] of [
      [ann!, "Starter"],
      [bob!, "Race officer"],
      [cat!, "Lap counter"],
    ] as const) {
      expect((await volunteer(p.token, duty)).status).toBe(200);
    }
    // Cat's address already had its hour's share of e-mails: her reminder becomes the digest.
    await enqueue(
      db,
      Array.from({ length: MAIL_CAP.perWindow }, () => ({ kind: "test", to: cat!.email, subject: "x", body: "x" })),
      CLUB,
    );
    const club = { clubName: CLUB.clubName, clubEmail: CLUB.clubEmail, siteUrl: CLUB.siteUrl };
    await queueDutyReminders(db, club, today);
    await queueDutyReminders(db, club, today);
    const week = await mailsTo(ann!.email, "duty-reminder-week");
    expect(week).toHaveLength(1);
    expect(week[0]!.body).toContain(`you are on duty as Starter at ${r.title}`);
    expect(week[0]!.headers["List-Unsubscribe"]).toMatch(/\/messages\/.+\/unsubscribe>$/);
    expect(await mailsTo(bob!.email, "duty-reminder-week")).toEqual([]);
    expect(await mailsTo(cat!.email, "duty-reminder-week")).toEqual([]);
    expect(await mailsTo(cat!.email, "digest")).toHaveLength(1);

    // Six days later: the day before.
    await queueDutyReminders(db, club, inDays(6));
    await queueDutyReminders(db, club, inDays(6));
    expect(await mailsTo(ann!.email, "duty-reminder-day")).toHaveLength(1);
    expect(await mailsTo(ann!.email, "duty-reminder-week")).toHaveLength(1);
    expect(await mailsTo(bob!.email, "duty-reminder-day")).toEqual([]);
  });
});

describe("the admin overview", () => {
  it("warns about a race within 7 days with a free duty place, with a link to its roster, and not once it is full", async () => {
    const { race: r, people } = await race(3, ["Ann"]);
    expect((await racesWithFreeDuties(db, today)).map((x) => x.id)).toContain(r.id);
    const html = await (await site.request("/admin/overview", { cookie })).text();
    expect(html).toContain(`/admin/races/${r.id}/duties`);
    // A roster whose only duty is filled: no warning.
    const path = `/admin/races/${r.id}/duties`;
    for (const duty of ["Race officer", "Lap counter", "Rescue boat"]) {
      await site.request(path, { method: "POST", cookie, body: form({ intent: "remove-duty", duty }) });
    }
    expect((await volunteer(people[0]!.token, "Starter")).status).toBe(200);
    expect((await racesWithFreeDuties(db, today)).map((x) => x.id)).not.toContain(r.id);
    const far = await race(10, ["Dan"]);
    expect((await racesWithFreeDuties(db, today)).map((x) => x.id)).not.toContain(far.race.id);
  });
});

describe("erasure", () => {
  it("removes the racer's duty places and their swaps", async () => {
    const { race: r, people } = await race(20);
    const [ann, , cat] = people;
    expect((await volunteer(ann!.token, "Starter")).status).toBe(200);
    expect((await post(ann!.token, { intent: "ask", askedId: String(cat!.id) })).status).toBe(200);
    await eraseRacerNow(db, ann!.id, NO_ACTOR);
    expect(await db.select().from(dutyPlaces).where(eq(dutyPlaces.competitorId, ann!.id))).toEqual([]);
    expect(await db.select().from(dutySwaps).where(eq(dutySwaps.raceId, r.id))).toEqual([]);
    expect((await onDuty(r.id)).Starter).toEqual([]);
  });
});

describe("retention (privacy notice version 3: the roster 2 years after official results)", () => {
  it("deletes who was on duty and the swaps once the results have been official 2 years, or race day was 2 years ago without them", async () => {
    // Three rosters filled and a swap asked while each race was upcoming; then time passes.
    const rosters = [];
    for (const n of [1, 2, 3]) {
      const { race: r, people } = await race(30);
      const ip = `198.51.100.${n}`; // each volunteer from their own phone, within the forms' rate limit
      expect((await volunteer(people[0]!.token, "Starter", ip)).status).toBe(200);
      expect((await post(people[0]!.token, { intent: "ask", askedId: String(people[2]!.id) }, ip)).status).toBe(200);
      rosters.push(r.id);
    }
    const [officialLongAgo, officialLastYear, cancelledLongAgo] = rosters as [number, number, number];
    const rows = async (raceId: number) => ({
      places: (await db.select().from(dutyPlaces).where(eq(dutyPlaces.raceId, raceId))).length,
      swaps: (await db.select().from(dutySwaps).where(eq(dutySwaps.raceId, raceId))).length,
    });
    await db.execute(sql`UPDATE races SET date = current_date - 800, status = 'completed',
      results_official_at = now() - interval '2 years 1 day' WHERE id = ${officialLongAgo}`);
    await db.execute(sql`UPDATE races SET date = current_date - 400, status = 'completed',
      results_official_at = now() - interval '1 year' WHERE id = ${officialLastYear}`);
    await db.execute(sql`UPDATE races SET date = current_date - 800, status = 'cancelled' WHERE id = ${cancelledLongAgo}`);

    expect(await pruneDutyRosters(db)).toBe(4);
    expect(await rows(officialLongAgo)).toEqual({ places: 0, swaps: 0 });
    expect(await rows(cancelledLongAgo)).toEqual({ places: 0, swaps: 0 });
    expect(await rows(officialLastYear)).toEqual({ places: 1, swaps: 1 });
    // The duties themselves name nobody and stay; a second run finds nothing more.
    expect(Object.keys(await onDuty(officialLongAgo))).toContain("Starter");
    expect(await pruneDutyRosters(db)).toBe(0);
  });
});

describe("byte budgets with the roster on the page", () => {
  it("the race page and the entry link's pages stay within the read pages' budgets", async () => {
    const { race: r, people } = await race(20);
    for (const [i, duty] of ["Race officer", "Lap counter", "Starter"].entries()) {
      expect((await volunteer(people[i]!.token, duty)).status).toBe(200);
    }
    const figures: Record<string, { js: number; total: number }> = {};
    for (const path of [`/results/${r.id}`, `/race-entry/${people[0]!.token}`, `/race-entry/${people[0]!.token}/duties`]) {
      const { js, total } = await firstLoad(site.url, path);
      figures[path.replace(people[0]!.token, ":token")] = { js, total };
      expect(js, path).toBeLessThanOrEqual(10 * 1024);
      expect(total, path).toBeLessThan(40 * 1024);
    }
    console.info("first load (gzip bytes) with the duty roster:", JSON.stringify(figures));
  });
});

/**
 * Check-in at the lake (issue 36 item 1): the window, the entry link's scope, idempotency, two
 * admins at once, offline taps replayed once, conflicts, the draw from checked-in boats, late
 * arrivals, no-shows; the admin's list and its tap endpoint over HTTP.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, heatEntries, heats, raceCheckIns, raceEntryLinks } from "~/db/schema";
import { createSession } from "~/domain/admin/auth.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import {
  applyTap,
  checkInByLink,
  checkInCounts,
  linkCheckInView,
  noShowCounts,
  racerNoShows,
} from "~/domain/race-day/check-in.server";
import { drawClass, lockDraw, moveBoat } from "~/domain/race-day/heats.server";
import { CHECK_IN_DEFAULTS, type CheckInTap } from "~/lib/race-day/check-in";
import { newTapKey } from "~/lib/race-day/check-in-queue";
import { form, startTestSite, type TestSite } from "../support/admin-http";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createRace, createRegistration, createResult } from "../support/factories";

const { db } = await useTestDatabase();
const RACE_DAY = "2099-06-01";
const at = (minutes: number, day = RACE_DAY) => ({ day, minutes });
const ADMIN_A = { adminId: 1, username: "a", address: null };
const ADMIN_B = { adminId: 2, username: "b", address: null };

async function entered(n: number, date = RACE_DAY) {
  const race = await createRace(db, { status: "upcoming", date });
  const boats = [];
  for (let i = 0; i < n; i++) {
    // Names without digits: a search for a boat number must not also match a boat's or a racer's name.
    const letter = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[i % 26];
    const c = await createCompetitor(db, {
      boatNumber: String(i + 1),
      boatName: `Boat ${letter}`,
      firstName: "Driver",
      lastName: `Tester ${letter}`,
    });
    await createRegistration(db, { raceId: race.id, competitorId: c.id, boatClass: "Open" });
    boats.push(c);
  }
  return { race, boats };
}

async function linkFor(raceId: number, competitorId: number) {
  const token = newToken();
  await db.insert(raceEntryLinks).values({ tokenHash: hashToken(token), raceId, competitorId });
  return token;
}

async function rows(raceId: number) {
  return db
    .select({ competitorId: raceCheckIns.competitorId, version: raceCheckIns.version, via: raceCheckIns.checkedInVia })
    .from(raceCheckIns)
    .where(and(eq(raceCheckIns.raceId, raceId), sql`checked_in_at IS NOT NULL AND undone_at IS NULL`))
    .orderBy(asc(raceCheckIns.competitorId));
}

const tap = (competitorId: number, intent: "in" | "undo", basis: number, key = newTapKey()): CheckInTap => ({
  intent,
  competitorId,
  basis,
  key,
});

describe("the racer's entry link", () => {
  it("opens two hours before the start (10:00 by default) and closes when the race day ends", async () => {
    const { race, boats } = await entered(1);
    const token = await linkFor(race.id, boats[0]!.id);
    const before = await checkInByLink(db, token, CHECK_IN_DEFAULTS, at(7 * 60 + 59), null);
    expect(before).toEqual({ kind: "closed", window: { state: "before", opens: { day: RACE_DAY, minutes: 8 * 60 } } });
    const dayBefore = await linkCheckInView(db, token, CHECK_IN_DEFAULTS, at(23 * 60, "2099-05-31"));
    expect(dayBefore.kind === "ready" && dayBefore.window.state).toBe("before");
    const after = await checkInByLink(db, token, CHECK_IN_DEFAULTS, at(0, "2099-06-02"), null);
    expect(after).toEqual({ kind: "closed", window: { state: "over" } });
    expect(await rows(race.id)).toEqual([]);
    // The club's own setting: an hour before 09:30.
    const early = await checkInByLink(db, token, { startTime: "09:30", opensMinutesBefore: 60 }, at(8 * 60 + 30), null);
    expect(early.kind).toBe("checked-in");
  });

  it("checks in only its own entry at its own race, and twice is one check-in", async () => {
    const { race, boats } = await entered(2);
    const other = await entered(1);
    // The same racer entered in another race: the link of the first race does not touch it.
    await createRegistration(db, { raceId: other.race.id, competitorId: boats[0]!.id, boatClass: "Open" });
    const token = await linkFor(race.id, boats[0]!.id);
    const first = await checkInByLink(db, token, CHECK_IN_DEFAULTS, at(9 * 60), "203.0.113.7");
    const second = await checkInByLink(db, token, CHECK_IN_DEFAULTS, at(9 * 60 + 5), "203.0.113.7");
    expect(first.kind).toBe("checked-in");
    expect(second.kind).toBe("already");
    expect(await rows(race.id)).toEqual([{ competitorId: boats[0]!.id, version: 1, via: "link" }]);
    expect(await rows(other.race.id)).toEqual([]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.kind, "checkin.in"), eq(auditLog.recordId, String(race.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.adminUsername).toBe("(racer's entry link)");
  });

  it("refuses an unknown link and a link whose entry was withdrawn", async () => {
    const { race, boats } = await entered(1);
    expect((await checkInByLink(db, newToken(), CHECK_IN_DEFAULTS, at(9 * 60), null)).kind).toBe("unknown");
    const token = await linkFor(race.id, boats[0]!.id);
    await db.execute(sql`DELETE FROM race_registrations WHERE race_id = ${race.id}`);
    expect((await checkInByLink(db, token, CHECK_IN_DEFAULTS, at(9 * 60), null)).kind).toBe("not-entered");
  });
});

describe("admin taps", () => {
  it("two admins checking in the same boat at once make one check-in", async () => {
    const { race, boats } = await entered(1);
    const id = boats[0]!.id;
    const answers = await Promise.all([
      applyTap(db, race.id, tap(id, "in", 0), ADMIN_A),
      applyTap(db, race.id, tap(id, "in", 0), ADMIN_B),
    ]);
    expect(answers.map((a) => a.kind).sort()).toEqual(["already", "done"]);
    expect(await rows(race.id)).toEqual([{ competitorId: id, version: 1, via: "admin" }]);
  });

  it("a tap replayed with its key (after the connection returned) is applied once and answered the same", async () => {
    const { race, boats } = await entered(1);
    const id = boats[0]!.id;
    const offline = [tap(id, "in", 0), tap(id, "undo", 1), tap(id, "in", 2)];
    // The phone sent each once, lost the answers, and sends them all again, twice at once.
    for (const t of offline) await applyTap(db, race.id, t, ADMIN_A);
    const replays = await Promise.all([...offline, ...offline].map((t) => applyTap(db, race.id, t, ADMIN_A)));
    expect(replays.every((r) => r.replayed)).toBe(true);
    expect(replays.map((r) => r.kind)).toEqual(["done", "done", "done", "done", "done", "done"]);
    expect(await rows(race.id)).toEqual([{ competitorId: id, version: 3, via: "admin" }]);
    const audits = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(race.id)));
    expect(audits.map((a) => a.kind).sort()).toEqual(["checkin.in", "checkin.in", "checkin.undo"]);
  });

  it("a tap on a boat another admin changed meanwhile is a conflict and changes nothing", async () => {
    const { race, boats } = await entered(1);
    const id = boats[0]!.id;
    await applyTap(db, race.id, tap(id, "in", 0), ADMIN_B);
    await applyTap(db, race.id, tap(id, "undo", 1), ADMIN_B);
    // Admin A's phone saw the boat checked in (version 1) and undid it... then asks to check it in
    // on the version it saw before B's undo: A is told, not overruled silently.
    const conflict = await applyTap(db, race.id, tap(id, "in", 1), ADMIN_A);
    expect(conflict).toMatchObject({ kind: "conflict", state: { checkedIn: false, version: 2 } });
    expect(await rows(race.id)).toEqual([]);
  });

  it("refuses a boat not entered in the race, and a key reused for another boat", async () => {
    const { race, boats } = await entered(2);
    const stranger = await createCompetitor(db);
    expect((await applyTap(db, race.id, tap(stranger.id, "in", 0), ADMIN_A)).kind).toBe("not-entered");
    const key = newTapKey();
    await applyTap(db, race.id, tap(boats[0]!.id, "in", 0, key), ADMIN_A);
    expect((await applyTap(db, race.id, tap(boats[1]!.id, "in", 0, key), ADMIN_A)).kind).toBe("not-entered");
    expect((await rows(race.id)).map((r) => r.competitorId)).toEqual([boats[0]!.id]);
  });

  it("counts per class for the race page", async () => {
    const { race, boats } = await entered(3);
    await applyTap(db, race.id, tap(boats[0]!.id, "in", 0), ADMIN_A);
    expect(await checkInCounts(db, race.id)).toEqual([{ boatClass: "Open", entered: 3, checkedIn: 1 }]);
  });
});

describe("the heat draw", () => {
  it("draws only the checked-in boats when asked, and says who is left out", async () => {
    const { race, boats } = await entered(4);
    for (const b of boats.slice(0, 3)) await applyTap(db, race.id, tap(b.id, "in", 0), ADMIN_A);
    const outcome = await drawClass(db, {
      raceId: race.id,
      boatClass: "Open",
      method: "random",
      heatSize: 6,
      checkedInOnly: true,
    });
    expect(outcome.ok).toBe(true);
    expect(outcome.message).toContain(`Left out, not checked in: #4 ${boats[3]!.boatName}`);
    const placed = await db.select({ id: heatEntries.competitorId }).from(heatEntries).where(eq(heatEntries.raceId, race.id));
    expect(placed.map((p) => p.id).sort()).toEqual(
      boats
        .slice(0, 3)
        .map((b) => b.id)
        .sort(),
    );
  });

  it("refuses a checked-in-only draw when nobody is checked in", async () => {
    const { race } = await entered(2);
    const outcome = await drawClass(db, {
      raceId: race.id,
      boatClass: "Open",
      method: "random",
      heatSize: 6,
      checkedInOnly: true,
    });
    expect(outcome).toMatchObject({ ok: false, status: 409, message: "No Open boat is checked in yet." });
  });

  it("adds a late arrival to a locked draw until the class's first result", async () => {
    const { race, boats } = await entered(3);
    await applyTap(db, race.id, tap(boats[0]!.id, "in", 0), ADMIN_A);
    await drawClass(db, { raceId: race.id, boatClass: "Open", method: "random", heatSize: 6, checkedInOnly: true });
    await lockDraw(db, { raceId: race.id, boatClass: "Open" });
    const late = await moveBoat(db, {
      raceId: race.id,
      boatClass: "Open",
      competitorId: boats[1]!.id,
      heatNumber: 1,
      late: true,
    });
    expect(late.ok).toBe(true);
    await createResult(db, { raceId: race.id, competitorId: boats[0]!.id, position: 1 });
    const tooLate = await moveBoat(db, {
      raceId: race.id,
      boatClass: "Open",
      competitorId: boats[2]!.id,
      heatNumber: 1,
      late: true,
    });
    expect(tooLate).toMatchObject({ ok: false, status: 409 });
    const [heat] = await db.select({ id: heats.id }).from(heats).where(eq(heats.raceId, race.id));
    const placed = await db.select({ id: heatEntries.competitorId }).from(heatEntries).where(eq(heatEntries.heatId, heat!.id));
    expect(placed.map((p) => p.id).sort()).toEqual([boats[0]!.id, boats[1]!.id].sort());
  });
});

describe("no-shows", () => {
  it("counts entrants who never checked in once the race day is over, never one who raced", async () => {
    const { race, boats } = await entered(4, "2098-01-10");
    await applyTap(db, race.id, tap(boats[0]!.id, "in", 0), ADMIN_A);
    // Checked in, then undone: did not come after all.
    await applyTap(db, race.id, tap(boats[1]!.id, "in", 0), ADMIN_A);
    await applyTap(db, race.id, tap(boats[1]!.id, "undo", 1), ADMIN_A);
    // Never checked in, but has a result: raced.
    await createResult(db, { raceId: race.id, competitorId: boats[2]!.id, position: 2 });
    expect(await noShowCounts(db, [race.id], "2098-01-10")).toEqual(new Map());
    expect(await noShowCounts(db, [race.id], "2098-01-11")).toEqual(new Map([[race.id, 2]]));
    const byRacer = await racerNoShows(db, [boats[1]!.id, boats[3]!.id, boats[0]!.id], "2098-01-11");
    expect(byRacer.get(boats[3]!.id)).toEqual([{ raceId: race.id, title: race.title, date: "2098-01-10" }]);
    expect(byRacer.has(boats[0]!.id)).toBe(false);
  });

  it("has none at a race where check-in was not used", async () => {
    const { race } = await entered(3, "2098-01-10");
    expect(await noShowCounts(db, [race.id], "2099-01-01")).toEqual(new Map());
  });
});

describe("over HTTP", () => {
  let site: TestSite;
  let cookie: string;
  beforeAll(async () => {
    site = await startTestSite(db);
    const { admin } = await createAdmin(db, "check-in-admin", "correct horse battery");
    cookie = `admin_session=${await createSession(db, admin.id)}`;
  }, 60_000);
  afterAll(() => site?.close());

  it("the list's form posts a tap without script; the same form posted twice is one check-in", async () => {
    const { race, boats } = await entered(2);
    const page = await site.request(`/admin/races/${race.id}/check-in?q=2`, { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("0 of 2 boats checked in");
    expect(html).toContain(`Check in #2 ${boats[1]!.boatName}`);
    expect(html).not.toContain(`Check in #1 ${boats[0]!.boatName}`);
    const body = { intent: "in", competitorId: boats[1]!.id, basis: 0, key: newTapKey() };
    const first = await site.request(`/admin/races/${race.id}/check-in?q=2`, { method: "POST", cookie, body: form(body) });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/admin/races/${race.id}/check-in?q=2`);
    await site.request(`/admin/races/${race.id}/check-in`, { method: "POST", cookie, body: form(body) });
    expect(await rows(race.id)).toEqual([{ competitorId: boats[1]!.id, version: 1, via: "admin" }]);
  });

  it("the script's endpoint answers JSON, the same for a replay, and refuses bad taps with a message", async () => {
    const { race, boats } = await entered(1);
    const body = form({ intent: "in", competitorId: boats[0]!.id, basis: 0, key: newTapKey() });
    const url = `/admin/races/${race.id}/check-in/tap`;
    const a = await site.request(url, { method: "POST", cookie, body });
    const b = await site.request(url, { method: "POST", cookie, body });
    expect(await a.json()).toMatchObject({ kind: "done", state: { checkedIn: true, version: 1 } });
    expect(await b.json()).toMatchObject({ kind: "done", replayed: true });
    const bad = await site.request(url, {
      method: "POST",
      cookie,
      body: form({ intent: "in", competitorId: "x", basis: 0, key: "k" }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Please select a boat" });
    const anonymous = await site.request(url, { method: "POST", body });
    expect([302, 303, 401, 403]).toContain(anonymous.status);
  });
});

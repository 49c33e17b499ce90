/**
 * What check-in leaves about a racer (issue 36 item 1's gaps): their no-shows on their admin
 * record and the count beside each race on Race Management, over real HTTP; the privacy notice
 * that names check-ins and the duty roster (version 3); an erasure that removes their check-ins
 * and with them the no-show record, also after a restore brings them back; a merge that moves
 * them; and the racer's own export that lists them.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInTaps, raceCheckIns } from "~/db/schema";
import { createSession } from "~/domain/admin/auth.server";
import { eraseRacerNow, reapplyErasures } from "~/domain/privacy/erasure.server";
import { racerData } from "~/domain/privacy/my-data.server";
import { mergeCompetitors } from "~/domain/racer/merge.server";
import { applyTap, noShowCounts, racerNoShows } from "~/domain/race-day/check-in.server";
import { newTapKey } from "~/lib/race-day/check-in-queue";
import { CURRENT_NOTICE, noticePath } from "~/lib/privacy/notice";
import { startTestSite, type TestSite } from "../support/admin-http";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createRace, createRegistration, createResult } from "../support/factories";

const { db } = await useTestDatabase();
const TODAY = "2026-06-15";
const ADMIN = { adminId: null, username: "lake-phone", address: null };

/** Checks a boat in as an admin's phone would (and, with `undo`, takes it back). */
async function checkIn(raceId: number, competitorId: number, undo = false) {
  const done = await applyTap(db, raceId, { intent: "in", competitorId, basis: 0, key: newTapKey() }, ADMIN);
  if (undo) await applyTap(db, raceId, { intent: "undo", competitorId, basis: done.state.version, key: newTapKey() }, ADMIN);
}

async function enter(raceId: number, ...racers: { id: number }[]) {
  for (const r of racers) await createRegistration(db, { raceId, competitorId: r.id, boatClass: "Open" });
}

const checkInRows = async (competitorId: number) =>
  db.select().from(raceCheckIns).where(eq(raceCheckIns.competitorId, competitorId));

describe("no-shows on the admin screens", () => {
  let site: TestSite;
  let cookie: string;
  beforeAll(async () => {
    site = await startTestSite(db, { pinnedToday: TODAY });
    const { admin } = await createAdmin(db, "no-show-admin", "correct horse battery");
    cookie = `admin_session=${await createSession(db, admin.id)}`;
  }, 60_000);
  afterAll(() => site?.close());

  it("shows on a racer's record the past races they entered and never came to, and the count beside each race", async () => {
    const spring = await createRace(db, { title: "Spring Regatta", date: "2026-04-12" });
    const harbour = await createRace(db, { title: "Harbour Sprint", date: "2026-05-03" });
    // Check-in never used there: nobody could have checked in, so nobody is a no-show.
    const lake = await createRace(db, { title: "Lake Cup", date: "2026-05-20" });
    // Today's race: the day is not over, the boats may still come.
    const today = await createRace(db, { title: "Solstice Dash", date: TODAY, status: "upcoming" });
    const nina = await createCompetitor(db, { firstName: "Nina", lastName: "Noshow" });
    const pia = await createCompetitor(db, { firstName: "Pia", lastName: "Late" });
    const otto = await createCompetitor(db, { firstName: "Otto", lastName: "Ontime" });
    for (const race of [spring, harbour, lake, today]) await enter(race.id, nina, otto);
    await enter(spring.id, pia);
    for (const race of [spring, harbour, today]) await checkIn(race.id, otto.id);

    const record = await (await site.request("/admin/competitors", { cookie })).text();
    expect(record).toContain("No-shows: 2 (Harbour Sprint 2026-05-03, Spring Regatta 2026-04-12)");
    expect(record).toContain("No-shows: 1 (Spring Regatta 2026-04-12)");
    expect(record.match(/No-shows:/g)).toHaveLength(2);

    const races = await (await site.request("/admin/races", { cookie })).text();
    const row = (title: string) => races.slice(races.indexOf(`>${title}<`)).split("</tr>")[0]!;
    expect(row("Spring Regatta")).toContain("2 no-shows");
    expect(row("Harbour Sprint")).toContain("1 no-show<");
    expect(row("Lake Cup")).not.toContain("no-show");
    expect(row("Solstice Dash")).not.toContain("no-show");
  });
});

describe("the privacy notice", () => {
  let site: TestSite;
  beforeAll(async () => {
    site = await startTestSite(db);
  }, 60_000);
  afterAll(() => site?.close());

  it("names check-ins, no-shows and the duty roster from version 3 on; version 2 stays as published", async () => {
    expect(CURRENT_NOTICE.version).toBeGreaterThanOrEqual(3);
    // Booleans, not the page: a failure here would print the whole document.
    const has = (html: string, ...texts: string[]) => texts.map((t) => html.includes(t));
    const current = await (await site.request("/privacy")).text();
    expect(
      has(
        current,
        `href="${noticePath(CURRENT_NOTICE.version)}"`,
        "Your check-ins at races, from your entry link or by an admin, and the races you entered but did not come to",
        "The duties you take at a race (race officer, lap counter, starter, rescue boat)",
        "Until the race&#x27;s results are official, then 2 years, then deleted.",
      ),
    ).toEqual([true, true, true, true]);
    const v2 = await (await site.request(noticePath(2))).text();
    expect(has(v2, "<title>Privacy notice, version 2</title>", "no longer in force", "check-ins", "on duty")).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("an erasure", () => {
  it("removes the racer's check-ins and taps, so no no-show of theirs is left, and keeps it so after a restore", async () => {
    const came = await createRace(db, { title: "Came Race", date: "2026-03-01" });
    const missed = await createRace(db, { title: "Missed Race", date: "2026-03-08" });
    const ema = await createCompetitor(db, { firstName: "Ema", lastName: "Erased" });
    const other = await createCompetitor(db);
    const absent = await createCompetitor(db);
    await enter(came.id, ema, other);
    await enter(missed.id, ema, other, absent);
    await checkIn(came.id, ema.id);
    await checkIn(missed.id, other.id);
    expect((await racerNoShows(db, [ema.id], TODAY)).get(ema.id)).toHaveLength(1);
    expect(await noShowCounts(db, [missed.id], TODAY)).toEqual(new Map([[missed.id, 2]]));

    const erased = await eraseRacerNow(db, ema.id, ADMIN);
    expect(erased).toMatchObject({ ok: true, removed: { checkIns: 1 } });
    expect(await checkInRows(ema.id)).toEqual([]);
    const taps = await db
      .select()
      .from(checkInTaps)
      .where(sql`${checkInTaps.outcome}->>'competitorId' = ${String(ema.id)}`);
    expect(taps).toEqual([]);
    // Her entry at the race she missed stays with the race's history, her no-show does not.
    expect(await racerNoShows(db, [ema.id], TODAY)).toEqual(new Map());
    expect(await noShowCounts(db, [missed.id], TODAY)).toEqual(new Map([[missed.id, 1]]));
    // A phone's tap on her afterwards makes no new record.
    const late = await applyTap(db, came.id, { intent: "in", competitorId: ema.id, basis: 0, key: newTapKey() }, ADMIN);
    expect(late.kind).toBe("not-entered");
    expect(await checkInRows(ema.id)).toEqual([]);

    // A backup from before the erasure brings her row back: the ledger's re-run takes it again.
    await db
      .insert(raceCheckIns)
      .values({ raceId: came.id, competitorId: ema.id, checkedInAt: new Date(), checkedInVia: "link" });
    expect(await reapplyErasures(db, ADMIN)).toBeGreaterThanOrEqual(1);
    expect(await checkInRows(ema.id)).toEqual([]);
    // Everyone else's check-ins are as they were.
    expect(await checkInRows(other.id)).toHaveLength(1);
  });
});

describe("a merge of two records of one racer", () => {
  it("moves the check-ins, keeping the checked-in one where both records have one at a race", async () => {
    const both = await createRace(db, { title: "Both Race", date: "2026-02-01" });
    const onlyGone = await createRace(db, { title: "Gone Race", date: "2026-02-08" });
    const keep = await createCompetitor(db, { firstName: "Mara", lastName: "Merge", boatNumber: "61" });
    const gone = await createCompetitor(db, { firstName: "mara", lastName: "merge", boatNumber: "61" });
    const rival = await createCompetitor(db);
    await enter(both.id, keep, gone, rival);
    await enter(onlyGone.id, gone, rival);
    await checkIn(both.id, keep.id, true); // checked in, then undone
    await checkIn(both.id, gone.id);
    await checkIn(onlyGone.id, gone.id);
    await createResult(db, { raceId: onlyGone.id, competitorId: rival.id, position: 1 });

    const merged = await mergeCompetitors(db, keep.id, gone.id, ADMIN);
    expect(merged.ok).toBe(true);
    expect(await checkInRows(gone.id)).toEqual([]);
    const kept = await db
      .select({ raceId: raceCheckIns.raceId, checkedIn: sql<boolean>`undone_at IS NULL` })
      .from(raceCheckIns)
      .where(eq(raceCheckIns.competitorId, keep.id))
      .orderBy(raceCheckIns.raceId);
    expect(kept).toEqual([
      { raceId: both.id, checkedIn: true },
      { raceId: onlyGone.id, checkedIn: true },
    ]);
    // Checked in at both races under one record or the other: no no-show for the racer.
    expect(await racerNoShows(db, [keep.id], TODAY)).toEqual(new Map());
  });
});

describe("the racer's own export", () => {
  it("lists their check-ins, how each was made and any undo, and nobody else's", async () => {
    const first = await createRace(db, { title: "Export Race One", date: "2026-01-10" });
    const second = await createRace(db, { title: "Export Race Two", date: "2026-01-17" });
    const racer = await createCompetitor(db);
    const other = await createCompetitor(db);
    await enter(first.id, racer, other);
    await enter(second.id, racer);
    await checkIn(first.id, racer.id);
    await checkIn(first.id, other.id);
    await checkIn(second.id, racer.id, true);

    const data = await racerData(db, racer.id);
    expect(data!.sections.checkIns).toEqual([
      { race: "Export Race One", date: "2026-01-10", checkedInAt: expect.any(String), how: "By the club", undoneAt: null },
      {
        race: "Export Race Two",
        date: "2026-01-17",
        checkedInAt: expect.any(String),
        how: "By the club",
        undoneAt: expect.any(String),
      },
    ]);
  });
});

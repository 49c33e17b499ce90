/**
 * Retention by inactivity (issue 35 item 5), with the clock moved in the database (rows backdated):
 * a racer with no entry or result for the club's years gets one "keep my details" e-mail, and only
 * one; pressing the link's button keeps their details and starts their clock again (audited); not
 * kept, 30 days later their contact details go, in the audit log and the outbox too, while their
 * name and results stay; an active racer, an erased one, and one who raced since are left alone.
 * The club setting changes the years; the keep link is single-use over real HTTP.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_ACTOR } from "~/domain/platform/audit.server";
import { eraseRacerNow } from "~/domain/privacy/erasure.server";
import { removeInactiveContacts, runInactivityRetention, sendInactivityNotices } from "~/domain/privacy/inactivity.server";
import { saveCompetitor } from "~/domain/racer/competitors.server";
import { KEEP_DETAILS_KIND, KEEP_TEXTS } from "~/lib/privacy/inactivity";
import { RETENTION } from "~/lib/platform/retention";
import { form, startTestSite, type TestSite } from "../support/admin-http";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration, createResult } from "../support/factories";

const { db } = await useTestDatabase();
const CLUB = { clubName: "Test Club", clubEmail: "info@example.org", siteUrl: "http://localhost" };
const ACTOR = { adminId: null, username: "inactivity-owner", address: "203.0.113.8" };
let site: TestSite;

beforeAll(async () => {
  site = await startTestSite(db);
}, 120_000);
afterAll(() => site?.close());

/** A racer registered `yearsAgo` years ago who last raced then (or never, with no race). */
async function racerLastSeen(
  yearsAgo: number,
  { raced = true, ...overrides }: { raced?: boolean; email?: string; firstName?: string } = {},
) {
  const racer = await createCompetitor(db, overrides);
  await db.execute(
    sql`UPDATE competitors SET created_at = now() - make_interval(years => ${yearsAgo}, days => 10) WHERE id = ${racer.id}`,
  );
  if (raced) {
    const race = await createRace(db, {
      title: `Old Regatta ${racer.id}`,
      status: "completed",
      date: sql`(now() - make_interval(years => ${yearsAgo}))::date` as never,
    });
    await createResult(db, { raceId: race.id, competitorId: racer.id, position: 1 });
  }
  return racer;
}

const mails = async (to: string) =>
  (
    await db.execute<{ kind: string; body: string }>(
      sql`SELECT kind, body FROM outbox_messages WHERE recipient = ${to} ORDER BY id`,
    )
  ).rows;
const record = async (id: number) =>
  (
    await db.execute<{
      first_name: string;
      last_name: string;
      email: string | null;
      telephone: string | null;
      boat_name: string | null;
    }>(sql`SELECT first_name, last_name, email, telephone, boat_name FROM competitors WHERE id = ${id}`)
  ).rows[0]!;
const kinds = async (id: number) =>
  (
    await db.execute<{ kind: string }>(
      sql`SELECT kind FROM audit_log WHERE record_type = 'competitor' AND record_id = ${String(id)} ORDER BY id`,
    )
  ).rows.map((r) => r.kind);
/** The days after the e-mail pass: the notice's removal time moved into the past. */
const daysPass = (id: number) =>
  db.execute(
    sql`UPDATE inactivity_notices SET remove_after = now() - interval '1 minute', sent_at = sent_at - make_interval(days => ${RETENTION.inactivityGraceDays}) WHERE competitor_id = ${id}`,
  );
const linkOf = (body: string) => /\/privacy\/keep\/([A-Za-z0-9_-]{43})/.exec(body)![1]!;

describe("retention by inactivity", () => {
  it("e-mails an inactive racer once, and leaves active, recent and erased racers alone", async () => {
    const idle = await racerLastSeen(4, { email: "idle.ian@example.net", firstName: "Ian" });
    const active = await racerLastSeen(1, { email: "active.ada@example.net" });
    const newcomer = await racerLastSeen(0, { raced: false, email: "new.nell@example.net" });
    const entered = await racerLastSeen(5, { email: "entered.ed@example.net" });
    const upcoming = await createRace(db, {
      title: "Next Sprint",
      status: "upcoming",
      date: sql`(now() + interval '10 days')::date` as never,
    });
    await createRegistration(db, { raceId: upcoming.id, competitorId: entered.id, boatClass: "Open" });
    const erased = await racerLastSeen(6, { email: "erased.eve@example.net" });
    await eraseRacerNow(db, erased.id, ACTOR);

    await sendInactivityNotices(db, CLUB, 3);
    const sent = await mails("idle.ian@example.net");
    expect(sent.map((m) => m.kind)).toEqual([KEEP_DETAILS_KIND]);
    expect(sent[0]!.body).toContain("Hello Ian");
    expect(sent[0]!.body).toContain("for 3 years");
    expect(sent[0]!.body).toContain(`in ${RETENTION.inactivityGraceDays} days`);
    for (const other of ["active.ada@example.net", "new.nell@example.net", "entered.ed@example.net"])
      expect(await mails(other)).toEqual([]);
    const { rows } = await db.execute(
      sql`SELECT 1 FROM inactivity_notices WHERE competitor_id IN (${active.id}, ${newcomer.id}, ${entered.id}, ${erased.id})`,
    );
    expect(rows).toEqual([]);
    expect(await kinds(idle.id)).toContain("privacy.inactivity-notice");

    // Hourly runs send nothing more.
    await runInactivityRetention(db, CLUB, 3);
    await sendInactivityNotices(db, CLUB, 3);
    expect(await mails("idle.ian@example.net")).toHaveLength(1);
    // The club's setting decides the years: at 6, a racer last seen 4 years ago would not be asked.
    const fiveYears = await racerLastSeen(4, { email: "five.fay@example.net" });
    await sendInactivityNotices(db, CLUB, 6);
    expect(await mails("five.fay@example.net")).toEqual([]);
    void fiveYears;
  });

  it("removes the contact details 30 days later, not before, keeping the name and results; in the log and outbox too", async () => {
    const racer = await racerLastSeen(5, { email: "gone.gail@example.net", firstName: "Gail" });
    // An admin's change the log kept, with the address and telephone as its values.
    await saveCompetitor(
      db,
      {
        id: racer.id,
        firstName: "Gail",
        lastName: racer.lastName,
        email: "gone.gail@example.net",
        telephone: "441-555-7777",
        boatName: "Gail's Gull",
        boatNumber: racer.boatNumber,
        boatClasses: ["Open"],
      } as never,
      ACTOR,
    );
    await sendInactivityNotices(db, CLUB, 3);
    const sent = await mails("gone.gail@example.net");
    expect(sent).toHaveLength(1);
    const token = linkOf(sent[0]!.body);
    expect(await removeInactiveContacts(db)).toBe(0);
    expect((await record(racer.id)).email).toBe("gone.gail@example.net");

    // A message still waiting for them when the details go is never sent, and says why.
    await db.execute(
      sql`INSERT INTO outbox_messages (kind, recipient, subject, body) VALUES ('race-reminder', 'gone.gail@example.net', 'Entries close tomorrow', 'Hello')`,
    );
    await daysPass(racer.id);
    await removeInactiveContacts(db);
    const { rows: waiting } = await db.execute(sql`SELECT status, last_error FROM outbox_messages WHERE kind = 'race-reminder'`);
    expect(waiting).toEqual([
      { status: "failed", last_error: "Not sent: the recipient's contact details were removed after years without racing." },
    ]);
    const after = await record(racer.id);
    expect(after).toMatchObject({
      first_name: "Gail",
      last_name: racer.lastName,
      email: null,
      telephone: null,
      boat_name: "Gail's Gull",
    });
    // Results stay under the name, not an anonymous label; the record is not erased.
    const { rows: results } = await db.execute(sql`SELECT 1 FROM race_results WHERE competitor_id = ${racer.id}`);
    expect(results).toHaveLength(1);
    expect((await db.execute(sql`SELECT 1 FROM erasures WHERE competitor_id = ${racer.id}`)).rows).toEqual([]);
    expect((await site.request(`/competitor/${racer.id}`)).status).toBe(200);
    // No trace of the address or telephone in the audit log or the outbox; the name stays in the log.
    const { rows: traces } = await db.execute(sql`
      SELECT 1 FROM audit_log WHERE changes::text ILIKE '%gone.gail@example.net%' OR changes::text LIKE '%441-555-7777%'
      UNION ALL SELECT 1 FROM outbox_messages WHERE recipient ILIKE 'gone.gail@example.net' OR body ILIKE '%gone.gail@example.net%'`);
    expect(traces).toEqual([]);
    expect(await kinds(racer.id)).toContain("privacy.inactivity-removal");
    // Too late to keep them: the link says so.
    expect((await site.request(`/privacy/keep/${token}`)).status).toBe(410);
    expect((await site.request(`/privacy/keep/${token}`, { method: "POST", body: form({ intent: "keep" }) })).status).toBe(410);
    // Nothing left to write to, nothing more to send.
    await sendInactivityNotices(db, CLUB, 3);
    expect((await db.execute(sql`SELECT 1 FROM inactivity_notices WHERE competitor_id = ${racer.id}`)).rows).toHaveLength(1);
  });

  it("a racer who raced after the e-mail keeps their details", async () => {
    const racer = await racerLastSeen(4, { email: "back.bo@example.net" });
    await sendInactivityNotices(db, CLUB, 3);
    const race = await createRace(db, { title: "Comeback Cup", status: "completed", date: sql`current_date` as never });
    await createResult(db, { raceId: race.id, competitorId: racer.id, position: 2 });
    await daysPass(racer.id);
    await removeInactiveContacts(db);
    expect((await record(racer.id)).email).toBe("back.bo@example.net");
  });

  it("keep my details: the link's button keeps them once, audited, and starts the clock again", async () => {
    const racer = await racerLastSeen(4, { email: "keep.kim@example.net" });
    await sendInactivityNotices(db, CLUB, 3);
    const token = linkOf((await mails("keep.kim@example.net"))[0]!.body);
    const page = await site.request(`/privacy/keep/${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(KEEP_TEXTS.button);
    // Opening the link changes nothing: only the button does.
    expect((await db.execute(sql`SELECT kept_at FROM inactivity_notices WHERE competitor_id = ${racer.id}`)).rows).toEqual([
      { kept_at: null },
    ]);
    const kept = await site.request(`/privacy/keep/${token}`, { method: "POST", body: form({ intent: "keep" }) });
    expect(kept.status).toBe(200);
    expect((await kept.text()).replaceAll("&#x27;", "'")).toContain(KEEP_TEXTS.kept.slice(0, 20));
    expect(await kinds(racer.id)).toContain("privacy.keep");
    // Spent: a second press changes nothing and says so again; the page too.
    const again = await site.request(`/privacy/keep/${token}`, { method: "POST", body: form({ intent: "keep" }) });
    expect(again.status).toBe(200);
    expect((await kinds(racer.id)).filter((k) => k === "privacy.keep")).toHaveLength(1);
    expect(await (await site.request(`/privacy/keep/${token}`)).text()).not.toContain('value="keep"');
    expect((await site.request(`/privacy/keep/${"x".repeat(43)}`)).status).toBe(404);
    expect((await site.request(`/privacy/keep/${token}`, { method: "POST", body: form({ intent: "other" }) })).status).toBe(400);
    // The days pass: kept, nothing is removed, and no new e-mail until years more without racing.
    await daysPass(racer.id);
    await removeInactiveContacts(db);
    await sendInactivityNotices(db, CLUB, 3);
    expect((await record(racer.id)).email).toBe("keep.kim@example.net");
    expect(await mails("keep.kim@example.net")).toHaveLength(1);
    // Years later, still not racing: one new e-mail.
    await db.execute(
      sql`UPDATE inactivity_notices SET kept_at = now() - interval '4 years', sent_at = now() - interval '4 years 1 month' WHERE competitor_id = ${racer.id}`,
    );
    await sendInactivityNotices(db, CLUB, 3);
    expect(await mails("keep.kim@example.net")).toHaveLength(2);
  });

  it("the club setting is edited with the other settings and defaults to 3", async () => {
    const { readClub } = await import("~/domain/admin/club-settings.server");
    const ENV = { clubName: "Test Club", clubEmail: "info@example.org", timeZone: "Atlantic/Bermuda" };
    expect((await readClub(db, ENV)).inactiveYears).toBe(3);
    void NO_ACTOR;
  });
});

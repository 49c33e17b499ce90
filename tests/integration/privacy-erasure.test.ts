/**
 * Erasing a racer at their request (issue 35 item 3, decision 0053), on the demo club over real
 * HTTP: the championship stays true (standings, points and every season's grid, in the API and the
 * CSVs, identical but for the anonymous label; every other racer's profile too), no trace of the
 * racer's name, e-mail or telephone is left in any public page, API answer, CSV, feed, preview
 * picture's text, outbox row or audit entry; their pages answer 410; entries to races not yet run,
 * links, pending changes, consent and e-mail preferences are gone; a second erasure is harmless;
 * the audit log stays append-only for everything else; and the ledger is re-applied after an
 * older backup is restored, from the admin area or into an empty database at the shell.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "~/db/demo-data";
import { createBackup, encodeBackup, restoreBackup } from "~/domain/admin/backup.server";
import { writeBackupFile } from "~/domain/admin/backup-files.server";
import { replaceClubData } from "~/domain/admin/restore.server";
import { NO_ACTOR } from "~/domain/platform/audit.server";
import { eraseRacerNow } from "~/domain/privacy/erasure.server";
import { saveCompetitor } from "~/domain/racer/competitors.server";
import { racerProfile } from "~/domain/racer-profile/profile.server";
import { getRace, resultsForRaces } from "~/domain/races/public-queries.server";
import { getCompetitor } from "~/domain/racer/public-racer.server";
import { raceCard, racerCard } from "~/lib/link-preview/preview-card";
import { anonymousLabel, anonymousName, ERASED_RECORD_REFUSAL } from "~/lib/racer/erased";
import { listDuplicates } from "~/domain/racer/merge.server";
import { createSession } from "~/domain/admin/auth.server";
import { form, startTestSite, type TestSite } from "../support/admin-http";
import { createTestDatabase, useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createHeat, createRace, createRegistration } from "../support/factories";

const TODAY = "2026-06-15";
const { db, pool, url } = await useTestDatabase();
const ACTOR = { adminId: null, username: "privacy-owner", address: "203.0.113.7" };
let site: TestSite;
const dataDir = await mkdtemp(path.join(os.tmpdir(), "erasure-"));

await seedDemoData(db, { today: TODAY });

// The racer who asks: the demo racer with the most results, given a name that appears nowhere else.
const { rows: ranked } = await db.execute<{ id: number }>(sql`
  SELECT competitor_id AS id FROM race_results GROUP BY competitor_id ORDER BY count(*) DESC, competitor_id LIMIT 1`);
const targetId = ranked[0]!.id;
const NAME = { firstName: "Philippa", lastName: "Quennell-Ashdown" };
const EMAIL = "philippa.qa@example.net";
const OLD_EMAIL = "pqa.older@example.net";
const TELEPHONE = "441-555-0199";
const FULL = `${NAME.firstName} ${NAME.lastName}`;
// Her details as an admin saved them twice: the audit log holds the older e-mail as "before".
const [target] = await db
  .execute<{ boat_number: string }>(sql`SELECT boat_number FROM competitors WHERE id = ${targetId}`)
  .then((r) => r.rows);
const base = {
  id: targetId,
  ...NAME,
  telephone: TELEPHONE,
  boatName: "Quennell's Comet",
  boatNumber: target!.boat_number,
  boatColour: "red",
  boatClasses: ["Open"],
};
await saveCompetitor(db, { ...base, email: OLD_EMAIL } as never, ACTOR);
await saveCompetitor(db, { ...base, email: EMAIL } as never, ACTOR);
await db.execute(
  sql`UPDATE competitors SET notify_results = true, notify_reminders = true, pipa_consent_at = now() WHERE id = ${targetId}`,
);

// A race still to come, which she entered and is drawn in, with a bystander beside her.
const { rows: others } = await db.execute<{ id: number }>(sql`SELECT id FROM competitors WHERE id <> ${targetId} ORDER BY id`);
const otherIds = others.map((r) => r.id);
const future = await createRace(db, { title: "Midsummer Sprint", date: "2026-07-20", status: "upcoming" });
await createRegistration(db, { raceId: future.id, competitorId: targetId, boatClass: "Open" });
await createRegistration(db, { raceId: future.id, competitorId: otherIds[0]!, boatClass: "Open" });
await createHeat(db, { raceId: future.id, boatClass: "Open", heatNumber: 1, competitorIds: [targetId, otherIds[0]!] });
await db.execute(
  sql`INSERT INTO race_entry_links (token_hash, race_id, competitor_id) VALUES ('erase-entry-hash', ${future.id}, ${targetId})`,
);
await db.execute(
  sql`INSERT INTO message_links (token_hash, competitor_id, expires_at) VALUES ('erase-message-hash', ${targetId}, now() + interval '1 day')`,
);
await db.execute(sql`
  INSERT INTO pending_registration_changes (token_hash, competitor_id, first_name, last_name, boat_number, boat_classes, email, telephone, expires_at)
  VALUES ('erase-pending-hash', ${targetId}, 'Pippa', 'Quennell', '9', ARRAY['Open'], 'pippa.q@example.net', '441-555-0123', now() + interval '1 day')`);
// E-mails: one sent to her, one waiting, and one to someone else that names her.
const mail = (recipient: string, subject: string, body: string, status = "pending") =>
  db.execute(
    sql`INSERT INTO outbox_messages (kind, recipient, subject, body, status) VALUES ('registration', ${recipient}, ${subject}, ${body}, ${status})`,
  );
await mail(EMAIL, `Welcome, ${NAME.firstName}`, `Hello ${FULL}, your number is on file.`, "sent");
await mail(EMAIL.toUpperCase(), "Your entry", "Manage your entry: ...");
await mail("someone.else@example.org", "Pit crew", `${FULL} will share your pit.`);

const label = () => anonymousLabel(1);
const TRACES = [FULL, NAME.lastName, EMAIL, OLD_EMAIL, TELEPHONE, "pippa.q@example.net", "441-555-0123", "Quennell's Comet"];
const traceIn = (text: string) => TRACES.filter((t) => text.toLowerCase().includes(t.toLowerCase()));

beforeAll(async () => {
  site = await startTestSite(db, { pinnedToday: TODAY });
}, 60_000);
afterAll(async () => {
  await site?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = async (p: string) => {
  const response = await site.request(p);
  return { status: response.status, text: await response.text() };
};

/** Every public address of the club: pages, CSVs, feeds, the API. */
async function publicPaths(): Promise<string[]> {
  const { rows: races } = await db.execute<{ id: number }>(sql`SELECT id FROM races ORDER BY id`);
  const standings = JSON.parse((await get("/api/v1/standings")).text) as { seasons: { key: string }[]; classes: string[] };
  const seasons = standings.seasons.map((s) => s.key);
  return [
    "/",
    "/results",
    "/standings",
    "/standings.csv",
    "/calendar",
    "/calendar.ics",
    "/news",
    "/news.atom",
    "/race-registration",
    "/api/v1/races",
    "/api/v1/calendar",
    "/api/v1/standings",
    ...seasons.flatMap((s) => [`/standings?season=${s}`, `/standings.csv?season=${s}`, `/api/v1/standings?season=${s}`]),
    ...standings.classes.flatMap((c) => [`/standings?class=${c}`, `/api/v1/standings?class=${c}`]),
    ...races.flatMap(({ id }) => [
      `/results/${id}`,
      `/results/${id}/results.csv`,
      `/calendar/${id}/event.ics`,
      `/api/v1/races/${id}`,
    ]),
    ...otherIds.flatMap((id) => [`/competitor/${id}`, `/competitor/${id}/results.csv`, `/api/v1/racers/${id}`]),
  ];
}

/** What must be identical before and after, but for the name: the API's numbers and the CSVs. */
async function championshipFigures(paths: string[]): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  for (const p of paths.filter((p) => p.startsWith("/api/") || p.endsWith(".csv"))) figures[p] = (await get(p)).text;
  return figures;
}

/** The text each preview picture draws (its model: the PNG is drawn from it, outlines only). */
async function previewTexts(): Promise<string> {
  const { rows: races } = await db.execute<{ id: number }>(sql`SELECT DISTINCT race_id AS id FROM race_results ORDER BY 1`);
  const cards: unknown[] = [];
  for (const { id } of races) cards.push(raceCard("Test Club", (await getRace(db, id))!, await resultsForRaces(db, [id])));
  for (const id of otherIds.slice(0, 5)) {
    const racer = (await getCompetitor(db, id))!;
    cards.push(racerCard("Test Club", racer, await racerProfile(db, id, { today: TODAY })));
  }
  return JSON.stringify(cards);
}

/** The database's own message of a failed query (drizzle wraps it as the cause). */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const e = error as { message: string; cause?: { message?: string } };
    return e.cause?.message ?? e.message;
  }
  return "not refused";
}

/** The races she has a result in, newest first. */
const herRaces = async () =>
  (
    await db.execute<{ id: number }>(
      sql`SELECT r.id FROM races r WHERE r.id IN (SELECT race_id FROM race_results WHERE competitor_id = ${targetId}) ORDER BY r.date DESC, r.id DESC`,
    )
  ).rows.map((r) => r.id);

const count = async (query: ReturnType<typeof sql>) => (await db.execute<{ n: number }>(query)).rows[0]!.n;

let paths: string[];
let before: Record<string, string>;

describe("erasing a racer", () => {
  it("is refused for an unknown racer, changing nothing", async () => {
    expect(await eraseRacerNow(db, 99_999_999, ACTOR)).toEqual({ ok: false, reason: "not-found" });
    expect(await count(sql`SELECT count(*)::int AS n FROM erasures`)).toBe(0);
  });

  it("keeps the championship true: every figure, grid and other racer identical but for the label", async () => {
    paths = await publicPaths();
    before = await championshipFigures(paths);
    expect(Object.values(before).some((text) => text.includes(FULL))).toBe(true);
    const outcome = await eraseRacerNow(db, targetId, ACTOR);
    expect(outcome).toMatchObject({ ok: true, label: "Former racer 1", alreadyErased: false });
    const after = await championshipFigures(paths);
    // Her boat's name and number went with her (a boat name can name its owner): her row's Boat is blank.
    const boat = `Quennell's Comet #${target!.boat_number}`;
    // The API's link to her resource (now a 410) is null: the one other change.
    const link = `{"racer":"/api/v1/racers/${targetId}"}`;
    for (const p of Object.keys(before))
      expect(after[p], p).toBe(before[p]!.replaceAll(FULL, label()).replaceAll(boat, "").replaceAll(link, '{"racer":null}'));
  }, 120_000);

  it("leaves no trace of the name, e-mail or telephone in any public page, API answer, CSV, feed or picture", async () => {
    for (const p of paths) {
      const { status, text } = await get(p);
      expect(status, p).toBeLessThan(400);
      expect(traceIn(text), p).toEqual([]);
    }
    expect(traceIn(await previewTexts())).toEqual([]);
    expect(await previewTexts()).toContain(label());
  }, 120_000);

  it("her label is plain text: no page links her profile, no API answer links her resource", async () => {
    const herPage = new RegExp(`/competitor/${targetId}(?![0-9])`);
    const herResource = new RegExp(`/api/v1/racers/${targetId}(?![0-9])`);
    const labelled: string[] = [];
    for (const p of paths) {
      const { text } = await get(p);
      expect(text, p).not.toMatch(herPage);
      expect(text, p).not.toMatch(herResource);
      if (text.includes(`class="unlinked"`) && text.includes(label())) labelled.push(p);
    }
    // Results tables (race page, archive, home) and the standings (every result, a season's grid) still show her.
    for (const p of ["/", "/results", "/standings", `/results/${(await herRaces())[0]}`]) expect(labelled, p).toContain(p);
    expect(labelled.some((p) => p.startsWith("/standings?season="))).toBe(true);
  }, 120_000);

  it("her pages are gone (410), and she is offered nowhere", async () => {
    for (const p of [
      `/competitor/${targetId}`,
      `/competitor/${targetId}/results.csv`,
      `/competitor/${targetId}/preview.png`,
      `/competitor/${targetId}/vs/${otherIds[0]}`,
      `/competitor/${otherIds[0]}/vs/${targetId}`,
      `/api/v1/racers/${targetId}`,
    ]) {
      const { status, text } = await get(p);
      expect(status, p).toBe(410);
      expect(traceIn(text), p).toEqual([]);
    }
    expect((await get(`/competitor/${targetId}`)).text).toContain("erased at their request");
    expect((await get(`/competitor/${otherIds[0]}`)).text).not.toContain(`value="${targetId}"`);
    expect((await get("/race-registration")).text).not.toContain(label());
  });

  it("removes contact details, consent, preferences, future entries, links and pending changes; keeps past results", async () => {
    const { rows } = await db.execute(sql`SELECT * FROM competitors WHERE id = ${targetId}`);
    expect(rows[0]).toMatchObject({
      first_name: "Former",
      last_name: "racer 1",
      email: null,
      telephone: null,
      boat_name: null,
      boat_number: "",
      boat_colour: null,
      pipa_consent: false,
      pipa_consent_at: null,
      notify_results: false,
      notify_reminders: false,
    });
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM race_registrations WHERE competitor_id = ${targetId} AND race_id = ${future.id}`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM race_registrations WHERE competitor_id = ${otherIds[0]} AND race_id = ${future.id}`,
      ),
    ).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM heat_entries WHERE competitor_id = ${targetId}`)).toBe(0);
    for (const table of ["race_entry_links", "message_links", "pending_registration_changes"]) {
      expect(
        await count(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE competitor_id = ${targetId}`),
        table,
      ).toBe(0);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM race_results WHERE competitor_id = ${targetId}`)).toBeGreaterThan(0);
  });

  it("the outbox and the audit log keep no value that named her; the waiting e-mail is never sent", async () => {
    const { rows: outbox } = await db.execute<{ recipient: string; status: string }>(
      sql`SELECT * FROM outbox_messages ORDER BY id`,
    );
    expect(traceIn(JSON.stringify(outbox))).toEqual([]);
    expect(outbox.filter((m) => m.recipient === "[erased]").map((m) => m.status)).toEqual(["sent", "failed"]);
    expect(outbox.find((m) => m.recipient === "someone.else@example.org")).toMatchObject({
      status: "pending",
      subject: "Pit crew",
      body: "[erased]",
    });
    const { rows: audit } = await db.execute<{ kind: string; changes: unknown }>(
      sql`SELECT kind, changes FROM audit_log ORDER BY id`,
    );
    expect(traceIn(JSON.stringify(audit))).toEqual([]);
    const updates = audit.filter((a) => a.kind === "competitor.update");
    expect(updates.at(-1)!.changes).toMatchObject({ email: { before: "[erased]", after: "[erased]" } });
    const erase = audit.find((a) => a.kind === "competitor.erase")!;
    expect(erase.changes).toMatchObject({ futureEntries: { before: null, after: 1 }, drawPlaces: { before: null, after: 1 } });
  });

  it("a second erasure is harmless: nothing changes, no entry", async () => {
    const snapshot = async () =>
      (
        await db.execute<{ t: string }>(
          sql`SELECT (SELECT json_agg(c ORDER BY id) FROM competitors c)::text || (SELECT count(*) FROM audit_log)::text AS t`,
        )
      ).rows[0]!.t;
    const was = await snapshot();
    expect(await eraseRacerNow(db, targetId, ACTOR)).toMatchObject({ ok: true, label: "Former racer 1", alreadyErased: true });
    expect(await snapshot()).toBe(was);
  });

  it("the audit log stays append-only: no UPDATE outside the erasure's path, and that path only writes [erased]", async () => {
    expect(await refusal(db.execute(sql`UPDATE audit_log SET changes = '{}'::jsonb`))).toMatch(/append-only/);
    expect(
      await refusal(
        db.transaction(async (tx) => {
          await tx.execute(sql`SELECT set_config('audit_log.erasing', 'on', true)`);
          await tx.execute(sql`UPDATE audit_log SET changes = '{"x": {"before": 1, "after": 2}}'::jsonb`);
        }),
      ),
    ).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`SELECT erase_from_audit_log(${otherIds[1]!}, ARRAY['a']::text[])`))).toMatch(/ledger/);
  });
});

describe("restoring a backup taken before the erasure", () => {
  it("from the admin area: the ledger is kept and re-applied in the restore's transaction", async () => {
    // A backup as it was before: her record, entry and e-mails back as they stood.
    const older = await createBackup(pool);
    const row = (older.tables.competitors as { id: number; first_name: string; last_name: string; email: string | null }[]).find(
      (c) => c.id === targetId,
    )!;
    Object.assign(row, { first_name: NAME.firstName, last_name: NAME.lastName, email: EMAIL });
    older.tables.erasures = [];
    older.tables.race_registrations = [
      ...older.tables.race_registrations!,
      { id: 999_001, race_id: future.id, competitor_id: targetId, boat_class: "Superboat", created_at: new Date().toISOString() },
    ];
    await replaceClubData(pool, older, ACTOR, { name: "older.json.gz", proven: false, restorePoint: "none" });
    const { rows } = await db.execute<{ first_name: string; email: string | null }>(
      sql`SELECT first_name, email FROM competitors WHERE id = ${targetId}`,
    );
    expect(rows[0]).toEqual({ first_name: "Former", email: null });
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM race_registrations WHERE competitor_id = ${targetId} AND race_id = ${future.id}`,
      ),
    ).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_log WHERE kind = 'erasure.reapply'`)).toBe(1);
    expect((await get(`/competitor/${targetId}`)).status).toBe(410);
    for (const p of ["/standings", "/api/v1/standings", "/results"]) expect(traceIn((await get(p)).text), p).toEqual([]);
  });

  it("at the shell into an empty database: the newest kept backup's ledger is re-applied", async () => {
    // The older backup (no ledger, her name in it) and, in the backups directory, a newer one with the ledger.
    const older = await createBackup(pool);
    const row = (older.tables.competitors as { id: number; first_name: string; last_name: string; email: string | null }[]).find(
      (c) => c.id === targetId,
    )!;
    Object.assign(row, { first_name: NAME.firstName, last_name: NAME.lastName, email: EMAIL });
    older.tables.erasures = [];
    older.tables.audit_log = [
      ...older.tables.audit_log!,
      {
        id: 999_002,
        at: new Date().toISOString(),
        kind: "competitor.update",
        record_type: "competitor",
        record_id: String(targetId),
        changes: { email: { before: null, after: EMAIL } },
      },
    ];
    await writeBackupFile(pool, path.join(dataDir, "backups"));
    const { newestLedger } = await import("~/domain/admin/backup-files.server");
    const ledger = await newestLedger(path.join(dataDir, "backups"));
    expect(ledger.map((r) => r.competitor_id)).toEqual([targetId]);

    const fresh = await createTestDatabase();
    try {
      await restoreBackup(fresh.pool, JSON.parse(JSON.stringify(older)) as typeof older, NO_ACTOR, ledger);
      const { rows } = await fresh.pool.query<{ first_name: string; email: string | null }>(
        "SELECT first_name, email FROM competitors WHERE id = $1",
        [targetId],
      );
      expect(rows[0]).toEqual({ first_name: "Former", email: null });
      const { rows: audit } = await fresh.pool.query<{ changes: unknown }>("SELECT changes FROM audit_log");
      expect(traceIn(JSON.stringify(audit))).toEqual([]);
      expect(encodeBackup(await createBackup(fresh.pool)).length).toBeGreaterThan(0);
      const dump = JSON.stringify((await createBackup(fresh.pool)).tables);
      expect(traceIn(dump)).toEqual([]);
    } finally {
      await fresh.drop();
    }
  }, 60_000);
});

describe("the owner's privacy screen", () => {
  it("reviews, then erases a racer who asked on paper; a results officer may not; bad input changes nothing", async () => {
    const { admin: owner } = await createAdmin(db, "privacy-owner", "a long owner password");
    const { admin: officer } = await createAdmin(db, "privacy-officer", "a long officer password", { role: "results_officer" });
    const cookie = `admin_session=${await createSession(db, owner.id)}`;
    const officerCookie = `admin_session=${await createSession(db, officer.id)}`;
    const victim = otherIds[2]!;
    const { rows } = await db.execute<{ name: string }>(
      sql`SELECT first_name || ' ' || last_name AS name FROM competitors WHERE id = ${victim}`,
    );
    const name = rows[0]!.name;

    const page = await site.request("/admin/privacy", { cookie });
    expect(page.status).toBe(200);
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`${label()} (#${targetId}), erased on`);
    expect(html).toContain(`value="${victim}"`);
    expect(html).not.toContain(`value="${targetId}"`);

    const review = (await (await site.request(`/admin/privacy?erase=${victim}`, { cookie })).text()).replaceAll("<!-- -->", "");
    expect(review).toContain(`Erase ${name}?`);
    expect(review).toContain(`name="competitorId" value="${victim}"`);
    for (const bad of ["abc", "99999999", "-1"])
      expect((await site.request(`/admin/privacy?erase=${bad}`, { cookie })).status).toBe(404);
    expect((await site.request("/admin/privacy", { cookie: officerCookie })).status).toBe(403);

    const erasures = () => count(sql`SELECT count(*)::int AS n FROM erasures`);
    const was = await erasures();
    const post = (values: Record<string, string | number>, c = cookie) =>
      site.request("/admin/privacy", { method: "POST", cookie: c, body: form(values) });
    expect((await post({ intent: "erase", competitorId: victim }, officerCookie)).status).toBe(403);
    for (const values of [
      { intent: "erase", competitorId: "x" },
      { intent: "erase", competitorId: 99_999_999 },
      { intent: "other", competitorId: victim },
    ]) {
      const response = await post(values);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await erasures()).toBe(was);

    const done = await post({ intent: "erase", competitorId: victim });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/admin/privacy");
    expect(await erasures()).toBe(was + 1);
    expect((await get(`/competitor/${victim}`)).status).toBe(410);
    const { rows: entry } = await db.execute<{ admin_username: string }>(
      sql`SELECT admin_username FROM audit_log WHERE kind = 'competitor.erase' AND record_id = ${String(victim)}`,
    );
    expect(entry).toEqual([{ admin_username: "privacy-owner" }]);
  });
});

describe("an erased record stays erased", () => {
  it("the competitor edit and the merge refuse it (409, nothing changed); the duplicates finder leaves it out", async () => {
    const { admin } = await createAdmin(db, "privacy-editor", "a long editor password");
    const cookie = `admin_session=${await createSession(db, admin.id)}`;
    const post = (p: string, values: Record<string, string | number>) =>
      site.request(p, { method: "POST", cookie, body: form(values) });
    const says = async (response: Response) => (await response.text()).replaceAll("&#x27;", "'").replaceAll("\\u0027", "'");
    const snapshot = async () =>
      (
        await db.execute<{ t: string }>(sql`
          SELECT (SELECT json_agg(c ORDER BY id) FROM competitors c)::text
            || (SELECT count(*) FROM race_results WHERE competitor_id = ${targetId})::text
            || (SELECT count(*) FROM audit_log)::text AS t`)
      ).rows[0]!.t;
    const was = await snapshot();

    // Her name and e-mail typed back into her record.
    const edit = await post("/admin/competitors", {
      id: targetId,
      ...NAME,
      email: EMAIL,
      telephone: TELEPHONE,
      boatNumber: "7",
      boatClasses: "Open",
    });
    expect(edit.status).toBe(409);
    expect(await says(edit)).toContain(ERASED_RECORD_REFUSAL);

    // Merged either way with a racer who still has a name.
    const other = otherIds[3]!;
    for (const [keep, merge] of [
      [other, targetId],
      [targetId, other],
    ]) {
      const merged = await post("/admin/competitors/duplicates", { keep: keep!, merge: merge! });
      expect(merged.status, `keep ${keep}`).toBe(409);
      expect(await says(merged)).toContain(ERASED_RECORD_REFUSAL);
      const review = await site.request(`/admin/competitors/duplicates?keep=${keep}&merge=${merge}`, { cookie });
      expect(review.status).toBe(200);
      const html = await says(review);
      expect(html).toContain(ERASED_RECORD_REFUSAL);
      expect(html).not.toContain('type="hidden" name="keep"');
    }
    expect(await snapshot()).toBe(was);

    // Someone else named like her label: without the rule, a same-name pair with her.
    const namesake = await createCompetitor(db, anonymousName(1));
    try {
      const pairs = await listDuplicates(db);
      expect(pairs.flatMap((p) => [p.a.id, p.b.id])).not.toContain(targetId);
      const page = await site.request("/admin/competitors/duplicates", { cookie });
      expect(await page.text()).not.toContain(`value="${targetId}"`);
    } finally {
      await db.execute(sql`DELETE FROM competitors WHERE id = ${namesake.id}`);
    }
  });
});

void url;

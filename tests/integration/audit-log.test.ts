/**
 * The audit log (issue 23 item 5) over real HTTP on real PostgreSQL: one entry per admin write,
 * in the write's transaction, with who, from where, which record and the before and after of the
 * changed fields only; every sign-in attempt without the password; append-only enforced by the
 * database itself; the owner's screen and its filters.
 */
import { asc, desc, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema";
import { createSession } from "~/domain/admin/auth.server";
import { LOGIN_FAILURE_LIMIT } from "~/domain/admin/login.server";
import { purgeAuditLog, recordAudit } from "~/domain/platform/audit.server";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace, createRegistration, createResult, createAdmin } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
let site: TestSite;
const PASSWORD = "the auditor's long password";
const { admin } = await createAdmin(db, "auditor", PASSWORD);
let cookie: string;

beforeAll(async () => {
  site = await startTestSite(db);
  cookie = `admin_session=${await createSession(db, admin.id)}`;
}, 60_000);
afterAll(() => site?.close());

async function lastId(): Promise<number> {
  const [row] = await db.select({ id: auditLog.id }).from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  return row?.id ?? 0;
}

/** Posts as the signed-in admin; returns the audit entries the request added. */
async function post(path: string, values: Record<string, string | number>, expectStatus = [200, 302]) {
  const since = await lastId();
  const response = await site.request(path, { method: "POST", body: form(values), cookie });
  expect(expectStatus).toContain(response.status);
  return db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(asc(auditLog.id));
}

const who = { adminId: admin.id, adminUsername: "auditor", address: expect.stringMatching(/127\.0\.0\.1/) };

describe("one entry per admin write, with the changed fields only", () => {
  it("competitor create, update, delete", async () => {
    const base = { intent: "save", firstName: "Ann", lastName: "Audit", email: "ann.audit@example.com", boatNumber: "77" };
    const created = await post("/admin/competitors", { ...base, boatClasses: "Open" });
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ ...who, kind: "competitor.create", recordType: "competitor" });
    expect(created[0]!.changes.firstName).toEqual({ before: null, after: "Ann" });
    const id = Number(created[0]!.recordId);

    const updated = await post("/admin/competitors", { ...base, id, boatNumber: "78", boatClasses: "Open" });
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ ...who, kind: "competitor.update", recordId: String(id) });
    expect(updated[0]!.changes).toEqual({ boatNumber: { before: "77", after: "78" } });

    const deleted = await post("/admin/competitors", { intent: "delete", id });
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toMatchObject({ ...who, kind: "competitor.delete", recordId: String(id) });
    expect(deleted[0]!.changes.lastName).toEqual({ before: "Audit", after: null });
  });

  it("a write whose entry cannot be written is undone: one transaction", async () => {
    const racer = await createCompetitor(db, { firstName: "Kept" });
    await db.execute(sql`ALTER TABLE audit_log ADD CONSTRAINT test_no_updates CHECK (kind <> 'competitor.update') NOT VALID`);
    try {
      const values = { intent: "save", id: racer.id, firstName: "Changed", lastName: "Name", email: "kept@example.com" };
      expect(await post("/admin/competitors", { ...values, boatNumber: "9", boatClasses: "Open" }, [500])).toEqual([]);
    } finally {
      await db.execute(sql`ALTER TABLE audit_log DROP CONSTRAINT test_no_updates`);
    }
    const [row] = await db
      .execute<{ first_name: string }>(sql`SELECT first_name FROM competitors WHERE id = ${racer.id}`)
      .then((r) => r.rows);
    expect(row!.first_name).toBe("Kept");
  });

  it("a refused write (duplicate e-mail) leaves no entry", async () => {
    const taken = await createCompetitor(db, { email: "taken@example.com" });
    const other = await createCompetitor(db);
    const entries = await post(
      "/admin/competitors",
      {
        intent: "save",
        id: other.id,
        firstName: "Xavier",
        lastName: "Young",
        email: taken.email!,
        boatNumber: "5",
        boatClasses: "Open",
      },
      [409],
    );
    expect(entries).toEqual([]);
  });

  it("race create, update, delete", async () => {
    const base = {
      intent: "save",
      title: "Audit Cup",
      date: "2026-07-01",
      location: "Lake",
      description: "A club race on the reach.",
      status: "upcoming",
    };
    const created = await post("/admin/races", base);
    expect(created).toMatchObject([{ ...who, kind: "race.create", recordType: "race" }]);
    const id = Number(created[0]!.recordId);
    const updated = await post("/admin/races", { ...base, id, title: "Audit Cup II" });
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ kind: "race.update", recordId: String(id) });
    expect(updated[0]!.changes).toEqual({ title: { before: "Audit Cup", after: "Audit Cup II" } });
    const deleted = await post("/admin/races", { intent: "delete", id });
    expect(deleted).toMatchObject([{ kind: "race.delete", recordId: String(id) }]);
    expect(deleted[0]!.changes.title).toEqual({ before: "Audit Cup II", after: null });
  });

  it("results save: the heat's lines before and after", async () => {
    const race = await createRace(db);
    const [a, b] = [await createCompetitor(db), await createCompetitor(db)];
    await createResult(db, { raceId: race.id, competitorId: a.id, position: 1 });
    const entries = await post("/admin/results", {
      raceId: race.id,
      heatNumber: 1,
      boatClass: "Open",
      competitorCount: 2,
      "rows[0].position": 1,
      "rows[0].competitorId": b.id,
      "rows[1].position": 2,
      "rows[1].competitorId": a.id,
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ ...who, kind: "results.save", recordType: "race", recordId: String(race.id) });
    const change = entries[0]!.changes["Open heat 1"] as {
      before: { competitorId: number }[];
      after: { competitorId: number }[];
    };
    expect(change.before.map((l) => l.competitorId)).toEqual([a.id]);
    expect(change.after.map((l) => l.competitorId)).toEqual([b.id, a.id]);
  });

  it("heat draw, move, lock, and marking results official", async () => {
    const race = await createRace(db, { status: "upcoming" });
    const boats = [await createCompetitor(db), await createCompetitor(db), await createCompetitor(db)];
    for (const boat of boats) await createRegistration(db, { raceId: race.id, competitorId: boat.id, boatClass: "Open" });
    const path = `/admin/races/${race.id}/heats`;

    const drawn = await post(path, { intent: "draw", boatClass: "Open", method: "random", heatSize: 2, seed: 7 });
    expect(drawn).toMatchObject([{ ...who, kind: "heats.draw", recordType: "race", recordId: String(race.id) }]);
    const heats = drawn[0]!.changes["Open heats"] as { before: unknown; after: number[][] };
    expect(heats.before).toBeNull();
    expect(heats.after.flat().sort()).toEqual(boats.map((b) => b.id).sort());
    expect(drawn[0]!.changes.seed).toEqual({ before: null, after: 7 });

    const mover = heats.after[0]![0]!;
    const moved = await post(path, { intent: "move", boatClass: "Open", competitorId: mover, heatNumber: 2 });
    expect(moved).toHaveLength(1);
    expect(moved[0]!.changes).toEqual({ [`Open heat of competitor ${mover}`]: { before: 1, after: 2 } });

    const locked = await post(path, { intent: "lock", boatClass: "Open" });
    expect(locked).toMatchObject([{ kind: "heats.lock", changes: { "Open draw locked": { before: false, after: true } } }]);

    await createResult(db, { raceId: race.id, competitorId: boats[0]!.id, position: 1 });
    const official = await post(path, { intent: "official" });
    expect(official).toMatchObject([{ ...who, kind: "results.official", recordId: String(race.id) }]);
    expect(official[0]!.changes.resultsOfficialAt).toMatchObject({ before: null, after: expect.any(String) });
    // A second click changes nothing and adds nothing.
    expect(await post(path, { intent: "official" })).toEqual([]);
  });

  it("season create and update", async () => {
    const base = {
      key: "2033",
      name: "2033 Season",
      startsOn: "2033-01-01",
      endsOn: "2033-12-31",
      pointsTable: "25, 20",
      pointsBelow: 5,
    };
    const created = await post("/admin/seasons", base);
    expect(created).toMatchObject([{ ...who, kind: "season.create", recordType: "season" }]);
    const id = Number(created[0]!.recordId);
    const updated = await post("/admin/seasons", { ...base, id, name: "Season 2033" });
    expect(updated).toHaveLength(1);
    expect(updated[0]!.changes).toEqual({ name: { before: "2033 Season", after: "Season 2033" } });
  });
});

describe("sign-in attempts", () => {
  const login = (username: string, password: string) =>
    site.request("/admin/login", { method: "POST", body: form({ username, password }) });

  it("records success, wrong password, unknown username and locked, never the password", async () => {
    // The password step alone: without a second factor it is the whole sign-in (codes: admin-two-factor.test.ts).
    const { admin: signer } = await createAdmin(db, "signer", PASSWORD, { twoFactor: false });
    const since = await lastId();
    expect((await login("signer", PASSWORD)).status).toBe(302);
    expect((await login("Signer", "wrong-password-typed-here")).status).toBe(401);
    expect((await login("secret-looking-typo-Pa55word", "another-wrong-password")).status).toBe(401);
    for (let i = 1; i < LOGIN_FAILURE_LIMIT; i++) await login("signer", "wrong-password-typed-here");
    expect((await login("signer", PASSWORD)).status).toBe(429);

    const rows = await db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(asc(auditLog.id));
    const address = expect.stringMatching(/127\.0\.0\.1/);
    expect(rows[0]).toMatchObject({ kind: "signin.success", adminId: signer.id, adminUsername: "signer", address });
    expect(rows[1]).toMatchObject({ kind: "signin.wrong-password", adminId: signer.id, recordId: String(signer.id) });
    // A username that is nobody's may be a password typed in the wrong box: not kept.
    expect(rows[2]).toMatchObject({ kind: "signin.unknown-user", adminId: null, adminUsername: null, address });
    expect(rows.at(-1)).toMatchObject({ kind: "signin.locked", adminId: signer.id });

    const { rows: dump } = await db.execute<{ t: string }>(sql`SELECT json_agg(a)::text AS t FROM audit_log a`);
    for (const secret of [PASSWORD, "wrong-password-typed-here", "another-wrong-password", "secret-looking-typo", "argon2"]) {
      expect(dump[0]!.t).not.toContain(secret);
    }
  });
});

/** The database's own message, under Drizzle's "Failed query" wrapper. */
async function refusal(query: Promise<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? error);
  }
  return "no error";
}

describe("append-only in the database", () => {
  it("refuses UPDATE, DELETE and TRUNCATE by the app's own database user", async () => {
    await recordAudit(db, { actor: { adminId: null, username: "x", address: null }, kind: "import" });
    const id = await lastId();
    expect(await refusal(db.execute(sql`UPDATE audit_log SET kind = 'forged' WHERE id = ${id}`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`DELETE FROM audit_log WHERE id = ${id}`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);
    // The purge's own setting does not let recent entries go either.
    const purgeSetting = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT set_config('audit_log.purging', 'on', true)`);
      await tx.execute(sql`DELETE FROM audit_log WHERE id = ${id}`);
    });
    expect(await refusal(purgeSetting)).toMatch(/append-only/);
    expect(await lastId()).toBe(id);
  });

  it("the retention purge removes entries older than two years, and only those", async () => {
    const { rows } = await db.execute<{ id: number }>(sql`
      INSERT INTO audit_log (at, kind) VALUES (now() - interval '2 years 1 day', 'import'), (now() - interval '23 months', 'import')
      RETURNING id`);
    expect(await purgeAuditLog(db)).toBe(1);
    const left = await db.execute<{ id: number }>(sql`SELECT id FROM audit_log WHERE id IN (${rows[0]!.id}, ${rows[1]!.id})`);
    expect(left.rows.map((r) => Number(r.id))).toEqual([Number(rows[1]!.id)]);
  });
});

describe("the audit screen", () => {
  it("lists entries newest first, filtered by record, kind, admin and dates (a GET form)", async () => {
    const race = await createRace(db, { title: "Filtered Race" });
    await post("/admin/races", {
      intent: "save",
      id: race.id,
      title: "Filtered Race Renamed",
      date: "2026-06-01",
      location: "Ferry Reach Park",
      description: "A club race on the reach.",
      status: "completed",
    });
    const page = await site.request(`/admin/audit?record=race:${race.id}`, { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("race.update");
    expect(html).toContain("Filtered Race Renamed");
    expect(html).not.toContain("ann.audit@example.com");

    const none = await (await site.request(`/admin/audit?kind=season.update&admin=nobody`, { cookie })).text();
    expect(none).toContain("No entries match these filters.");
    const dated = await (await site.request(`/admin/audit?kind=race.update&from=2000-01-01&to=2000-01-02`, { cookie })).text();
    expect(dated).toContain("No entries match these filters.");
    const bad = await site.request(`/admin/audit?record=%27%3B--&from=tomorrow&page=-4&kind=%00`, { cookie });
    expect(bad.status).toBe(200);
  });

  it("the race list links each race to its history", async () => {
    const race = await createRace(db, { title: "Linked Race" });
    const html = await (await site.request("/admin/races", { cookie })).text();
    expect(html).toContain(`/admin/audit?record=race:${race.id}`);
  });

  it("is closed without a session", async () => {
    const response = await site.request("/admin/audit");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/login");
  });
});

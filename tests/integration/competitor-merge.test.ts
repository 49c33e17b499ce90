/**
 * One racer, one record (issue 25 item 2) over real HTTP: the duplicates screen lists the pair, the
 * preview shows both records and what moves, and the confirm merges in one transaction: results,
 * heat draw places, race entries, entry and message links and pending changes move across, the
 * derived totals follow, the merged-away record is gone, one audit entry (ids and names, no contact
 * data), the page cache's data version moves, and every row that did not belong to either record
 * is as it was. A merge that would put one person twice in a heat is refused, naming the heat, and
 * changes nothing.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { clubTables, createBackup } from "~/domain/admin/backup.server";
import { REFERENCING_TABLES } from "~/domain/racer/merge.server";
import { dataVersion } from "~/db/data-changes";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createHeat, createRace, createRegistration, createResult } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db, pool } = await useTestDatabase();
let site: TestSite;

const { admin } = await createAdmin(db, "merge-owner", "correct horse battery");
const cookie = `admin_session=${await createSession(db, admin.id)}`;

// The same person twice: "Zoë Ångström" registered again as "zoe angstrom" with another e-mail.
const keep = await createCompetitor(db, {
  firstName: "Zoë",
  lastName: "Ångström",
  email: null,
  telephone: null,
  boatNumber: "77",
  boatClasses: ["Open"],
});
const gone = await createCompetitor(db, {
  firstName: "zoe",
  lastName: "angstrom",
  email: "zoe.second@example.com",
  telephone: "441-555-7777",
  boatNumber: "77",
  boatClasses: ["Mini"],
  notifyResults: true,
});
const bystander = await createCompetitor(db, { firstName: "Bea", lastName: "Bystander", boatNumber: "5" });

const spring = await createRace(db, { title: "Spring Regatta", date: "2026-04-10" });
const summer = await createRace(db, { title: "Summer Cup", date: "2026-05-10" });
const upcoming = await createRace(db, { title: "Autumn Dash", date: "2099-09-01", status: "upcoming" });
await createResult(db, { raceId: spring.id, competitorId: keep.id, position: 1, heatNumber: 1 });
await createResult(db, { raceId: spring.id, competitorId: bystander.id, position: 2, heatNumber: 1 });
await createResult(db, { raceId: spring.id, competitorId: gone.id, position: 1, heatNumber: 2 });
await createResult(db, { raceId: summer.id, competitorId: gone.id, position: 3, boatClass: "Mini", points: 7 });
await createResult(db, { raceId: summer.id, competitorId: bystander.id, position: 1, boatClass: "Mini" });
await createRegistration(db, { raceId: upcoming.id, competitorId: keep.id, boatClass: "Open" });
await createRegistration(db, { raceId: upcoming.id, competitorId: gone.id, boatClass: "Open" });
await createRegistration(db, { raceId: upcoming.id, competitorId: gone.id, boatClass: "Mini" });
await createRegistration(db, { raceId: upcoming.id, competitorId: bystander.id, boatClass: "Mini" });
await createHeat(db, { raceId: upcoming.id, boatClass: "Mini", heatNumber: 1, competitorIds: [gone.id, bystander.id] });
await db.execute(
  sql`INSERT INTO race_entry_links (token_hash, race_id, competitor_id) VALUES ('entry-hash', ${upcoming.id}, ${gone.id})`,
);
await db.execute(
  sql`INSERT INTO message_links (token_hash, competitor_id, expires_at) VALUES ('message-hash', ${gone.id}, now() + interval '1 day')`,
);
await db.execute(sql`
  INSERT INTO pending_registration_changes (token_hash, competitor_id, first_name, last_name, boat_number, boat_classes, email, expires_at)
  VALUES ('pending-hash', ${gone.id}, 'Zoe', 'Angstrom', '77', ARRAY['Mini'], 'zoe.second@example.com', now() + interval '1 day')`);

// A pair that cannot be merged: both have a result in one heat.
const twinA = await createCompetitor(db, { firstName: "Tom", lastName: "Twin", boatNumber: "9" });
const twinB = await createCompetitor(db, { firstName: "Tom", lastName: "Twin", boatNumber: "19" });
const clash = await createRace(db, { title: "Clash Trophy", date: "2026-03-01" });
await createResult(db, { raceId: clash.id, competitorId: twinA.id, position: 1, heatNumber: 3 });
await createResult(db, { raceId: clash.id, competitorId: twinB.id, position: 2, heatNumber: 3 });
// And a pair both in one class's draw of an upcoming race.
const drawA = await createCompetitor(db, { firstName: "Dana", lastName: "Draw", boatNumber: "31" });
const drawB = await createCompetitor(db, { firstName: "Dana", lastName: "Draw", boatNumber: "32" });
await createHeat(db, { raceId: upcoming.id, boatClass: "Open", heatNumber: 1, competitorIds: [drawA.id] });
await createHeat(db, { raceId: upcoming.id, boatClass: "Open", heatNumber: 2, competitorIds: [drawB.id] });

beforeAll(async () => {
  site = await startTestSite(db);
}, 60_000);
afterAll(() => site?.close());

const PAGE = "/admin/competitors/duplicates";
const post = (values: Record<string, string | number>) => site.request(PAGE, { method: "POST", cookie, body: form(values) });

/** Every row of every table, leaving out the rows of the given competitors and the audit log. */
async function snapshotWithout(ids: number[]): Promise<string> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ t: string }>(sql`
    SELECT json_build_object(
      'competitors', (SELECT json_agg(c ORDER BY id) FROM competitors c WHERE id NOT IN (${list})),
      'races', (SELECT json_agg(r ORDER BY id) FROM races r),
      'results', (SELECT json_agg(x ORDER BY id) FROM race_results x WHERE competitor_id NOT IN (${list})),
      'totals', (SELECT json_agg(t ORDER BY competitor_id, boat_class, position) FROM result_totals t WHERE competitor_id NOT IN (${list})),
      'entrants', (SELECT json_agg(e ORDER BY race_id, boat_class, competitor_id) FROM race_entrants e WHERE competitor_id NOT IN (${list})),
      'registrations', (SELECT json_agg(g ORDER BY id) FROM race_registrations g WHERE competitor_id NOT IN (${list})),
      'heats', (SELECT json_agg(h ORDER BY id) FROM heats h),
      'heat_entries', (SELECT json_agg(e ORDER BY id) FROM heat_entries e WHERE competitor_id NOT IN (${list})),
      'entry_links', (SELECT json_agg(l ORDER BY id) FROM race_entry_links l WHERE competitor_id NOT IN (${list})),
      'message_links', (SELECT json_agg(l ORDER BY id) FROM message_links l WHERE competitor_id NOT IN (${list})),
      'pending', (SELECT json_agg(p ORDER BY id) FROM pending_registration_changes p WHERE competitor_id NOT IN (${list})),
      'changes', (SELECT json_agg(c ORDER BY id) FROM race_result_changes c),
      'outbox', (SELECT json_agg(o ORDER BY id) FROM outbox_messages o),
      'admins', (SELECT json_agg(a ORDER BY id) FROM admins a)
    )::text AS t`);
  return rows[0]!.t;
}

/** Every row, and how many audit entries. */
const everything = async () => {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM audit_log`);
  return `${await snapshotWithout([0])} audit:${rows[0]!.n}`;
};

const count = async (table: string, id: number) =>
  (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE competitor_id = ${id}`))
    .rows[0]!.n;

describe("the duplicates screen", () => {
  it("lists the pairs with their reasons and links to the preview keeping either side", async () => {
    const response = await site.request(PAGE, { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Zoë Ångström");
    expect(html).toContain("same name; same boat number, similar name");
    expect(html).toContain(`?keep=${keep.id}&amp;merge=${gone.id}`);
    expect(html).toContain(`?keep=${gone.id}&amp;merge=${keep.id}`);
    expect(html).toContain("Tom Twin");
    expect(html).not.toContain("Bea Bystander (#");
  });

  it("the preview shows both records side by side and what moves, and writes nothing", async () => {
    const before = await everything();
    const response = await site.request(`${PAGE}?keep=${keep.id}&merge=${gone.id}`, { cookie });
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Merge zoe angstrom into Zoë Ångström");
    expect(html).toContain("zoe.second@example.com");
    expect(html).toContain("<li>2 results</li>");
    expect(html).toContain("<li>2 race entries</li>");
    expect(html).toContain("filled from the merged-away record: e-mail, telephone, boat classes, results e-mails");
    expect(html).toContain(`name="merge" value="${gone.id}"`);
    expect(await everything()).toBe(before);
  });

  it("a missing competitor is a 404; the same one twice says so", async () => {
    expect((await site.request(`${PAGE}?keep=${keep.id}&merge=99999999`, { cookie })).status).toBe(404);
    expect((await site.request(`${PAGE}?keep=abc&merge=1`, { cookie })).status).toBe(404);
    const same = await site.request(`${PAGE}?keep=${keep.id}&merge=${keep.id}`, { cookie });
    expect(same.status).toBe(200);
    expect(await same.text()).toContain("Choose two different competitors.");
  });
});

describe("a refused merge", () => {
  it("names the heat where both have a result and changes nothing", async () => {
    const before = await everything();
    const preview = await (await site.request(`${PAGE}?keep=${twinA.id}&merge=${twinB.id}`, { cookie })).text();
    expect(preview).toContain("Clash Trophy (2026-03-01), Open, Heat 3: both have a result");
    expect(preview).not.toContain(`name="merge" value="${twinB.id}"`);
    const response = await post({ keep: twinA.id, merge: twinB.id });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Clash Trophy (2026-03-01), Open, Heat 3");
    expect(await everything()).toBe(before);
  });

  it("names the heats of a class's draw both are in and changes nothing", async () => {
    const before = await everything();
    const response = await post({ keep: drawA.id, merge: drawB.id });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Autumn Dash (2099-09-01), Open, Heat 1 and Heat 2: both are in the draw");
    expect(await everything()).toBe(before);
  });

  it("bad input is a 4xx that changes nothing", async () => {
    const before = await everything();
    for (const values of [
      { keep: keep.id, merge: keep.id },
      { keep: "x", merge: gone.id },
      { keep: keep.id, merge: 99999999 },
    ]) {
      const response = await post(values);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await everything()).toBe(before);
  });
});

describe("the merge", () => {
  it("handles every table that points at competitors", async () => {
    const { rows } = await db.execute<{ child: string }>(sql`
      SELECT DISTINCT c.conrelid::regclass::text AS child FROM pg_constraint c
      WHERE c.contype = 'f' AND c.confrelid = 'competitors'::regclass ORDER BY 1`);
    expect(rows.map((r) => r.child)).toEqual(Object.keys(REFERENCING_TABLES).sort());
  });

  it("moves everything in one go, removes the merged-away record, audits, and leaves every other row alone", async () => {
    const untouched = await snapshotWithout([keep.id, gone.id]);
    const tablesBefore = await pool.connect().then(async (c) => (await clubTables(c).finally(() => c.release())).join());
    const versionBefore = await dataVersion(pool);

    const response = await post({ keep: keep.id, merge: gone.id });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(PAGE);

    expect(await snapshotWithout([keep.id, gone.id])).toBe(untouched);
    expect(await dataVersion(pool)).not.toBe(versionBefore);
    const { rows: left } = await db.execute(sql`SELECT id FROM competitors WHERE id = ${gone.id}`);
    expect(left).toEqual([]);
    for (const table of Object.keys(REFERENCING_TABLES)) expect(await count(table, gone.id), table).toBe(0);
    expect(await count("race_results", keep.id)).toBe(3);
    expect(await count("heat_entries", keep.id)).toBe(1);
    // Open was entered on both records: one entry; Mini moved.
    expect(await count("race_registrations", keep.id)).toBe(2);
    expect(await count("race_entry_links", keep.id)).toBe(1);
    expect(await count("message_links", keep.id)).toBe(1);
    expect(await count("pending_registration_changes", keep.id)).toBe(1);

    // The derived totals follow the results (triggers, same transaction).
    const { rows: totals } = await db.execute(sql`
      SELECT (SELECT json_agg(t ORDER BY boat_class, position) FROM result_totals t WHERE competitor_id = ${keep.id})::text AS stored,
        (SELECT json_agg(x ORDER BY boat_class, position) FROM (
          SELECT ${keep.id}::int AS competitor_id, boat_class, position, count(*)::int AS finishes, coalesce(sum(points), 0)::bigint AS stored_points,
            (count(*) FILTER (WHERE points IS NULL))::int AS unscored
          FROM race_results WHERE competitor_id = ${keep.id} GROUP BY boat_class, position) x)::text AS computed`);
    expect(totals[0]!.stored).toBe(totals[0]!.computed);
    expect((await db.execute(sql`SELECT 1 FROM result_totals WHERE competitor_id = ${gone.id}`)).rows).toEqual([]);
    expect((await db.execute(sql`SELECT 1 FROM race_entrants WHERE competitor_id = ${gone.id}`)).rows).toEqual([]);

    const { rows: kept } = await db.execute<Record<string, unknown>>(
      sql`SELECT first_name, email, telephone, boat_classes, notify_results FROM competitors WHERE id = ${keep.id}`,
    );
    expect(kept[0]).toEqual({
      first_name: "Zoë",
      email: "zoe.second@example.com",
      telephone: "441-555-7777",
      boat_classes: ["Open", "Mini"],
      notify_results: true,
    });

    const { rows: audit } = await db.execute<{ kind: string; record_id: string; admin_username: string; changes: unknown }>(
      sql`SELECT kind, record_id, admin_username, changes FROM audit_log WHERE kind = 'competitor.merge'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ record_id: String(keep.id), admin_username: "merge-owner" });
    expect(audit[0]!.changes).toMatchObject({
      mergedId: { before: gone.id, after: keep.id },
      mergedName: { before: "zoe angstrom", after: "Zoë Ångström" },
      results: { before: 1, after: 3 },
    });
    const detail = JSON.stringify(audit[0]!.changes);
    expect(detail).not.toContain("@");
    expect(detail).not.toContain("441-555");

    // The merge adds no table, and the backup holds the merged record and its audit entry.
    const tablesAfter = await pool.connect().then(async (c) => (await clubTables(c).finally(() => c.release())).join());
    expect(tablesAfter).toBe(tablesBefore);
    const backup = await createBackup(pool);
    expect((backup.tables.competitors as { id: number }[]).map((c) => c.id)).not.toContain(gone.id);
    expect((backup.tables.audit_log as { kind: string }[]).some((e) => e.kind === "competitor.merge")).toBe(true);
  });

  it("the profile shows both histories; the merged-away profile is gone", async () => {
    const profile = await site.request(`/competitor/${keep.id}`);
    expect(profile.status).toBe(200);
    const html = await profile.text();
    expect(html).toContain("Spring Regatta");
    expect(html).toContain("Summer Cup");
    expect((await site.request(`/competitor/${gone.id}`)).status).toBe(404);
    const list = await (await site.request(PAGE, { cookie })).text();
    expect(list).not.toContain("zoe angstrom");
  });
});

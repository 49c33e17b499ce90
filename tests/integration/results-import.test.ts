/**
 * The results import against real PostgreSQL: the preview writes nothing, the confirmation
 * replaces every heat in one transaction (and nothing if any part fails), the change log of an
 * official race gets the laps adjusted and why, the same file twice changes nothing, a 5,000-row
 * file fits the limits and the time, and the files clubs have (BOM, semicolons, Windows line
 * ends, formula cells, RotorHazard's CSV and JSON) come through. Then over HTTP: the upload, the
 * preview page, a mapping fixed by hand and the confirmation, and the size limits.
 */
import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, competitors, importDrafts, importMappings, raceResultChanges, raceResults, races } from "~/db/schema";
import { createSession } from "~/domain/admin/auth.server";
import {
  confirmImport,
  createDraft,
  loadDraft,
  previewDraft,
  type DraftSettings,
} from "~/domain/results-import/results-import.server";
import { DEFAULT_SETTINGS } from "~/lib/results-import/preview";
import { csvCell } from "~/lib/util/csv";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createRace, createResult } from "../support/factories";
import { startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
const fixture = (name: string) => readFileSync(`tests/fixtures/results-import/${name}`, "utf8");
const { admin } = await createAdmin(db, "import-admin", "correct horse battery");
const settings: DraftSettings = { ...DEFAULT_SETTINGS, mapping: null };

const jon = await createCompetitor(db, { firstName: "Jon", lastName: "Smith", boatNumber: "707" });
const ana = await createCompetitor(db, { firstName: "Ana", lastName: "Ávila", boatNumber: "712" });
const ray = await createCompetitor(db, { firstName: "Ray", lastName: "Tucker", boatNumber: "703" });

async function draftFor(raceId: number, source: string, extra: Partial<DraftSettings> = {}) {
  const id = await createDraft(db, {
    raceId,
    adminId: admin.id,
    fileName: "results.csv",
    source,
    settings: { ...settings, ...extra },
  });
  const draft = await loadDraft(db, id!, raceId, admin.id);
  const preview = await previewDraft(db, draft!);
  if (!preview.ok) throw new Error(preview.message);
  return { draft: draft!, preview };
}

async function importFile(raceId: number, source: string, extra: Partial<DraftSettings> = {}) {
  const { draft, preview } = await draftFor(raceId, source, extra);
  return confirmImport(db, { draftId: draft.id, raceId, adminId: admin.id, digest: preview.digest });
}

/** Everything an import may write, except the drafts themselves. */
async function snapshot(raceId: number) {
  return JSON.stringify({
    results: await db.select().from(raceResults).where(eq(raceResults.raceId, raceId)).orderBy(asc(raceResults.id)),
    changes: await db.select().from(raceResultChanges).where(eq(raceResultChanges.raceId, raceId)),
    competitors: await db.select().from(competitors).orderBy(asc(competitors.id)),
    audit: await db.select({ id: auditLog.id }).from(auditLog),
    mappings: await db.select().from(importMappings),
    race: await db.select().from(races).where(eq(races.id, raceId)),
  });
}

const SHEET =
  "Pos\tBoat\tName\tLaps\tTotal\tBest\n1\t707\tJon Smith\t12\t5:02.11\t24.31\n2\t712\tAna Avila\t11\t5:04.87\t26.004\n3\t703\tRay Tucker\t11\t5:09\t27.3\n";

describe("preview and confirm", () => {
  it("the preview writes nothing", async () => {
    const race = await createRace(db);
    await createResult(db, { raceId: race.id, competitorId: jon.id, position: 1 });
    const before = await snapshot(race.id);
    const { preview } = await draftFor(race.id, SHEET);
    expect(preview.plan.heats).toMatchObject([{ boatClass: "Open", heatNumber: 1, blocked: false }]);
    expect(preview.plan.rows.map((r) => r.racer?.id)).toEqual([jon.id, ana.id, ray.id]);
    expect(await snapshot(race.id)).toBe(before);
  });

  it("the confirmation replaces each heat and class, audited, and creates the new racers", async () => {
    const race = await createRace(db);
    await createResult(db, { raceId: race.id, competitorId: ray.id, position: 1, heatNumber: 1, boatClass: "Open" });
    await createResult(db, { raceId: race.id, competitorId: ray.id, position: 1, heatNumber: 3, boatClass: "Open" });
    const outcome = await importFile(
      race.id,
      "Pos,Boat,Name,Class,Heat\n1,707,,Open,1\n2,,Ana Avila,Open,1\n1,712,,Superboat,2\n2,,Maria Santos,Superboat,2\n",
    );
    expect(outcome).toEqual({
      ok: true,
      changed: ["Open heat 1", "Superboat heat 2"],
      // Superboat heat 2 had no results: imported, not replaced (issue 32 item 11).
      added: ["Superboat heat 2"],
      unchanged: [],
      held: [],
      created: 1,
      completed: false,
    });
    const rows = await db
      .select({
        who: raceResults.competitorId,
        heat: raceResults.heatNumber,
        cls: raceResults.boatClass,
        pos: raceResults.position,
        points: raceResults.points,
      })
      .from(raceResults)
      .where(eq(raceResults.raceId, race.id))
      .orderBy(asc(raceResults.boatClass), asc(raceResults.heatNumber), asc(raceResults.position));
    const [maria] = await db.select().from(competitors).where(eq(competitors.firstName, "Maria"));
    expect(maria).toMatchObject({ lastName: "Santos", boatClasses: ["Superboat"] });
    expect(rows).toEqual([
      { who: jon.id, heat: 1, cls: "Open", pos: 1, points: expect.any(Number) },
      { who: ana.id, heat: 1, cls: "Open", pos: 2, points: expect.any(Number) },
      // Heat 3 was not in the file: left alone.
      { who: ray.id, heat: 3, cls: "Open", pos: 1, points: null },
      { who: ana.id, heat: 2, cls: "Superboat", pos: 1, points: expect.any(Number) },
      { who: maria!.id, heat: 2, cls: "Superboat", pos: 2, points: expect.any(Number) },
    ]);
    const audit = await db
      .select()
      .from(auditLog)
      .where(sql`kind = 'results.import' AND record_id = ${String(race.id)}`);
    expect(audit).toHaveLength(1);
    expect(Object.keys(audit[0]!.changes as object).sort()).toEqual(["Open heat 1", "Superboat heat 2"]);
  });

  it("on an official race, every change goes to the change log with the laps adjusted and why; the same file again changes nothing", async () => {
    const race = await createRace(db, { resultsOfficialAt: new Date() });
    await createResult(db, { raceId: race.id, competitorId: jon.id, position: 2, laps: 11 });
    await createResult(db, { raceId: race.id, competitorId: ana.id, position: 1, laps: 11 });
    const file = "Pos,Boat,Laps,Laps adjusted,Reason\n1,707,12,+1,transponder missed lap 12\n2,712,11,,\n";
    expect(await importFile(race.id, file)).toMatchObject({ ok: true, changed: ["Open heat 1"] });
    const log = await db.select().from(raceResultChanges).where(eq(raceResultChanges.raceId, race.id));
    expect(log.map((l) => l.description)).toEqual([
      "Heat 1 Open: #707 from 2nd to 1st; #712 from 1st to 2nd; #707 +1 lap: transponder missed lap 12",
    ]);
    const [kept] = await db
      .select()
      .from(raceResults)
      .where(sql`race_id = ${race.id} AND competitor_id = ${jon.id}`);
    expect(kept).toMatchObject({ laps: 12, lapsAdjustment: 1, lapsAdjustmentReason: "transponder missed lap 12" });

    const before = await snapshot(race.id);
    expect(await importFile(race.id, file)).toEqual({
      ok: true,
      changed: [],
      added: [],
      unchanged: ["Open heat 1"],
      held: [],
      created: 0,
      completed: false,
    });
    expect(await snapshot(race.id)).toBe(before);
  });

  it("a failure half-way leaves the old results, creates no racer and keeps the draft", async () => {
    const race = await createRace(db);
    await createResult(db, { raceId: race.id, competitorId: jon.id, position: 1, heatNumber: 1 });
    await createResult(db, { raceId: race.id, competitorId: ana.id, position: 1, heatNumber: 2 });
    const before = await snapshot(race.id);
    const { draft, preview } = await draftFor(
      race.id,
      "Pos,Name,Heat\n1,Ana Avila,1\n2,New Person,1\n1,Jon Smith,2\n2,Ray Tucker,2\n",
    );
    // The second heat's insert fails: the first heat has already been replaced by then.
    await db.execute(
      sql.raw(`
      CREATE FUNCTION import_fail_heat_two() RETURNS trigger AS $$
      BEGIN
        IF NEW.race_id = ${race.id} AND NEW.heat_number = 2 THEN RAISE EXCEPTION 'disk full (simulated)'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql;
      CREATE TRIGGER import_fail_heat_two BEFORE INSERT ON race_results FOR EACH ROW EXECUTE FUNCTION import_fail_heat_two();
    `),
    );
    try {
      await expect(
        confirmImport(db, { draftId: draft.id, raceId: race.id, adminId: admin.id, digest: preview.digest }),
      ).rejects.toThrow();
    } finally {
      await db.execute(sql.raw("DROP TRIGGER import_fail_heat_two ON race_results; DROP FUNCTION import_fail_heat_two();"));
    }
    expect(await snapshot(race.id)).toBe(before);
    expect(await loadDraft(db, draft.id, race.id, admin.id)).not.toBeNull();
  });

  it("imports nothing when the preview the admin saw is no longer what the file gives", async () => {
    const race = await createRace(db);
    const { draft, preview } = await draftFor(race.id, "Pos,Name\n1,Zed Newcomer\n");
    await createCompetitor(db, { firstName: "Zed", lastName: "Newcomer" });
    const before = await snapshot(race.id);
    expect(await confirmImport(db, { draftId: draft.id, raceId: race.id, adminId: admin.id, digest: preview.digest })).toEqual({
      ok: false,
      reason: "changed",
    });
    expect(await snapshot(race.id)).toBe(before);
  });

  it("holds back a heat with an unusable row and imports the others", async () => {
    const race = await createRace(db);
    const outcome = await importFile(race.id, "Pos,Boat,Best,Heat\n1,707,24.31,1\n2,712,fast,1\n1,703,,2\n");
    expect(outcome).toMatchObject({ ok: true, changed: ["Open heat 2"], held: ["Open heat 1"] });
  });
});

describe("the files clubs have", () => {
  it("a BOM, semicolons and Windows line ends; a formula cell is stored as text and exported harmless", async () => {
    const race = await createRace(db);
    const { preview } = await draftFor(race.id, fixture("lap-counter-semicolons.csv"));
    expect(preview.plan.unusable).toBe(0);
    expect(await importFile(race.id, fixture("lap-counter-semicolons.csv"))).toMatchObject({ ok: true, created: 1 });
    const [formula] = await db
      .select()
      .from(competitors)
      .where(sql`first_name LIKE '=HYPERLINK%'`);
    expect(formula!.firstName).toBe('=HYPERLINK("http://evil.example","Ray")');
    expect(csvCell(formula!.firstName).replace(/^"/, "")).toMatch(/^'=/);
  });

  it("RotorHazard's CSV results export and JSON export, as they come", async () => {
    const csvRace = await createRace(db);
    expect(await importFile(csvRace.id, fixture("rotorhazard-results.csv"), { choices: {} })).toMatchObject({
      ok: true,
      changed: ["Open heat 1", "Open heat 2"],
    });
    const [best] = await db
      .select()
      .from(raceResults)
      .where(sql`race_id = ${csvRace.id} AND competitor_id = ${jon.id}`);
    expect(best).toMatchObject({ position: 1, laps: 12, totalTime: "5:02.11", bestLap: "0:24.31", lapTime: "0:25.18" });

    const jsonRace = await createRace(db);
    expect(await importFile(jsonRace.id, fixture("rotorhazard-results.json"))).toMatchObject({
      ok: true,
      changed: ["Open heat 1", "Open heat 2", "Superboat heat 1"],
    });
  });

  it("a 5,000-row file is within the limits, previewed and confirmed in time", { timeout: 120_000 }, async () => {
    const race = await createRace(db);
    const boats = Array.from({ length: 50 }, (_, i) => 9001 + i);
    await db.insert(competitors).values(boats.map((b) => ({ firstName: "Bulk", lastName: `Racer ${b}`, boatNumber: String(b) })));
    const lines = ["Class,Heat,Pos,Boat,Laps,Total,Best"];
    for (const cls of ["Open", "Superboat"])
      for (let heat = 1; heat <= 50; heat++)
        boats.forEach((b, i) =>
          lines.push(`${cls},${heat},${i + 1},${b},${20 - (i % 5)},5:${String(10 + (i % 40)).padStart(2, "0")}.12,24.${i % 10}0`),
        );
    const file = lines.join("\r\n");
    expect(lines.length - 1).toBe(5000);
    let started = performance.now();
    const { draft, preview } = await draftFor(race.id, file);
    const previewMs = performance.now() - started;
    expect(preview.plan.unusable).toBe(0);
    started = performance.now();
    const outcome = await confirmImport(db, { draftId: draft.id, raceId: race.id, adminId: admin.id, digest: preview.digest });
    const confirmMs = performance.now() - started;
    expect(outcome).toMatchObject({ ok: true, created: 0 });
    expect((outcome as { changed: string[] }).changed).toHaveLength(100);
    expect(await db.$count(raceResults, eq(raceResults.raceId, race.id))).toBe(5000);
    expect(previewMs).toBeLessThan(10_000);
    expect(confirmMs).toBeLessThan(30_000);
  });
});

describe("over HTTP", () => {
  let site: TestSite;
  let cookie: string;
  beforeAll(async () => {
    site = await startTestSite(db);
    cookie = `admin_session=${await createSession(db, admin.id)}`;
  }, 60_000);
  afterAll(() => site?.close());

  it("uploads a file, shows the preview, takes a mapping fixed by hand, and confirms", { timeout: 60_000 }, async () => {
    const race = await createRace(db, { title: "Upload Cup" });
    const body = new FormData();
    body.set("intent", "preview");
    body.set("defaultClass", "Open");
    body.set("defaultHeat", "2");
    // "Helm" is no header the importer knows: the admin maps it to the name by hand.
    body.set(
      "file",
      new Blob(["Rank,Helm,Laps\r\n1,Ana Avila,11\r\n2,Jon Smith,10\r\n"], { type: "text/csv" }),
      "lap-counter.csv",
    );
    const uploaded = await site.request(`/admin/races/${race.id}/import`, { method: "POST", cookie, body });
    expect(uploaded.status).toBe(302);
    const location = uploaded.headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/admin/races/${race.id}/import\\?draft=`));
    const draftId = new URL(location, site.url).searchParams.get("draft")!;

    let html = await (await site.request(location, { cookie })).text();
    expect(html).toContain("lap-counter.csv");
    expect(html).toContain("no boat number and no name");
    const update = new URLSearchParams({
      intent: "update",
      draft: draftId,
      digest: "",
      "map.0": "position",
      "map.1": "name",
      "map.2": "laps",
    });
    expect((await site.request(`/admin/races/${race.id}/import`, { method: "POST", cookie, body: update })).status).toBe(302);
    html = await (await site.request(location, { cookie })).text();
    expect(html).toContain("Open heat 2 (2 boats)");
    const digest = /name="digest" value="([^"]+)"/.exec(html)![1]!;

    const before = await snapshot(race.id);
    const confirm = new URLSearchParams({
      intent: "confirm",
      draft: draftId,
      digest,
      "map.0": "position",
      "map.1": "name",
      "map.2": "laps",
    });
    const done = await site.request(`/admin/races/${race.id}/import`, { method: "POST", cookie, body: confirm });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe(`/admin/results?race=${race.id}&class=Open&heat=2`);
    expect(await snapshot(race.id)).not.toBe(before);
    const [saved] = await db.select().from(importMappings).where(eq(importMappings.headerKey, "rank|helm|laps"));
    expect(saved!.mapping).toEqual(["position", "name", "laps"]);
    // The draft is gone: a second confirmation says so.
    const again = await site.request(`/admin/races/${race.id}/import`, { method: "POST", cookie, body: confirm });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("expired or was already confirmed");
  });

  it("refuses a file over the size limit with a message, and a body far over it before reading it", async () => {
    const race = await createRace(db);
    const before = await db.$count(importDrafts);
    const big = new FormData();
    big.set("intent", "preview");
    big.set("file", new Blob(["Pos,Name\n" + "1,A B\n".repeat(180_000)]), "big.csv");
    const refused = await site.request(`/admin/races/${race.id}/import`, { method: "POST", cookie, body: big });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The file is too large: at most 1024 KB.");
    const huge = new FormData();
    huge.set("intent", "preview");
    huge.set("file", new Blob(["x".repeat(2 * 1024 * 1024)]), "huge.csv");
    const cut = await site.request(`/admin/races/${race.id}/import`, { method: "POST", cookie, body: huge }).catch(() => null);
    if (cut) expect(cut.status).toBe(413);
    expect(await db.$count(importDrafts)).toBe(before);
  });

  it("answers an unknown race with 404 and a confirmation with a bad draft id with a message", async () => {
    expect((await site.request("/admin/races/999999/import", { cookie })).status).toBe(404);
    const race = await createRace(db);
    const response = await site.request(`/admin/races/${race.id}/import`, {
      method: "POST",
      cookie,
      body: new URLSearchParams({ intent: "confirm", draft: "'; DROP TABLE races; --", digest: "x" }),
    });
    expect(response.status).toBe(404);
  });
});

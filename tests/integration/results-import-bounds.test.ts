/**
 * Issue 31 items 10-12 over HTTP and PostgreSQL: a choice naming a racer the row was not offered
 * is refused and changes nothing; Excel's "Unicode text" (UTF-16 with a byte order mark, either
 * byte order) is read and the preview says so; an admin keeps at most DRAFTS_PER_ADMIN drafts,
 * a new one replacing the oldest, whoever else has drafts.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importDrafts, raceResults } from "~/db/schema";
import { createSession } from "~/domain/admin/auth.server";
import { createDraft, DRAFTS_PER_ADMIN, loadDraft } from "~/domain/results-import/results-import.server";
import { DEFAULT_SETTINGS } from "~/lib/results-import/preview";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createRace } from "../support/factories";
import { startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
const { admin } = await createAdmin(db, "bounds-admin", "correct horse battery");
const { admin: other } = await createAdmin(db, "bounds-other", "correct horse battery");
const jon = await createCompetitor(db, { firstName: "Jon", lastName: "Smith", boatNumber: "707" });
const ana = await createCompetitor(db, { firstName: "Ana", lastName: "Avila", boatNumber: "712" });

let site: TestSite;
let cookie: string;
beforeAll(async () => {
  site = await startTestSite(db);
  cookie = `admin_session=${await createSession(db, admin.id)}`;
}, 60_000);
afterAll(() => site?.close());

async function upload(raceId: number, bytes: Uint8Array, name: string) {
  const body = new FormData();
  body.set("intent", "preview");
  body.set("file", new Blob([new Uint8Array(bytes)], { type: "text/plain" }), name);
  return site.request(`/admin/races/${raceId}/import`, { method: "POST", cookie, body });
}

function utf16(text: string, order: "le" | "be"): Uint8Array {
  const bytes = Buffer.from(`\uFEFF${text}`, "utf16le");
  if (order === "be") bytes.swap16();
  return new Uint8Array(bytes);
}

describe("a choice is one the preview offered (item 10)", () => {
  it("refuses a racer id the row was not offered, and keeps the draft's choices", { timeout: 60_000 }, async () => {
    const race = await createRace(db);
    const uploaded = await upload(race.id, new TextEncoder().encode("Pos,Name\n1,Jon Smyth\n"), "r.csv");
    const location = uploaded.headers.get("Location")!;
    const draftId = new URL(location, site.url).searchParams.get("draft")!;
    const html = await (await site.request(location, { cookie })).text();
    expect(html).toMatch(/Did you mean (<!-- -->)?Jon Smith/);

    const post = (id: number) =>
      site.request(`/admin/races/${race.id}/import`, {
        method: "POST",
        cookie,
        body: new URLSearchParams({ intent: "update", draft: draftId, digest: "", "choice.0": String(id) }),
      });
    const refused = await post(ana.id);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Line 2: choose one of the racers the preview offers");
    expect((await loadDraft(db, draftId, race.id, admin.id))!.settings.choices).toEqual({});

    expect((await post(jon.id)).status).toBe(302);
    expect((await loadDraft(db, draftId, race.id, admin.id))!.settings.choices).toEqual({ "0": jon.id });
  });
});

describe("a choice posted with the confirmation (one read and one plan of the file)", () => {
  it(
    "refuses a racer the row was not offered and writes nothing; an offered one confirms in the same post",
    { timeout: 60_000 },
    async () => {
      const race = await createRace(db);
      const uploaded = await upload(race.id, new TextEncoder().encode("Pos,Name\n1,Jon Smyth\n"), "r.csv");
      const location = uploaded.headers.get("Location")!;
      const draftId = new URL(location, site.url).searchParams.get("draft")!;
      const html = await (await site.request(location, { cookie })).text();
      const shownDigest = /name="digest" value="([^"]+)"/.exec(html)![1]!;
      const confirm = (id: number, digest: string) =>
        site.request(`/admin/races/${race.id}/import`, {
          method: "POST",
          cookie,
          body: new URLSearchParams({ intent: "confirm", draft: draftId, digest, "choice.0": String(id) }),
        });
      const refused = await confirm(ana.id, shownDigest);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Line 2: choose one of the racers the preview offers");
      expect(await db.select().from(raceResults).where(eq(raceResults.raceId, race.id))).toEqual([]);
      expect((await loadDraft(db, draftId, race.id, admin.id))!.settings.choices).toEqual({});

      // Choosing Jon changes what would be written: the preview shown before is not it ("changed"),
      // the choice is kept, and the page's new fingerprint confirms.
      expect((await confirm(jon.id, shownDigest)).status).toBe(409);
      expect((await loadDraft(db, draftId, race.id, admin.id))!.settings.choices).toEqual({ "0": jon.id });
      const again = await (await site.request(location, { cookie })).text();
      const digest = /name="digest" value="([^"]+)"/.exec(again)![1]!;
      expect((await confirm(jon.id, digest)).status).toBe(302);
      const written = await db.select().from(raceResults).where(eq(raceResults.raceId, race.id));
      expect(written.map((r) => r.competitorId)).toEqual([jon.id]);
    },
  );
});

describe("UTF-16 files (item 11)", () => {
  for (const order of ["le", "be"] as const) {
    it(`reads UTF-16 ${order.toUpperCase()} with a byte order mark and says so`, { timeout: 60_000 }, async () => {
      const race = await createRace(db);
      const text = "Pos\tBoat\tName\r\n1\t707\tJon Smith\r\n2\t712\tAna Ávila\r\n";
      const uploaded = await upload(race.id, utf16(text, order), "unicode.txt");
      expect(uploaded.status).toBe(302);
      const html = await (await site.request(uploaded.headers.get("Location")!, { cookie })).text();
      expect(html).toMatch(new RegExp(`unicode\\.txt \\(read as (<!-- -->)?UTF-16 ${order.toUpperCase()}(<!-- -->)?\\)`));
      expect(html).toContain("Open heat 1 (2 boats)");
      expect(html).not.toContain("not a text file");
    });
  }

  it(
    "says which encoding a UTF-8 and a Windows-1252 file were read in; refuses a broken UTF-16 file",
    { timeout: 60_000 },
    async () => {
      const race = await createRace(db);
      const latin = new Uint8Array([
        ...new TextEncoder().encode("Pos,Name\n1,Ana "),
        0xc1,
        ...new TextEncoder().encode("vila\n"),
      ]);
      const read = await upload(race.id, latin, "latin.csv");
      expect(await (await site.request(read.headers.get("Location")!, { cookie })).text()).toMatch(
        /latin\.csv \(read as (<!-- -->)?Windows-1252/,
      );
      const broken = await upload(race.id, new Uint8Array([0xff, 0xfe, 0x41]), "broken.txt");
      expect(broken.status).toBe(400);
      expect(await broken.text()).toContain("starts as UTF-16 LE text (a byte order mark) but is not");
    },
  );
});

describe("drafts per admin (item 12)", () => {
  it(`keeps an admin's newest ${DRAFTS_PER_ADMIN} drafts; another admin's are not touched`, async () => {
    const race = await createRace(db);
    const make = (adminId: number) =>
      createDraft(db, {
        raceId: race.id,
        adminId,
        fileName: "r.csv",
        source: "Pos,Name\n1,A B\n",
        settings: { ...DEFAULT_SETTINGS, mapping: null },
      });
    const others = [await make(other.id)];
    await db.delete(importDrafts).where(eq(importDrafts.adminId, admin.id));
    const mine: string[] = [];
    for (let i = 0; i < 20; i++) mine.push((await make(admin.id))!);
    const kept = await db
      .select({ id: importDrafts.id })
      .from(importDrafts)
      .where(eq(importDrafts.adminId, admin.id))
      .orderBy(asc(importDrafts.createdAt));
    expect(kept.map((d) => d.id).sort()).toEqual(mine.slice(-DRAFTS_PER_ADMIN).sort());
    expect((await db.select().from(importDrafts).where(eq(importDrafts.adminId, other.id))).map((d) => d.id)).toEqual(others);

    // Twenty previews at once: still at most three.
    await Promise.all(Array.from({ length: 20 }, () => make(admin.id)));
    expect(await db.$count(importDrafts, eq(importDrafts.adminId, admin.id))).toBe(DRAFTS_PER_ADMIN);
  });
});

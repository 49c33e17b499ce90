/**
 * The racer's export (issue 35 item 2, item 3 of the brief): every table that holds a racer's
 * personal data is in `racerData`'s sections or explicitly left out with a reason, so a new table
 * with a competitor_id, e-mail or telephone column fails here until someone decides; and the
 * export holds what the club holds about that racer and nothing about anyone else.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, outboxMessages, pendingRegistrationChanges, privacyRequests } from "~/db/schema";
import { NOT_EXPORTED, racerData, SECTION_TABLES } from "~/domain/privacy/my-data.server";
import { racerDataJson, SECTION_KEYS, sectionCsv } from "~/lib/privacy/my-data";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createHeat, createRace, createRegistration, createResult } from "../support/factories";

const { db } = await useTestDatabase();

describe("what the export covers", () => {
  it("lists every table with a competitor_id, e-mail or telephone column, or says why it leaves it out", async () => {
    const { rows } = await db.execute<{ table_name: string }>(sql`
      SELECT DISTINCT table_name FROM information_schema.columns
      WHERE table_schema = 'public'
        AND (column_name = 'competitor_id' OR column_name ILIKE '%email%' OR column_name ILIKE '%phone%')
        AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
      ORDER BY 1`);
    const exported = new Set(Object.values(SECTION_TABLES).flat());
    const uncovered = rows.map((r) => r.table_name).filter((t) => !exported.has(t) && !(t in NOT_EXPORTED));
    expect(uncovered, "tables holding a racer's data that racerData neither exports nor excludes").toEqual([]);
    // The racer's record itself, whatever its columns are called.
    expect(exported.has("competitors")).toBe(true);
  });

  it("names no table that does not exist (an exclusion outliving its table would hide nothing)", async () => {
    const { rows } = await db.execute<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const tables = new Set(rows.map((r) => r.table_name));
    const named = [...Object.values(SECTION_TABLES).flat(), ...Object.keys(NOT_EXPORTED)];
    expect(named.filter((t) => !tables.has(t))).toEqual([]);
    expect(Object.keys(SECTION_TABLES).sort()).toEqual([...SECTION_KEYS].sort());
  });
});

describe("racerData", () => {
  it("holds the racer's registration, consent, preferences, entries, heat places, results, e-mails, changes, pending changes and requests, and nobody else's", async () => {
    const racer = await createCompetitor(db, {
      email: "export.racer@example.com",
      telephone: "441-555-0199",
      boatColour: "Red",
      notifyResults: true,
      pipaConsentAt: new Date("2026-03-01T12:00:00Z"),
      privacyNoticeVersion: 1,
    });
    const other = await createCompetitor(db, { email: "other.racer@example.com" });
    const past = await createRace(db, { title: "Export Cup", date: "2026-05-02", status: "completed" });
    const next = await createRace(db, { title: "Export Open", date: "2099-05-02", status: "upcoming" });
    await createResult(db, { raceId: past.id, competitorId: racer.id, position: 2, bestLap: "31.2" });
    await createResult(db, { raceId: past.id, competitorId: other.id, position: 1 });
    await createRegistration(db, { raceId: next.id, competitorId: racer.id, boatClass: "Open" });
    await createHeat(db, { raceId: next.id, boatClass: "Open", heatNumber: 1, competitorIds: [other.id, racer.id] });
    await db.insert(outboxMessages).values([
      { kind: "registration", recipient: "Export.Racer@example.com", subject: "Welcome", body: "secret body" },
      { kind: "registration", recipient: "other.racer@example.com", subject: "Not yours", body: "x" },
    ]);
    await db.insert(auditLog).values({
      adminId: 7,
      adminUsername: "owner-alice",
      address: "203.0.113.5",
      kind: "competitor.update",
      recordType: "competitor",
      recordId: String(racer.id),
      changes: { boatName: { before: "Old", after: "New" } },
    });
    await db.insert(pendingRegistrationChanges).values({
      tokenHash: "h".repeat(64),
      competitorId: racer.id,
      firstName: racer.firstName,
      lastName: racer.lastName,
      boatNumber: "9",
      boatClasses: ["Open"],
      email: "new.address@example.com",
      expiresAt: new Date(Date.now() + 3600_000),
    });
    await db.insert(privacyRequests).values({
      competitorId: racer.id,
      kind: "access",
      source: "paper",
      identifiedBy: "Passport seen by the secretary",
      identityConfirmedAt: new Date(),
      dueAt: new Date(Date.now() + 45 * 86_400_000),
    });

    const data = (await racerData(db, racer.id))!;
    const s = data.sections;
    expect(s.registration).toEqual([
      expect.objectContaining({ email: "export.racer@example.com", telephone: "441-555-0199", boatColour: "Red" }),
    ]);
    expect(s.consent).toEqual([{ pipaConsent: true, givenAt: "2026-03-01T12:00:00.000Z", noticeVersion: 1 }]);
    expect(s.emailPreferences).toEqual([{ resultsEmails: true, reminderEmails: false, dutyReminderEmails: true }]);
    expect(s.raceEntries).toEqual([expect.objectContaining({ race: "Export Open", date: "2099-05-02", boatClass: "Open" })]);
    expect(s.heatPlaces).toEqual([{ race: "Export Open", date: "2099-05-02", boatClass: "Open", heat: 1, slot: 2 }]);
    expect(s.results).toEqual([expect.objectContaining({ race: "Export Cup", position: 2, bestLap: "31.2" })]);
    expect(s.emails.map((m) => m.subject)).toEqual(["Welcome"]);
    expect(s.recordChanges).toEqual([
      expect.objectContaining({ change: "Record changed by the club", field: "boatName", before: "Old", after: "New" }),
    ]);
    expect(s.pendingChanges).toEqual([expect.objectContaining({ state: "Waiting", email: "new.address@example.com" })]);
    expect(s.requests).toEqual([expect.objectContaining({ kind: "access", source: "On paper", status: "open" })]);

    const json = racerDataJson(data, { clubName: "Test Club", siteUrl: "https://club.example" });
    // Never the admin who made a change, where from, another racer, or a message's text.
    for (const absent of ["owner-alice", "203.0.113.5", "other.racer@example.com", "Not yours", "secret body"]) {
      expect(json).not.toContain(absent);
    }
    expect(JSON.parse(json).sections.results.rows).toHaveLength(1);

    expect(sectionCsv("results", s.results).split("\r\n")[0]).toBe(
      "Race,Race date,Class,Heat,Position,Points,Laps,Best lap,Total time,Lap time,Laps adjusted,Why",
    );
    expect(sectionCsv("emailPreferences", s.emailPreferences)).toBe("Results are up,Entry reminders\r\nYes,No\r\n");
  });

  it("keeps a formula a racer typed out of the spreadsheet", async () => {
    const racer = await createCompetitor(db, { boatName: '=HYPERLINK("http://evil")' });
    const data = (await racerData(db, racer.id))!;
    expect(sectionCsv("registration", data.sections.registration)).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it("is null for a racer who does not exist", async () => {
    expect(await racerData(db, 2_000_000_000)).toBeNull();
  });
});

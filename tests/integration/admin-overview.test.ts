/**
 * The admin overview over real HTTP (issue 24 item 4): each block's numbers against rows made
 * here; the no-mail-server warning with the real count (and none with a mail server); the test
 * e-mail queued to the admin's own address, audited, and limited to 3 an hour; a results officer
 * sees counts but no names, no failed e-mail's details, no test e-mail button and no backup
 * download (a 403 on the download route); the backup age warning from the files' times; the
 * download streams only a file the server lists.
 */
import { mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { outboxMessages, pendingRegistrationChanges } from "~/db/schema";
import { useTestDatabase } from "../support/database";
import { createAdmin, createCompetitor, createHeat, createRace, createRegistration, createResult } from "../support/factories";
import { form, startTestSite, type TestSite } from "../support/admin-http";

const { db } = await useTestDatabase();
const TODAY = "2026-06-15";
const PASSWORD = "correct horse battery";
const { admin: owner } = await createAdmin(db, "overview-owner", PASSWORD, { email: "overview.owner@example.org" });
const { admin: officer } = await createAdmin(db, "overview-officer", PASSWORD, { role: "results_officer" });
const ownerCookie = `admin_session=${await createSession(db, owner.id)}`;
const officerCookie = `admin_session=${await createSession(db, officer.id)}`;

// The next race (after today), with two classes entered and one of them drawn; a later one and an earlier one.
const next = await createRace(db, { title: "Overview Summer Cup", date: "2026-06-20", status: "upcoming" });
await createRace(db, { title: "Later Race", date: "2026-07-20", status: "upcoming" });
await createRace(db, { title: "Yesterday's Race", date: "2026-06-14", status: "upcoming" });
const racers = await Promise.all([1, 2, 3, 4].map(() => createCompetitor(db)));
for (const r of racers.slice(0, 3)) await createRegistration(db, { raceId: next.id, competitorId: r.id, boatClass: "Open" });
await createRegistration(db, { raceId: next.id, competitorId: racers[3]!.id, boatClass: "Mini Mono" });
await createHeat(db, { raceId: next.id, boatClass: "Open", heatNumber: 1, competitorIds: racers.slice(0, 3).map((r) => r.id) });

// Two races with provisional results, one official.
const provisionalA = await createRace(db, { title: "Provisional Regatta", date: "2026-05-01" });
const provisionalB = await createRace(db, { title: "Unchecked Sprint", date: "2026-05-08" });
const official = await createRace(db, { title: "Official Finals", date: "2026-05-15", resultsOfficialAt: new Date() });
for (const race of [provisionalA, provisionalB, official])
  await createResult(db, { raceId: race.id, competitorId: racers[0]!.id, position: 1 });

// Registration changes: two waiting, one used, one expired.
const change = (firstName: string, lastName: string, extra: Partial<typeof pendingRegistrationChanges.$inferInsert> = {}) => ({
  tokenHash: `hash-${firstName}-${lastName}`,
  competitorId: racers[0]!.id,
  firstName,
  lastName,
  boatNumber: "7",
  boatClasses: ["Open"],
  email: `${firstName.toLowerCase()}@example.com`,
  expiresAt: new Date(Date.now() + 3600_000),
  ...extra,
});
await db
  .insert(pendingRegistrationChanges)
  .values([
    change("Wanda", "Waiting"),
    change("Walter", "Pending"),
    change("Ursula", "Used", { usedAt: new Date() }),
    change("Edgar", "Expired", { expiresAt: new Date(Date.now() - 60_000) }),
  ]);

// The outbox: 12 waiting, 2 failed (of kinds the owner sees), 1 sent.
const message = (status: "pending" | "sent" | "failed", kind = "registration-change") => ({
  kind,
  recipient: "secret.recipient@example.com",
  subject: "s",
  body: "b",
  status,
});
await db
  .insert(outboxMessages)
  .values([
    ...Array.from({ length: 12 }, () => message("pending")),
    message("failed", "race-entry-confirmation"),
    message("failed", "odd-failed-kind"),
    message("sent"),
  ]);

const backupDir = await mkdtemp(path.join(os.tmpdir(), "overview-backups-"));
const emptyBackupDir = path.join(backupDir, "none-here");
const OLD = "club-backup-2026-06-10T03-00-00-000Z.json.gz";
const NEW = "club-backup-2026-06-15T03-00-00-000Z.json.gz";
await writeFile(path.join(backupDir, OLD), Buffer.alloc(2500, 1));
const threeDaysAgo = new Date(Date.now() - 3 * 24 * 3600_000);
await utimes(path.join(backupDir, OLD), threeDaysAgo, threeDaysAgo);
// Not backups: never listed, never served.
await writeFile(path.join(backupDir, "notes.txt"), "private notes");
await writeFile(path.join(os.tmpdir(), "overview-outside.json.gz"), "outside");

let site: TestSite;
let mailSite: TestSite;

beforeAll(async () => {
  [site, mailSite] = await Promise.all([
    startTestSite(db, { pinnedToday: TODAY, mailServer: false, backupDir }),
    startTestSite(db, { pinnedToday: TODAY, mailServer: true, backupDir: emptyBackupDir }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([site?.close(), mailSite?.close()]);
  await rm(backupDir, { recursive: true, force: true });
  await rm(path.join(os.tmpdir(), "overview-outside.json.gz"), { force: true });
});

async function page(cookie: string, on: TestSite = site): Promise<string> {
  const response = await on.request("/admin/overview", { cookie });
  expect(response.status).toBe(200);
  // The text of the page: tags dropped, so sentences read as a person reads them.
  return (await response.text())
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
}

describe("the overview's blocks", () => {
  it("the next race: date, title, entries per class and which classes are drawn, with a link to its heats", async () => {
    const html = await (await site.request("/admin/overview", { cookie: ownerCookie })).text();
    expect(html).toContain(`href="/admin/races/${next.id}/heats"`);
    const text = await page(ownerCookie);
    expect(text).toContain("Overview Summer Cup on Jun 20, 2026");
    expect(text).toContain("Mini Mono 1 entry, heats not drawn");
    expect(text).toContain("Open 3 entries, heats drawn");
    expect(text).toContain("1 class with entries has no heats drawn yet");
    expect(text).not.toContain("Later Race");
    expect(text).not.toContain("Yesterday's Race");
  });

  it("provisional results: the two races, each linked to its results", async () => {
    const html = await (await site.request("/admin/overview", { cookie: ownerCookie })).text();
    expect(html).toContain(`href="/admin/results?race=${provisionalA.id}"`);
    expect(html).toContain(`href="/admin/results?race=${provisionalB.id}"`);
    expect(html).not.toContain(`href="/admin/results?race=${official.id}"`);
    expect(await page(ownerCookie)).toContain("2 races have results that are still provisional");
  });

  it("registration changes: the two waiting (not used, not expired), with names for an owner", async () => {
    const text = await page(ownerCookie);
    expect(text).toContain("2 registration changes are waiting for the racer");
    expect(text).toContain("Wanda Waiting");
    expect(text).toContain("Walter Pending");
    expect(text).not.toContain("Ursula");
    expect(text).not.toContain("Edgar");
  });

  it("e-mail: the counts, the failed ones' kinds for an owner, never an address", async () => {
    const text = await page(ownerCookie);
    expect(text).toMatch(/1[2-9] e-mails waiting to be sent, 2 e-mails failed/);
    expect(text).toContain("race-entry-confirmation");
    expect(text).toContain("odd-failed-kind");
    expect(text).not.toContain("secret.recipient@example.com");
  });

  it("without a mail server the warning gives the real number of e-mails waiting; with one there is none", async () => {
    const [{ waiting }] = (
      await db.execute<{ waiting: number }>(sql`SELECT count(*)::int AS waiting FROM outbox_messages WHERE status = 'pending'`)
    ).rows as [{ waiting: number }];
    expect(await page(ownerCookie)).toContain(`${waiting} e-mails have not been sent: the site has no mail server`);
    expect(await page(ownerCookie, mailSite)).not.toContain("the site has no mail server");
  });

  it("backups: the newest's time and size; a warning when it is older than two days, gone with a fresh one", async () => {
    let text = await page(ownerCookie);
    expect(text).toContain("(2.5 kB)");
    expect(text).toContain("The newest backup is more than two days old");
    expect(await (await site.request("/admin/overview", { cookie: ownerCookie })).text()).toContain(
      `href="/admin/backups/${OLD}"`,
    );

    await writeFile(path.join(backupDir, NEW), Buffer.alloc(1_234_567, 2));
    text = await page(ownerCookie);
    expect(text).toContain("(1.2 MB)");
    expect(text).not.toContain("more than two days old");
    const html = await (await site.request("/admin/overview", { cookie: ownerCookie })).text();
    expect(html).toContain(`href="/admin/backups/${NEW}"`);

    // No backup directory at all: the warning that none exists.
    const none = await page(ownerCookie, mailSite);
    expect(none).toContain("The site has no backup yet");
    expect(none).toContain("No backup exists");
  });
});

describe("the backup download", () => {
  it("streams a listed backup to an owner as an attachment", async () => {
    const response = await site.request(`/admin/backups/${OLD}`, { cookie: ownerCookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${OLD}"`);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.alloc(2500, 1));
  });

  it.each([
    "notes.txt",
    "..%2Foverview-outside.json.gz",
    "..%2F..%2Fetc%2Fpasswd",
    "club-backup-2026-01-01T00-00-00-000Z.json.gz",
    "%2Fetc%2Fpasswd",
    "club-backup-..%2F..%2Foverview-outside.json.gz",
  ])("%s is a 404 that serves nothing", async (name) => {
    const response = await site.request(`/admin/backups/${name}`, { cookie: ownerCookie });
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).not.toContain("private notes");
    expect(body).not.toContain("outside");
  });

  it("is a 403 for a results officer", async () => {
    const response = await site.request(`/admin/backups/${OLD}`, { cookie: officerCookie });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Disposition")).toBeNull();
  });
});

describe("as a results officer", () => {
  it("sees the counts, but no names, no failed e-mail's kind, no test e-mail button and no download link", async () => {
    const html = await (await site.request("/admin/overview", { cookie: officerCookie })).text();
    const text = await page(officerCookie);
    expect(text).toContain("Overview Summer Cup");
    expect(text).toContain("2 registration changes are waiting");
    expect(text).toMatch(/e-mails waiting to be sent, 2 e-mails failed/);
    expect(text).toContain("have not been sent: the site has no mail server");
    for (const hidden of [
      "Wanda",
      "Walter",
      "race-entry-confirmation",
      "odd-failed-kind",
      "Send a test e-mail",
      "secret.recipient",
    ])
      expect(text).not.toContain(hidden);
    expect(html).not.toContain("/admin/backups/");
  });

  it("may not send a test e-mail: 403, nothing queued", async () => {
    const before = await outboxCount();
    const response = await site.request("/admin/overview", {
      method: "POST",
      cookie: officerCookie,
      body: form({ intent: "test-email" }),
    });
    expect(response.status).toBe(403);
    expect(await outboxCount()).toBe(before);
  });

  it("the navigation starts with Overview, and /admin still lands on Races", async () => {
    const html = await (await site.request("/admin/overview", { cookie: officerCookie })).text();
    const nav = /<nav aria-label="Admin sections"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "";
    expect([...nav.matchAll(/href="([^"]+)"/g)].map((m) => m[1])[0]).toBe("/admin/overview");
    const landing = await site.request("/admin", { cookie: officerCookie });
    expect(landing.headers.get("Location")).toBe("/admin/races");
  });
});

async function outboxCount(): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM outbox_messages`);
  return rows[0]!.n;
}

describe("Send a test e-mail", () => {
  const send = () =>
    site.request("/admin/overview", { method: "POST", cookie: ownerCookie, body: form({ intent: "test-email" }) });

  it("queues one to the owner's own address, audited, and the warning counts it; the fourth within the hour is refused", async () => {
    const before = await outboxCount();
    const first = await send();
    expect(first.status).toBe(200);
    const text = (await first.text()).replace(/<[^>]+>/g, " ");
    expect(text).toContain("Test e-mail queued");
    const { rows } = await db.execute<{ recipient: string; kind: string; status: string; subject: string }>(
      sql`SELECT recipient, kind, status, subject FROM outbox_messages ORDER BY id DESC LIMIT 1`,
    );
    expect(rows[0]).toEqual({
      recipient: "overview.owner@example.org",
      kind: "admin-test-mail",
      status: "pending",
      subject: "Test e-mail from Test Club",
    });
    const audit = await db.execute<{ kind: string; admin_id: number; changes: string }>(
      sql`SELECT kind, admin_id, changes::text FROM audit_log WHERE kind = 'mail.test'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]!.admin_id).toBe(owner.id);
    expect(audit.rows[0]!.changes).not.toContain("@");

    const waiting = Number(
      (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM outbox_messages WHERE status = 'pending'`)).rows[0]!.n,
    );
    expect(await page(ownerCookie)).toContain(`${waiting} e-mails have not been sent: the site has no mail server`);

    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    expect(await outboxCount()).toBe(before + 3);
    const fourth = await send();
    expect(fourth.status).toBe(429);
    expect(await fourth.text()).toContain("At most 3 test e-mails an hour");
    expect(await outboxCount()).toBe(before + 3);
    expect((await db.execute(sql`SELECT 1 FROM audit_log WHERE kind = 'mail.test'`)).rows).toHaveLength(3);
  });

  it("a form that is not this page's is a 400 that queues nothing", async () => {
    const before = await outboxCount();
    for (const body of [form({ intent: "other" }), form({}), form({ intent: "test-email", to: "evil@example.com" })]) {
      const response = await site.request("/admin/overview", { method: "POST", cookie: ownerCookie, body });
      expect(response.status).toBe(400);
    }
    expect(await outboxCount()).toBe(before);
  });
});

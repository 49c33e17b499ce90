/** Opt-in race messages (decision 0022): who gets "results are up", once, and the way out. */
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { beforeEach, describe, expect, it } from "vitest";
import { replaceHeatResults } from "~/domain/race-day/results.server";
import { markResultsOfficial } from "~/domain/race-day/race-day.server";
import { issueMessageLink, queueEntryReminders, queueResultsUp } from "~/domain/registration/race-messages.server";
import { registerDriver } from "~/domain/registration/registrations.server";
import { driverRegistrationSchema } from "~/lib/registration/registration";
import { action as preferencesAction, loader as preferencesLoader } from "~/routes/messages";
import { action as oneClickAction } from "~/routes/messages-unsubscribe";
import { competitors, outboxMessages, raceRegistrations } from "~/db/schema";
import { createMailWorker } from "~/server/mail-worker";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";
import { CLUB, outcome, routeContext } from "../support/routes";
import { CURRENT_NOTICE } from "~/lib/privacy/notice";

const { db } = await useTestDatabase();

beforeEach(async () => {
  await db.delete(outboxMessages);
});

async function outboxFor(email: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
}

function tokenOf(url: string): string {
  return new URL(url).pathname.split("/")[2]!;
}

let n = 0;
async function register(raceEmails: boolean | undefined) {
  n++;
  const email = `optin${n}@example.com`;
  const input = driverRegistrationSchema.parse({
    firstName: "Opal",
    lastName: `Optin${n}`,
    boatNumber: String(70 + n),
    boatClasses: ["Open"],
    email,
    pipaConsent: true,
    ...(raceEmails === undefined ? {} : { raceEmails }),
  });
  const saved = await registerDriver(db, input, "submit", CLUB, CURRENT_NOTICE.version);
  if (saved.kind !== "saved") throw new Error(saved.kind);
  return { id: saved.competitorId, email };
}

describe("opting in at registration", () => {
  it("is off unless ticked; a driver who ticks it gets both kinds and a preferences link in the welcome e-mail", async () => {
    const silent = await register(undefined);
    const keen = await register(true);
    const rows = await db
      .select({ id: competitors.id, results: competitors.notifyResults, reminders: competitors.notifyReminders })
      .from(competitors)
      .where(sql`${competitors.id} IN (${silent.id}, ${keen.id})`)
      .orderBy(competitors.id);
    expect(rows).toEqual([
      { id: silent.id, results: false, reminders: false },
      { id: keen.id, results: true, reminders: true },
    ]);
    const [welcomeSilent] = await outboxFor(silent.email);
    const [welcomeKeen] = await outboxFor(keen.email);
    expect(welcomeSilent!.body).not.toContain("/messages/");
    expect(welcomeKeen!.body).toMatch(/Change that or unsubscribe: https:\/\/club\.example\/messages\/[\w-]{43}\n/);
  });
});

async function raceWithResults() {
  const race = await createRace(db, { title: "Harbour Sprint", date: "2026-05-10", status: "completed" });
  const keen = await createCompetitor(db, { firstName: "Kim", notifyResults: true });
  const keenReminderOnly = await createCompetitor(db, { notifyReminders: true });
  const silent = await createCompetitor(db);
  const noAddress = await createCompetitor(db, { email: null, notifyResults: true });
  const registeredNoResult = await createCompetitor(db, { firstName: "Rae", notifyResults: true });
  const elsewhere = await createCompetitor(db, { notifyResults: true });
  await db.insert(raceRegistrations).values({ raceId: race.id, competitorId: registeredNoResult.id, boatClass: "Open" });
  await replaceHeatResults(db, {
    raceId: race.id,
    heatNumber: 1,
    boatClass: "Open",
    competitorCount: 5,
    rows: [keenReminderOnly, keen, silent, noAddress].map((c, i) => ({
      competitorId: c.id,
      position: i + 1,
      points: 0,
      lapTime: "",
      bestLap: "",
      totalTime: "",
    })),
  } as never);
  return { race, keen, keenReminderOnly, silent, noAddress, registeredNoResult, elsewhere };
}

describe("results are up", () => {
  it("without a mail server, the admin is told the e-mails wait in the outbox, not that they are on their way (issue 32 item 5)", async () => {
    const { race } = await raceWithResults();
    const marked = await markResultsOfficial(db, race.id, { ...CLUB, mailServer: false });
    expect(marked.message).toContain(
      'A "results are up" e-mail for 2 drivers who asked for one waits in the outbox: e-mail is not set up, so it is not sent.',
    );
    expect(marked.message).not.toContain("on its way");
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.kind, "results-up"))).not.toEqual([]);
  });

  it("goes, when the results are marked official, only to entrants who asked, with their own positions and a one-click unsubscribe", async () => {
    const { race, keen, keenReminderOnly, silent, registeredNoResult, elsewhere } = await raceWithResults();
    const marked = await markResultsOfficial(db, race.id, { ...CLUB, mailServer: true });
    expect(marked).toMatchObject({ ok: true });
    expect(marked.message).toContain('A "results are up" e-mail is on its way to 2 drivers who asked for one.');

    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.kind, "results-up"));
    expect(sent.map((m) => m.recipient).sort()).toEqual([keen.email, registeredNoResult.email].sort());
    for (const other of [keenReminderOnly, silent, elsewhere]) expect(await outboxFor(other.email!)).toEqual([]);

    const toKeen = sent.find((m) => m.recipient === keen.email)!;
    expect(toKeen.subject).toBe("Results are up: Harbour Sprint");
    expect(toKeen.body).toContain("Hello Kim,");
    expect(toKeen.body).toContain("- Open, Heat 1: 2nd (20 points)");
    expect(toKeen.body).toContain(`All results: https://club.example/results/${race.id}`);
    expect(toKeen.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(toKeen.headers["List-Unsubscribe"]).toMatch(/^<https:\/\/club\.example\/messages\/[\w-]{43}\/unsubscribe>$/);
    const toRae = sent.find((m) => m.recipient === registeredNoResult.email)!;
    expect(toRae.body).toContain("No result is recorded for you in this race.");
  });

  it("is queued once, however often or concurrently it is asked for", async () => {
    const { race } = await raceWithResults();
    const attempts = await Promise.all(
      Array.from({ length: 5 }, () => db.transaction((tx) => queueResultsUp(tx, race.id, CLUB))),
    );
    expect(attempts.filter((count) => count > 0)).toEqual([2]);
    expect((await markResultsOfficial(db, race.id, CLUB)).ok).toBe(true);
    expect(await db.select().from(outboxMessages).where(eq(outboxMessages.kind, "results-up"))).toHaveLength(2);
  });

  it("reaches the mail server with the List-Unsubscribe headers", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        let body = "";
        stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(body);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    try {
      const { race } = await raceWithResults();
      await markResultsOfficial(db, race.id, CLUB);
      const worker = createMailWorker({
        db,
        log: { info() {}, warn() {}, error() {} } as never,
        smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        from: "club@example.org",
      });
      await worker.runOnce();
      await worker.stop();
      expect(received).toHaveLength(2);
      for (const raw of received) {
        const headers = raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " ");
        expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/club\.example\/messages\/[\w-]{43}\/unsubscribe>$/m);
        expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      }
    } finally {
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });
});

describe("the preferences page and one-click unsubscribe", () => {
  async function linkFor(notify: boolean) {
    const racer = await createCompetitor(db, {
      firstName: "Pat",
      lastName: "Prefs",
      notifyResults: notify,
      notifyReminders: notify,
    });
    const link = await issueMessageLink(db, racer.id, CLUB.siteUrl);
    return { racer, token: tokenOf(link.preferencesUrl) };
  }

  async function flags(id: number) {
    const [row] = await db
      .select({ results: competitors.notifyResults, reminders: competitors.notifyReminders, duties: competitors.dutyReminders })
      .from(competitors)
      .where(eq(competitors.id, id));
    return row;
  }

  function post(token: string, fields: Record<string, string>, path = `/messages/${token}`) {
    return new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  }

  it("shows the driver's current choices; an unknown link is 404 and shows nothing", async () => {
    const { token } = await linkFor(true);
    const page = outcome(await preferencesLoader({ params: { token }, context: routeContext(db) } as never));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      state: "form",
      name: "Pat Prefs",
      preferences: { notifyResults: true, notifyReminders: true, dutyReminders: true },
    });
    const unknown = outcome(await preferencesLoader({ params: { token: "x".repeat(43) }, context: routeContext(db) } as never));
    expect(unknown.status).toBe(404);
    expect(unknown.data).toMatchObject({ state: "refused", alert: { title: "Link Not Valid" } });
  });

  it("saves a choice, and Unsubscribe from All turns everything off", async () => {
    const { racer, token } = await linkFor(false);
    const saved = outcome(
      await preferencesAction({
        request: post(token, { notifyResults: "on", intent: "save" }),
        params: { token },
        context: routeContext(db),
      } as never),
    );
    expect(saved.data).toMatchObject({ notice: "Your e-mail preferences are saved." });
    expect(await flags(racer.id)).toEqual({ results: true, reminders: false, duties: false });
    const off = outcome(
      await preferencesAction({
        request: post(token, { notifyResults: "on", intent: "unsubscribe" }),
        params: { token },
        context: routeContext(db),
      } as never),
    );
    expect(off.data).toMatchObject({ notice: "You are unsubscribed. You will receive no more race e-mails." });
    expect(await flags(racer.id)).toEqual({ results: false, reminders: false, duties: false });
  });

  it("one-click: the provider's POST unsubscribes; an expired link changes nothing", async () => {
    const { racer, token } = await linkFor(true);
    const response = (await oneClickAction({
      request: post(token, { "List-Unsubscribe": "One-Click" }, `/messages/${token}/unsubscribe`),
      params: { token },
      context: routeContext(db),
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(await flags(racer.id)).toEqual({ results: false, reminders: false, duties: false });

    const late = await linkFor(true);
    await db.execute(
      sql`UPDATE message_links SET expires_at = now() - interval '1 second' WHERE competitor_id = ${late.racer.id}`,
    );
    const refused = outcome(
      await oneClickAction({
        request: post(late.token, { "List-Unsubscribe": "One-Click" }, `/messages/${late.token}/unsubscribe`),
        params: { token: late.token },
        context: routeContext(db),
      } as never),
    );
    expect(refused.status).toBe(404);
    expect(await flags(late.racer.id)).toEqual({ results: true, reminders: true, duties: true });
  });
});

describe("the entry reminder", () => {
  const HOUR = 3600_000;

  it("goes a day before entries close, to drivers who asked and have not entered, once across concurrent passes", async () => {
    const now = new Date("2026-06-10T12:00:00Z");
    await db.execute(sql`UPDATE competitors SET notify_reminders = false`);
    const due = await createRace(db, {
      title: "Reach Regatta",
      date: "2026-06-13",
      status: "upcoming",
      entriesCloseAt: new Date(now.getTime() + 12 * HOUR),
    });
    const later = await createRace(db, {
      status: "upcoming",
      date: "2026-06-20",
      entriesCloseAt: new Date(now.getTime() + 48 * HOUR),
    });
    const notOpenYet = await createRace(db, {
      status: "upcoming",
      date: "2026-06-14",
      entriesOpenAt: new Date(now.getTime() + HOUR),
      entriesCloseAt: new Date(now.getTime() + 20 * HOUR),
    });
    const cancelled = await createRace(db, {
      status: "cancelled",
      date: "2026-06-12",
      entriesCloseAt: new Date(now.getTime() + 6 * HOUR),
    });
    const keen = await createCompetitor(db, { firstName: "Rhea", notifyReminders: true });
    const entered = await createCompetitor(db, { notifyReminders: true });
    const silent = await createCompetitor(db);
    await db.insert(raceRegistrations).values({ raceId: due.id, competitorId: entered.id, boatClass: "Open" });

    const passes = await Promise.all(Array.from({ length: 4 }, () => queueEntryReminders(db, CLUB, "Atlantic/Bermuda", now)));
    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await queueEntryReminders(db, CLUB, "Atlantic/Bermuda", now)).toBe(0);

    const sent = await db.select().from(outboxMessages).where(eq(outboxMessages.kind, "entry-reminder"));
    expect(sent.map((m) => m.recipient)).toEqual([keen.email]);
    for (const other of [entered, silent]) expect(await outboxFor(other.email!)).toEqual([]);
    const [reminder] = sent;
    expect(reminder!.subject).toBe("Entries close soon: Reach Regatta");
    expect(reminder!.body).toContain("Hello Rhea,");
    // 12:00 UTC + 12 h is 9 pm in Bermuda (UTC-3 in June).
    expect(reminder!.body).toContain("close on Wednesday, June 10, 2026, 9 pm.");
    expect(reminder!.body).toContain("Enter the race: https://club.example/race-registration");
    expect(reminder!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const claimed = await db.execute<{ race_id: number }>(sql`SELECT race_id FROM race_messages WHERE kind = 'entry-reminder'`);
    expect(claimed.rows.map((r) => r.race_id)).toEqual([due.id]);
    expect([later.id, notOpenYet.id, cancelled.id]).not.toContain(claimed.rows[0]!.race_id);
  });
});

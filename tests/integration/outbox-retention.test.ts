/**
 * Issue 21, item 6: the outbox keeps sent (and given-up) e-mails for 90 days, but the links they
 * carry live shorter or longer than that. Once a message is delivered or failed for good, its row
 * keeps the text with every private link's token redacted, and no List-Unsubscribe address; the
 * e-mail that went out had them whole. Against a real local SMTP server.
 */
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeEach, expect, it } from "vitest";
import { outboxMessages } from "~/db/schema";
import { enqueue, OUTBOX } from "~/domain/platform/outbox.server";
import { registerForRace } from "~/domain/registration/race-entries.server";
import { preferencesPath, unsubscribeHeaders, unsubscribePath } from "~/lib/registration/race-messages";
import { todayInZone } from "~/lib/util/dates";
import { createMailWorker } from "~/server/mail-worker";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";
import { CLUB } from "../support/routes";

const { db } = await useTestDatabase();

const received: string[] = [];
let rejectAll = false;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (rejectAll) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    callback();
  },
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
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

const silent = { info: () => {}, warn: () => {}, error: () => {} } as never;
const worker = () => createMailWorker({ db, log: silent, smtpUrl, from: "club@example.org", intervalMs: 60_000 });

beforeEach(async () => {
  received.length = 0;
  rejectAll = false;
  await db.delete(outboxMessages);
});

/** A race entry (its manage link) and a race message (preferences link, one-click unsubscribe). */
async function messagesWithLinks() {
  const racer = await createCompetitor(db, { email: `kept.${randomBytes(3).toString("hex")}@example.com` });
  const d = new Date(`${todayInZone(CLUB.timeZone)}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 7);
  const race = await createRace(db, { date: d.toISOString().slice(0, 10), status: "upcoming" });
  const entered = await registerForRace(
    db,
    { raceId: race.id, competitorId: racer.id, boatClasses: ["Open"] },
    todayInZone(CLUB.timeZone),
    CLUB,
  );
  expect(entered.kind).toBe("registered");
  const token = randomBytes(32).toString("base64url");
  await enqueue(
    db,
    [
      {
        kind: "results-up",
        to: racer.email!,
        subject: "Results are up",
        body: `Your preferences: ${CLUB.siteUrl}${preferencesPath(token)}`,
        headers: unsubscribeHeaders(`${CLUB.siteUrl}${unsubscribePath(token)}`),
      },
    ],
    CLUB,
  );
  const rows = await db.select().from(outboxMessages).orderBy(outboxMessages.id);
  const tokens = rows.flatMap((r) => [...r.body.matchAll(/\/(?:race-entry|messages)\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!));
  expect(tokens).toHaveLength(2);
  return tokens;
}

it("keeps a sent message without the tokens of the links it carried", async () => {
  const tokens = await messagesWithLinks();
  await worker().runOnce();
  expect(received).toHaveLength(2);
  for (const token of tokens) expect(received.join("\n")).toContain(token);

  const rows = await db.select().from(outboxMessages);
  expect(rows.every((r) => r.status === "sent")).toBe(true);
  const stored = JSON.stringify(rows);
  for (const token of tokens) expect(stored).not.toContain(token);
  expect(rows.map((r) => r.body).join("\n")).toContain(`${CLUB.siteUrl}/race-entry/[redacted]`);
  expect(rows.find((r) => r.kind === "results-up")!.headers).toEqual({});
});

it("keeps a message given up on without the tokens either", async () => {
  const tokens = await messagesWithLinks();
  rejectAll = true;
  await db.update(outboxMessages).set({ attempts: OUTBOX.maxAttempts - 1 });
  await worker().runOnce();
  const rows = await db.select().from(outboxMessages).where(eq(outboxMessages.status, "failed"));
  expect(rows).toHaveLength(2);
  const stored = JSON.stringify(rows);
  for (const token of tokens) expect(stored).not.toContain(token);
});

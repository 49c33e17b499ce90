import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { outboxMessages } from "~/db/schema";
import { OUTBOX } from "~/domain/platform/outbox.server";
import { registerDriver } from "~/domain/registration/registrations.server";
import { driverRegistrationSchema } from "~/lib/registration/registration";
import { createMailWorker } from "~/server/mail-worker";
import { useTestDatabase } from "../support/database";
import { CLUB } from "../support/routes";
import { CURRENT_NOTICE } from "~/lib/privacy/notice";

const { db } = await useTestDatabase();

/** A real SMTP server on a free local port, the only thing outside the club's system. */
interface Received {
  to: string[];
  body: string;
}
const received: Received[] = [];
let rejectAll = false;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onRcptTo(_address, _session, callback) {
    if (rejectAll) return callback(Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 }));
    callback();
  },
  onData(stream, session, callback) {
    let body = "";
    stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

interface LogLine {
  level: string;
  fields: Record<string, unknown>;
  message?: string;
}
function recorder() {
  const lines: LogLine[] = [];
  const at = (level: string) => (fields: unknown, message?: string) =>
    void lines.push({ level, fields: typeof fields === "object" && fields ? (fields as Record<string, unknown>) : {}, message });
  return { lines, log: { info: at("info"), warn: at("warn"), error: at("error") } as never };
}

let n = 0;
async function register() {
  n++;
  const email = `mail${n}@example.com`;
  const input = driverRegistrationSchema.parse({
    firstName: "Grace",
    lastName: `Mailer${n}`,
    boatNumber: String(n),
    boatClasses: ["Open"],
    telephone: `441-555-77${String(n).padStart(2, "0")}`,
    email,
    pipaConsent: true,
  });
  const outcome = await registerDriver(db, input, "submit", CLUB, CURRENT_NOTICE.version);
  expect(outcome.kind).toBe("saved");
  return { email, telephone: input.telephone! };
}

async function messagesTo(email: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.recipient, email));
}

beforeEach(async () => {
  received.length = 0;
  rejectAll = false;
  // Each test starts with an empty outbox, so the worker sees only that test's messages.
  await db.delete(outboxMessages);
});

describe("the mail worker", () => {
  it("sends the registration e-mail to the driver and the copy to the club, then marks them sent", async () => {
    const { email } = await register();
    const { log } = recorder();
    const worker = createMailWorker({ db, log, smtpUrl, from: "Club <club@example.org>" });
    await worker.runOnce();
    await worker.stop();

    expect(received.map((r) => r.to).sort()).toEqual([[CLUB.clubEmail], [email]]);
    const mine = received.find((r) => r.to[0] === email)!;
    expect(mine.body).toContain("Thank you: Test Boat Club has received your driver registration.");
    const [row] = await messagesTo(email);
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it("when SMTP fails, the registration is kept, the failure recorded and retried later with backoff", async () => {
    const { email, telephone } = await register();
    rejectAll = true;
    const { lines, log } = recorder();
    const worker = createMailWorker({ db, log, smtpUrl, from: "Club <club@example.org>" });
    await worker.runOnce();

    const [failed] = await messagesTo(email);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed!.lastError).toContain("550");
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + (OUTBOX.backoffBaseSeconds - 5) * 1000);
    // Logs carry ids and codes, never the address or telephone.
    expect(lines.some((l) => l.level === "warn" && l.fields.outboxId === failed!.id)).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(email);
    expect(JSON.stringify(lines)).not.toContain(telephone);

    // Not due yet: a second pass leaves it alone.
    await worker.runOnce();
    expect((await messagesTo(email))[0]!.attempts).toBe(1);

    // Once due and the server accepts mail again, it goes out.
    rejectAll = false;
    await db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(outboxMessages.recipient, email));
    await worker.runOnce();
    await worker.stop();
    expect((await messagesTo(email))[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect(received.some((r) => r.to[0] === email)).toBe(true);
  });

  it("gives up after the last attempt and records the message as failed", async () => {
    const { email } = await register();
    rejectAll = true;
    await db
      .update(outboxMessages)
      .set({ attempts: OUTBOX.maxAttempts - 1 })
      .where(eq(outboxMessages.recipient, email));
    const { lines, log } = recorder();
    const worker = createMailWorker({ db, log, smtpUrl, from: "Club <club@example.org>" });
    await worker.runOnce();
    await worker.stop();
    expect((await messagesTo(email))[0]).toMatchObject({ status: "failed", attempts: OUTBOX.maxAttempts });
    expect(lines.some((l) => l.level === "error")).toBe(true);
  });

  it("without SMTP_URL keeps messages in the outbox and logs their ids once", async () => {
    await register();
    const { lines, log } = recorder();
    const worker = createMailWorker({ db, log, from: "Club <club@example.org>" });
    await worker.runOnce();
    await worker.runOnce();
    await worker.stop();
    const rows = await db.select().from(outboxMessages);
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.status === "pending" && r.attempts === 0)).toBe(true);
    const logged = lines.filter((l) => l.message?.includes("outbox")).map((l) => l.fields.outboxId);
    expect(logged.sort()).toEqual(rows.map((r) => r.id).sort());
    expect(received).toHaveLength(0);
  });

  it("two instances working the same outbox send each message exactly once", async () => {
    for (let i = 0; i < 10; i++) await register();
    const a = createMailWorker({ db, log: recorder().log, smtpUrl, from: "Club <club@example.org>" });
    const b = createMailWorker({ db, log: recorder().log, smtpUrl, from: "Club <club@example.org>" });
    await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(received).toHaveLength(20);
    const rows = await db.select().from(outboxMessages);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

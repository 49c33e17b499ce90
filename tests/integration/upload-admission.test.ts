/**
 * Issue 31 item 1, against the production build over real HTTP: a body over the ordinary 64 KB
 * (an image upload) is read only once the session may send it. Sixty anonymous ~10 MB uploads
 * from one address, each holding back its last byte, are answered with the login page at once and
 * closed unread: the server's memory stays within 100 MB of idle and /healthz answers. A results
 * officer's upload of the club's logo is refused 403 before its body arrives. An admin may have
 * two uploads arriving at once, the server eight; beyond, 429 and 503 at once, the body unread.
 */
import { readFileSync } from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { LARGE_BODY_MESSAGES, MAX_LARGE_BODIES, MAX_LARGE_BODIES_PER_SESSION } from "~/server/large-bodies";
import { createTestDatabase } from "../support/database";
import { createAdmin, createRace } from "../support/factories";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
const { db } = database;
let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: "0", LOG_LEVEL: "warn" });
}, 60_000);
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGTERM");
  await server?.exited;
  await database.drop();
});

const PASSWORD = "correct horse battery";
const { admin: owner } = await createAdmin(db, "upload-owner", PASSWORD);
const { admin: officer } = await createAdmin(db, "upload-officer", PASSWORD, { role: "results_officer", twoFactor: false });
const session = async (adminId: number) => `admin_session=${await createSession(db, adminId)}`;

/** The server process's resident memory, in MB (Linux). */
function rssMb(): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

const BOUNDARY = "----held-back";
/** A multipart body of one ~10 MB file, as the upload form sends it (zeros: never processed here). */
const BODY = Buffer.concat([
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  ),
  Buffer.alloc(10 * 1024 * 1024 - 512),
  Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
]);

interface HeldBack {
  /** The status line and headers, once the server answers. */
  answer: Promise<{ status: number; head: string }>;
  /** All but the last byte has been sent (or the server closed the connection). */
  sent: Promise<void>;
  /** Sends the last byte. */
  finish: () => void;
  /** Everything the server has sent so far. */
  received: () => string;
  socket: net.Socket;
}

/** An upload sent raw, all of it but its last byte. */
function heldBackUpload(path: string, cookie = ""): HeldBack {
  const socket = net.connect(server.port, "127.0.0.1");
  const head =
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}` +
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${BODY.length}\r\n\r\n`;
  let text = "";
  const answer = new Promise<{ status: number; head: string }>((resolve, reject) => {
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match && text.includes("\r\n\r\n")) resolve({ status: Number(match[1]), head: text.split("\r\n\r\n")[0]! });
    });
    socket.on("close", () => reject(new Error(`closed without an answer: ${JSON.stringify(text.slice(0, 100))}`)));
  });
  answer.catch(() => undefined);
  const sent = new Promise<void>((resolve) => {
    socket.on("error", () => resolve());
    socket.on("close", () => resolve());
    socket.write(head);
    socket.write(BODY.subarray(0, BODY.length - 1), () => resolve());
  });
  return { answer, sent, finish: () => socket.write(BODY.subarray(BODY.length - 1)), received: () => text, socket };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  ]);

async function healthzMs(): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  expect(response.status).toBe(200);
  return performance.now() - started;
}

describe("a large body is read only once its sender may send it", () => {
  it("60 held-back anonymous 10 MB uploads: memory within 100 MB of idle, /healthz answers", { timeout: 120_000 }, async () => {
    for (let i = 0; i < 5; i++) await healthzMs();
    const idle = rssMb();
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
    try {
      const uploads = Array.from({ length: 60 }, () => heldBackUpload("/admin/images?purpose=logo"));
      await Promise.all(uploads.map((u) => u.sent));
      // Held for a while: what the server kept would show now.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const health = await healthzMs();
      peak = Math.max(peak, rssMb());
      console.log(`idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, /healthz ${health.toFixed(0)} ms`);
      expect(peak - idle).toBeLessThan(100);
      expect(health).toBeLessThan(1_000);
      const answers = await within(Promise.all(uploads.map((u) => u.answer)), 10_000);
      // The route's own answer to anyone not signed in, before the body arrived.
      for (const { status, head } of answers) {
        expect(status).toBe(302);
        expect(head).toMatch(/\r\nLocation: \/admin\/login\r\n/i);
      }
      uploads.forEach((u) => u.socket.destroy());
    } finally {
      clearInterval(sampler);
    }
  });

  it("a results officer's upload of the club's logo is refused 403 before its body arrives; a race's image is read", async () => {
    const cookie = await session(officer.id);
    const logo = heldBackUpload("/admin/images?purpose=logo", cookie);
    expect((await within(logo.answer, 5_000)).status).toBe(403);
    logo.socket.destroy();

    // The same officer's race image is let on: the server waits for the whole body, then answers.
    const race = await createRace(db);
    const image = heldBackUpload(`/admin/images?purpose=race&race=${race.id}`, cookie);
    await image.sent;
    await expect(within(image.answer, 1_000)).rejects.toThrow(/no answer/);
    image.finish();
    // Zeros are no image: the form's page says so (303 with its toast).
    expect((await within(image.answer, 10_000)).status).toBe(303);
    image.socket.destroy();
  }, 30_000);

  it(`at most ${MAX_LARGE_BODIES_PER_SESSION} uploads per session and ${MAX_LARGE_BODIES} overall arrive at once`, async () => {
    const sessions = await Promise.all(
      Array.from({ length: MAX_LARGE_BODIES / MAX_LARGE_BODIES_PER_SESSION + 1 }, () => session(owner.id)),
    );
    const held: HeldBack[] = [];
    try {
      for (const cookie of sessions.slice(0, -1))
        for (let i = 0; i < MAX_LARGE_BODIES_PER_SESSION; i++) held.push(heldBackUpload("/admin/images?purpose=banner", cookie));
      await Promise.all(held.map((u) => u.sent));
      // Every one of them is being read: none is answered before its last byte.
      await expect(within(Promise.race(held.map((u) => u.answer)), 500)).rejects.toThrow(/no answer/);

      const third = heldBackUpload("/admin/images?purpose=banner", sessions[0]);
      const answer = await within(third.answer, 5_000);
      expect(answer.status).toBe(429);
      await new Promise((resolve) => third.socket.once("close", resolve));
      expect(third.received()).toContain(LARGE_BODY_MESSAGES.session);

      const ninth = heldBackUpload("/admin/images?purpose=banner", sessions.at(-1));
      const refused = await within(ninth.answer, 5_000);
      expect(refused.status).toBe(503);
      expect(refused.head).toMatch(/\r\nRetry-After: 60\r\n/i);
      await new Promise((resolve) => ninth.socket.once("close", resolve));
      expect(ninth.received()).toContain(LARGE_BODY_MESSAGES.server);

      // A client that goes away frees its place.
      held.splice(0, 2).forEach((u) => u.socket.destroy());
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = heldBackUpload("/admin/images?purpose=banner", sessions.at(-1));
      await again.sent;
      again.finish();
      expect((await within(again.answer, 10_000)).status).toBe(303);
      again.socket.destroy();
    } finally {
      held.forEach((u) => u.socket.destroy());
    }
  }, 60_000);
});

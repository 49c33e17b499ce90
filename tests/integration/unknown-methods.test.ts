/**
 * Issue 31 item 14, against the production build over real HTTP: a method the site does not
 * implement (TRACE, TRACK, CONNECT, PROPFIND, FOO) is answered 501 with the methods it does, on
 * every kind of path (a page, an admin page, a resource route, the probes, a file, the API), and
 * the server's log holds no stack trace for any of them.
 */
import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
let server: ServerProcess;
beforeAll(async () => {
  server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: "0", LOG_LEVEL: "info" });
}, 60_000);
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGTERM");
  await server?.exited;
  await database.drop();
});

/** The status line and headers of a raw request (fetch refuses to send TRACE, TRACK and CONNECT). */
function raw(method: string, path: string): Promise<{ status: number; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () =>
      socket.write(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    socket.on("data", (chunk) => (text += chunk.toString("latin1")));
    socket.on("close", () => {
      const match = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (match) resolve({ status: Number(match[1]), head: text.split("\r\n\r\n")[0]! });
      else reject(new Error(`${method} ${path}: no answer (${JSON.stringify(text.slice(0, 200))})`));
    });
    socket.on("error", reject);
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

const METHODS = ["TRACE", "TRACK", "CONNECT", "PROPFIND", "FOO"];
const PATHS = [
  "/",
  "/results",
  "/admin/competitors",
  "/admin/images?purpose=logo",
  "/admin/logout",
  "/healthz",
  "/favicon.ico",
  "/api/v1/races",
  "/no-such-page",
];

it("answers 501 naming the methods it has, and logs no stack trace", { timeout: 60_000 }, async () => {
  const answers: string[] = [];
  for (const method of METHODS)
    for (const path of PATHS) {
      // 0: the connection was closed without an answer.
      const { status, head } = await raw(method, path).catch(() => ({ status: 0, head: "" }));
      answers.push(`${method} ${path} ${status}`);
      if (status === 501) expect(head).toMatch(/\r\nAllow: GET, HEAD, POST/i);
    }
  expect(answers).toEqual(METHODS.flatMap((method) => PATHS.map((path) => `${method} ${path} 501`)));
  // The site still serves afterwards.
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const log = server.output();
  // pino writes a stack inside its JSON line ("stack":"...\n    at ..."); an error is level 50.
  expect(log).not.toMatch(/"stack"|\s+at \S+ \(|"level":50|unhandled error/);
  // Each is an ordinary request line.
  expect(log).toMatch(/"method":"TRACE","path":"\/healthz","status":501/);
  expect(log).toMatch(/"method":"PROPFIND","path":"\/admin\/images","status":501/);
});

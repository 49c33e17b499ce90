/**
 * Issue 21, item 6: the request log keeps the paths of private links but never their tokens
 * (/race-entry/<token>, /messages/<token>, its unsubscribe address, /registration/confirm/<token>),
 * whatever the answer and whatever the capitals of the path. Over HTTP on the production build.
 */
import { randomBytes } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { createTestDatabase } from "../support/database";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
let server: ServerProcess | undefined;
afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await database.drop();
});

async function logLine(pattern: RegExp, times: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  const global = new RegExp(pattern.source, "g");
  while ((server!.output().match(global) ?? []).length < times) {
    if (Date.now() > deadline) throw new Error(`no log line matching ${pattern} (x${times}) in:\n${server!.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return server!.output();
}

it("logs token routes with the token redacted", { timeout: 90_000 }, async () => {
  server = await startServer({ DATABASE_URL: database.url, DEMO_DATA: "0" });
  const token = () => randomBytes(32).toString("base64url");
  const requests = [
    { path: `/race-entry/${token()}`, method: "GET" },
    { path: `/race-entry/${token()}`, method: "POST" },
    { path: `/RACE-ENTRY/${token()}`, method: "GET" },
    { path: `/messages/${token()}`, method: "GET" },
    { path: `/messages/${token()}/unsubscribe`, method: "POST" },
    { path: `/registration/confirm/${token()}`, method: "GET" },
    { path: `/registration/confirm/${token()}?x=1`, method: "GET" },
  ];
  for (const { path, method } of requests) {
    const res = await fetch(server.url + path, {
      method,
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: method === "POST" ? "withdraw=race" : undefined,
    });
    await res.arrayBuffer();
  }
  const log = await logLine(/"msg":"request"/, requests.length);
  for (const { path } of requests) {
    const secret = path
      .split("/")
      .find((segment) => segment.length >= 43)!
      .split("?")[0]!;
    expect(log).not.toContain(secret);
  }
  expect(log).toContain('"path":"/race-entry/[redacted]"');
  expect(log).toContain('"path":"/messages/[redacted]/unsubscribe"');
  expect(log).toContain('"path":"/registration/confirm/[redacted]"');
});

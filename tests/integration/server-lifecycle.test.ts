/**
 * The embedded database's life with the server: a clean stop on SIGTERM, recovery after SIGKILL
 * with every committed row kept, and a second server on the same DATA_DIR refused.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { attachOrStartEmbeddedPostgres } from "../../db/embedded-postgres";
import { startServer, type ServerProcess } from "../support/server-process";

const dataDir = await mkdtemp(path.join(os.tmpdir(), "club-lifecycle-"));
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) s.child.kill("SIGKILL");
  await rm(dataDir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const cluster = await attachOrStartEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: cluster.connectionString });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
    await cluster.stop();
  }
}

it("survives SIGKILL, refuses a second server, and stops cleanly on SIGTERM", { timeout: 120_000 }, async () => {
  const first = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "0" });
  running.push(first);
  expect((await fetch(`${first.url}/`)).status).toBe(200);
  expect(await (await fetch(`${first.url}/healthz`)).text()).toBe("ok");
  expect(await (await fetch(`${first.url}/readyz`)).text()).toBe("ready");

  // A row committed while the first server runs.
  await query("INSERT INTO races (title, date, location, status) VALUES ('Written before the kill', '2026-05-05', 'Somerset', 'completed')");

  // A second server on the same DATA_DIR refuses with a clear message; the first keeps serving.
  const second = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "0" }, { waitUntilServing: false });
  expect(await second.exited).not.toBe(0);
  expect(second.output()).toContain("is in use by another server");
  expect((await fetch(`${first.url}/calendar`)).status).toBe(200);

  // SIGKILL leaves the embedded PostgreSQL running without its owner.
  first.child.kill("SIGKILL");
  await first.exited;

  const third = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "0" });
  running.push(third);
  const page = await (await fetch(`${third.url}/results`)).text();
  expect(page).toContain("Written before the kill");

  // SIGTERM: the server and its PostgreSQL stop, leaving no lock behind.
  third.child.kill("SIGTERM");
  expect(await third.exited).toBe(0);
  expect(third.output()).toContain('"msg":"stopped"');
  expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
});

it("a start that fails says why in one line and leaves no PostgreSQL running", { timeout: 60_000 }, async () => {
  const failing = await startServer(
    { DATA_DIR: dataDir, DEMO_DATA: "0", ADMIN_USERNAME: "secretary", ADMIN_PASSWORD: "short" },
    { waitUntilServing: false },
  );
  expect(await failing.exited).toBe(1);
  expect(failing.output()).toContain("Could not start the site: ADMIN_PASSWORD: Admin passwords must be at least 12 characters.");
  expect(failing.output()).not.toMatch(/\n\s+at /); // no stack trace
  expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
  expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
});

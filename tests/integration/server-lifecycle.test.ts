/**
 * The embedded database's life with the server: a clean stop on SIGTERM, recovery after SIGKILL
 * with every committed row kept, and a second server on the same DATA_DIR refused.
 */
import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { attachOrStartEmbeddedPostgres } from "~/db/embedded-postgres";
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
  await query(
    "INSERT INTO races (title, date, location, status) VALUES ('Written before the kill', '2026-05-05', 'Somerset', 'completed')",
  );

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

it("a port already in use: says so in one line and leaves no PostgreSQL running", { timeout: 60_000 }, async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  const { port } = blocker.address() as AddressInfo;
  try {
    const failing = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "0", PORT: String(port) }, { waitUntilServing: false });
    expect(await failing.exited).toBe(1);
    expect(failing.output()).toContain(
      `Could not start the site: port ${port} is already in use (PORT): is the site already running?`,
    );
    expect(failing.output()).not.toMatch(/\n\s+at /); // no stack trace
    expect(existsSync(path.join(dataDir, "postgres", "postmaster.pid"))).toBe(false);
    expect(existsSync(path.join(dataDir, "server.pid"))).toBe(false);
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
});

async function postmasterPid(): Promise<number> {
  return Number((await readFile(path.join(dataDir, "postgres", "postmaster.pid"), "utf8")).split("\n")[0]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it("starts at the first attempt after kill -9 of the server and its PostgreSQL together", { timeout: 120_000 }, async () => {
  const first = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "0" });
  running.push(first);
  await query(
    "INSERT INTO races (title, date, location, status) VALUES ('Written before both died', '2026-05-06', 'Paget', 'completed')",
  );
  const pgPid = await postmasterPid();
  expect(alive(pgPid)).toBe(true);
  first.child.kill("SIGKILL");
  process.kill(pgPid, "SIGKILL");
  await first.exited;

  // startServer throws if this start fails: it must succeed at once, with no retry by the caller.
  const second = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "0" });
  running.push(second);
  expect(await (await fetch(`${second.url}/results`)).text()).toContain("Written before both died");
  expect(second.output()).not.toContain("ESRCH");
  second.child.kill("SIGTERM");
  expect(await second.exited).toBe(0);
});

it("never signals an unrelated process whose PID a stale postmaster.pid holds", { timeout: 120_000 }, async () => {
  const bystander = spawn("sleep", ["300"], { stdio: "ignore" });
  const bystanderExit = new Promise<NodeJS.Signals | null>((resolve) =>
    bystander.once("exit", (_code, signal) => resolve(signal)),
  );
  try {
    // The lock file a killed postgres would leave, but its PID now belongs to `sleep`.
    const pidFile = path.join(dataDir, "postgres", "postmaster.pid");
    await writeFile(pidFile, `${bystander.pid}\n${path.join(dataDir, "postgres")}\n1700000000\n5432\n`);
    const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "0", LOG_LEVEL: "debug" });
    running.push(server);
    expect((await fetch(`${server.url}/calendar`)).status).toBe(200);
    expect(server.output()).toContain(`pid ${bystander.pid} is not this cluster's postgres`);
    expect(bystander.exitCode).toBeNull();
    expect(alive(bystander.pid!)).toBe(true);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(alive(bystander.pid!)).toBe(true);
  } finally {
    bystander.kill("SIGKILL");
    expect(await bystanderExit).toBe("SIGKILL"); // it died of our SIGKILL here, not of anything before
  }
});

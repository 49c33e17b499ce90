/**
 * `kill -9` of the server during a burst of registrations, then a start: the site comes back and
 * every registration that got a success response is there.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { attachOrStartEmbeddedPostgres } from "~/db/embedded-postgres";
import { startServer, type ServerProcess } from "../support/server-process";

const dataDir = await mkdtemp(path.join(os.tmpdir(), "club-burst-"));
const servers: ServerProcess[] = [];
afterAll(async () => {
  // SIGTERM stops the last server's PostgreSQL too, so nothing still writes into dataDir below.
  for (const s of servers) s.child.kill("SIGTERM");
  await Promise.all(servers.map((s) => s.exited));
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5 });
});

// Each request from its own address (behind a trusted proxy), so the rate limit does not interfere.
const env = { DATA_DIR: dataDir, DEMO_DATA: "0", TRUST_PROXY: "1", LOG_LEVEL: "warn" };

function register(url: string, n: number): Promise<{ n: number; ok: boolean }> {
  const body = new URLSearchParams({
    firstName: "Burst",
    lastName: `Driver${n}`,
    boatNumber: String(n),
    boatClasses: "Open",
    email: `burst${n}@example.com`,
    pipaConsent: "on",
    intent: "submit",
  });
  return fetch(`${url}/registration`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: { "X-Forwarded-For": `198.51.100.${n % 250}`, "Content-Type": "application/x-www-form-urlencoded" },
  }).then(
    (res) => ({ n, ok: res.status === 302 && res.headers.get("location") === "/" }),
    () => ({ n, ok: false }),
  );
}

it("keeps every acknowledged registration across a kill -9", { timeout: 120_000 }, async () => {
  const first = await startServer(env);
  servers.push(first);

  // A steady burst, 5 at a time, until the kill lands in the middle of it (bounded all the same).
  const attempts: Promise<{ n: number; ok: boolean }>[] = [];
  let n = 0;
  let killed = false;
  let acknowledgedSoFar = 0;
  const burst = (async () => {
    while (n < 5_000) {
      const wave = Array.from({ length: 5 }, () => register(first.url, ++n));
      attempts.push(...wave);
      const results = await Promise.all(wave);
      acknowledgedSoFar += results.filter((r) => r.ok).length;
      if (killed && results.every((r) => !r.ok)) break;
    }
  })();
  // Kill once the burst is well under way (on a busy machine the first answers take a while).
  const deadline = Date.now() + 60_000;
  while (acknowledgedSoFar < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 200));
  killed = true;
  first.child.kill("SIGKILL");
  await burst;
  const outcomes = await Promise.all(attempts);
  const acknowledged = outcomes.filter((o) => o.ok).map((o) => `burst${o.n}@example.com`);
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(outcomes.some((o) => !o.ok)).toBe(true); // the kill really interrupted the burst

  const second = await startServer(env);
  servers.push(second);
  expect((await fetch(`${second.url}/readyz`)).status).toBe(200);

  const cluster = await attachOrStartEmbeddedPostgres({ dataDir });
  const client = new pg.Client({ connectionString: cluster.connectionString });
  await client.connect();
  const { rows } = await client.query<{ email: string }>("SELECT email FROM competitors");
  await client.end();
  const stored = new Set(rows.map((r) => r.email));
  expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
});

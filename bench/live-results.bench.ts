/**
 * Live race pages (issue 13): 200 open Server-Sent Events streams on one instance while the
 * admin saves heats. Prints the server's memory per open stream (RSS before and after opening
 * them) and, per save, the time until every stream has its event and until every page has been
 * fetched again (what public/js/live-race.js does on an event).
 * Needs the production build (`npm run build`). Run: npx vitest bench --run bench/live-results.bench.ts
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, bench, describe } from "vitest";
import { startServer } from "../tests/support/server-process";

const STREAMS = 200;
const SAVES = 10;

const dataDir = await mkdtemp(path.join(os.tmpdir(), "club-bench-live-"));
const server = await startServer({
  DATA_DIR: dataDir,
  DEMO_DATA: "1",
  LOG_LEVEL: "warn",
  ADMIN_USERNAME: "bench-admin",
  ADMIN_PASSWORD: "bench-admin-password",
  // Every stream comes from this one address.
  LIVE_MAX_PER_ADDRESS: "1000",
});
const controller = new AbortController();
afterAll(async () => {
  controller.abort();
  server.child.kill("SIGTERM");
  await server.exited;
  await rm(dataDir, { recursive: true, force: true });
});

const rss = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))![1]) * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const login = await fetch(`${server.url}/admin/login`, {
  method: "POST",
  redirect: "manual",
  headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams({ username: "bench-admin", password: "bench-admin-password" }),
});
const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
const editor = await (await fetch(`${server.url}/admin/results`, { headers: { Cookie: cookie } })).text();
const raceId = /<option value="(\d+)">Club Day Race/.exec(editor)![1]!;
// The demo's racers are the first rows of a fresh database: ids 1 to 20.
const racers = Array.from({ length: 12 }, (_, i) => String(i + 1));
const page = `${server.url}/calendar/${raceId}`;
await fetch(page); // warm the page cache and the route module

// Each stream resolves `waiting[i]` when its next event arrives.
const waiting: ((at: number) => void)[] = [];
async function open(i: number) {
  const response = await fetch(`${server.url}/live/races/${raceId}`, { signal: controller.signal });
  if (response.status !== 200) throw new Error(`stream ${i}: ${response.status}`);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        if (decoder.decode(value).includes("event: change")) waiting[i]?.(performance.now());
      }
    } catch {
      // aborted at the end
    }
  })();
}

await sleep(500);
const before = rss();
for (let i = 0; i < STREAMS; i += 20) await Promise.all(Array.from({ length: 20 }, (_, j) => open(i + j)));
await sleep(1_000);
const after = rss();

let saveNumber = 0;
const eventTimes: number[] = [];
const refetchTimes: number[] = [];
async function saveAndWait() {
  const order = [...racers].sort(() => Math.random() - 0.5);
  const events = Array.from({ length: STREAMS }, (_, i) => new Promise<number>((resolve) => (waiting[i] = resolve)));
  const body = new URLSearchParams({
    raceId,
    heatNumber: String((saveNumber++ % 3) + 1),
    boatClass: "Open",
    competitorCount: String(order.length),
  });
  order.forEach((id, i) => {
    body.set(`rows[${i}].position`, String(i + 1));
    body.set(`rows[${i}].competitorId`, id);
  });
  const started = performance.now();
  const saved = await fetch(`${server.url}/admin/results`, {
    method: "POST",
    headers: { Origin: server.url, Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body,
  });
  if (saved.status !== 200) throw new Error(`save: ${saved.status}`);
  // Every open page, on its event, fetches the page again.
  const refetched = events.map((event) => event.then(() => fetch(page).then((r) => r.text())));
  const times = await Promise.all(events);
  eventTimes.push(Math.max(...times) - started);
  await Promise.all(refetched);
  refetchTimes.push(performance.now() - started);
}

await saveAndWait(); // warm-up
eventTimes.length = refetchTimes.length = 0;
for (let i = 0; i < SAVES; i++) await saveAndWait();

describe(`${STREAMS} open live race pages`, () => {
  bench("save a heat of 12; every stream hears of it and fetches the page", saveAndWait, { iterations: 5, time: 0 });
});

afterAll(() => {
  const stat = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return `p50 ${s[Math.floor(s.length / 2)]!.toFixed(0)} ms, max ${s[s.length - 1]!.toFixed(0)} ms (${s.length} saves)`;
  };
  console.log(
    `\nLive race pages, ${STREAMS} streams on one instance:\n` +
      `  server RSS ${(before / 2 ** 20).toFixed(1)} MB -> ${(after / 2 ** 20).toFixed(1)} MB: ` +
      `${((after - before) / STREAMS / 1024).toFixed(1)} KB per open stream\n` +
      `  save -> last of ${STREAMS} events: ${stat(eventTimes)}\n` +
      `  save -> last of ${STREAMS} pages fetched again: ${stat(refetchTimes)}\n`,
  );
});

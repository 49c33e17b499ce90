/**
 * What a visitor waits for while the heaviest work an attacker or an admin can start is running
 * (issue 31 items 5 and 6): `/healthz` answered by the production server (a) idle, the reference
 * in the same run, (b) while twenty notices of a link and 9,981 ")" are read again and again
 * (`/news.atom` and `/news` rebuilt after every change to the news table), (c) while the largest
 * import allowed (5,000 rows of near-identical 101-letter names) is uploaded and previewed again
 * and again against 1,000 racers with such names. The figure is /healthz's max and p99 beside
 * the idle reference: the work itself may take seconds, the site may not stop meanwhile.
 * Needs `npm run build`. Run: npx vitest bench --run bench/stalls.bench.ts
 */
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, bench, describe } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { competitors } from "~/db/schema";
import { createTestDatabase } from "../tests/support/database";
import { createAdmin, createRace } from "../tests/support/factories";
import { startServer, type ServerProcess } from "../tests/support/server-process";

const t = await createTestDatabase();
let server: ServerProcess;
let cookie = "";
let raceId = 0;

const LINK = "https://example.org/boats";
const STALL = `${LINK}${")".repeat(10_000 - LINK.length)}`;
const FIRST = "Bartholomew-Maximilian-Fitzgerald-Worthington-Smyt";
/** A 50-letter name with a few letters changed by `n`: every two of them a few edits apart. */
function nearName(n: number, salt: string): string {
  const letters = Array.from("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwx");
  const code = `${n.toString(36)}${salt}`;
  for (let k = 0; k < code.length; k++) letters[(k * 13 + n) % letters.length] = code[k]!;
  return letters.join("");
}
const IMPORT_FILE = [
  "Pos,Name,Heat",
  ...Array.from({ length: 5000 }, (_, i) => `${(i % 99) + 1},${FIRST} ${nearName(i, "q")},${Math.floor(i / 99) + 1}`),
].join("\n");

beforeAll(async () => {
  await t.pool.query(
    `INSERT INTO news (title, body, published_at)
       SELECT 'Stall ' || i, $1, now() - i * interval '1 minute' FROM generate_series(1, 20) AS i`,
    [STALL],
  );
  await t.db.insert(competitors).values(
    Array.from({ length: 1000 }, (_, i) => ({
      firstName: FIRST,
      lastName: nearName(i, "r"),
      boatNumber: "",
      boatClasses: ["Open"],
    })),
  );
  const { admin } = await createAdmin(t.db, "stall-bench", "tally-ho-lakeside-9731");
  cookie = `admin_session=${await createSession(t.db, admin.id)}`;
  raceId = (await createRace(t.db, { title: "Near Names Cup" })).id;
  server = await startServer({ DATABASE_URL: t.url, DEMO_DATA: "0", LOG_LEVEL: "warn" });
}, 180_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
  await t.drop();
});

async function health() {
  const response = await fetch(`${server.url}/healthz`);
  if ((await response.text()) !== "ok") throw new Error(`/healthz answered ${response.status}`);
}

/**
 * The heavy work runs in a worker thread, over and over (one at a time, as one attacker's loop
 * would): reading a 5,000-row preview page or building the upload would otherwise hold this
 * thread's event loop and count against /healthz, which measures the server.
 */
const LOAD = `
const { parentPort, workerData: w } = require("node:worker_threads");
const { Client } = require("pg");
let running = true;
parentPort.on("message", () => (running = false));
const get = async (path, headers) => (await fetch(w.url + path, { headers })).text();
const work = {
  // A change to the news table drops the kept feed: the next request builds it again.
  async news(db) {
    await db.query("UPDATE news SET title = title WHERE id = (SELECT min(id) FROM news)");
    await Promise.all(["/news.atom", "/news"].map((path) => get(path, { Cookie: "x=1" })));
  },
  async import() {
    const body = new FormData();
    body.set("intent", "preview");
    body.set("file", new Blob([w.file], { type: "text/csv" }), "near-names.csv");
    const uploaded = await fetch(w.url + "/admin/races/" + w.raceId + "/import", {
      method: "POST", body, redirect: "manual", headers: { Cookie: w.cookie, Origin: w.url },
    });
    const location = uploaded.headers.get("Location");
    if (uploaded.status !== 302 || !location) throw new Error("upload answered " + uploaded.status);
    if (!(await get(location, { Cookie: w.cookie })).includes("5000 rows")) throw new Error("no preview");
  },
};
(async () => {
  const db = new Client({ connectionString: w.databaseUrl });
  await db.connect();
  while (running) await work[w.kind](db);
  await db.end();
  parentPort.postMessage("stopped");
})();
`;

function inBackground(kind: "news" | "import") {
  const worker = new Worker(LOAD, {
    eval: true,
    workerData: { kind, url: server.url, cookie, raceId, file: IMPORT_FILE, databaseUrl: t.url },
  });
  const stopped = new Promise<void>((resolve, reject) => {
    worker.once("message", () => resolve());
    worker.once("error", reject);
  });
  return async () => {
    worker.postMessage("stop");
    await stopped;
    await worker.terminate();
  };
}

const OPTIONS = { time: Number(process.env.BENCH_SECONDS ?? 8) * 1000, warmupTime: 500 };
let stop: (() => Promise<void>) | undefined;

describe("/healthz while the heaviest work runs", () => {


  bench("while a 5,000-row import of near-identical names is previewed", health, {
    ...OPTIONS,
    setup: () => void (stop = inBackground("import")),
    teardown: async () => await stop?.(),
  });
});

/**
 * The whole site on 20 seasons of history (issue 11's numbers), against the production build:
 * (a) p50/p99 of every public page's server render (cache bypassed), (b) throughput of cached
 * anonymous pages with autocannon (c=50, loopback) beside nginx, or Node's own static server
 * when nginx is missing, serving the same bytes with the same encoding, and beside uncached
 * renders, (c) first-load JavaScript and total transfer per page, (d) Lighthouse mobile score and
 * LCP per page when the `lighthouse` package is installed (`npm install --no-save lighthouse`, or
 * LIGHTHOUSE_CLI=/path/to/lighthouse/cli/index.js) and Chromium is at /usr/bin/chromium.
 * Needs `npm run build`. Run: npx vitest bench --run bench/site.bench.ts (or npm run bench).
 * BENCH_SECONDS sets each autocannon run's length (default 8); BENCH_LIGHTHOUSE=admin runs Lighthouse
 * on the admin screens only (and the home page, for reference). BENCH_HOLD=MINUTES seeds the data,
 * starts the site, prints its address, an owner's cookie and the screens' paths, and keeps it open
 * that long for profiling by hand (Lighthouse, Chromium's devtools) instead of measuring.
 */
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { afterAll, bench, describe } from "vitest";
import { createSession } from "~/domain/admin/auth.server";
import { createTestDatabase } from "../tests/support/database";
import { createAdmin } from "../tests/support/factories";
import { firstLoad } from "../tests/support/first-load";
import { freePort, startServer } from "../tests/support/server-process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const RESULTS = 100_000;
const t = await createTestDatabase();
const { db } = t;

// 20 seasons (2007-2026) of a club of 200 members (100 per class), 30 of each class active in a
// season, members coming and going from year to year; 25 races a season, 20 boats of each class
// at every race running 5 heats: 200 results a race, about 100,000 in all; 6 races still to come.
await db.execute(sql`
  INSERT INTO competitors (first_name, last_name, email, boat_name, boat_number, boat_classes)
  SELECT 'Racer', 'Number ' || i, 'racer' || i || '@example.com', 'Boat ' || i, i::text,
         ARRAY[CASE WHEN i <= 100 THEN 'Open' ELSE 'Superboat' END]
  FROM generate_series(1, 200) AS i`);
await db.execute(sql`
  INSERT INTO races (title, date, location, description, status)
  SELECT 'Round ' || r || ' of ' || y, make_date(y, 1, 10) + (r * 13), 'Ferry Reach', 'Club race', 'completed'
  FROM generate_series(2007, 2026) AS y, generate_series(1, 25) AS r
  WHERE make_date(y, 1, 10) + (r * 13) < current_date`);
// In heat h, place p goes to entrant (p + 7h + race) mod 20 of the race's 20, who is active
// member (11 race + entrant) mod 30 of the season's 30 in that class: distinct boats per heat.
await db.execute(sql`
  INSERT INTO race_results (race_id, competitor_id, position, heat_number, boat_class, best_lap, points)
  SELECT r.id,
         c * 100 + ((extract(year FROM r.date)::int - 2007) * 3 + (r.id * 11 + (p + h * 7 + r.id) % 20) % 30) % 100 + 1,
         p, h, CASE WHEN c = 0 THEN 'Open' ELSE 'Superboat' END,
         '0:4' || (p % 10) || '.20',
         CASE p WHEN 1 THEN 25 WHEN 2 THEN 20 WHEN 3 THEN 15 WHEN 4 THEN 13 WHEN 5 THEN 11 WHEN 6 THEN 10
                WHEN 7 THEN 9 WHEN 8 THEN 8 WHEN 9 THEN 7 WHEN 10 THEN 6 ELSE 5 END
  FROM races r, generate_series(0, 1) c, generate_series(1, 5) h, generate_series(1, 20) p`);
// Past races' results were made official the evening of the race, as the club does.
await db.execute(sql`UPDATE races SET results_official_at = (date + time '20:00') AT TIME ZONE 'UTC'`);
await db.execute(sql`
  INSERT INTO races (title, date, location, description, status)
  SELECT 'Coming race ' || i, current_date + i * 14, 'Ferry Reach', 'Club race', 'upcoming' FROM generate_series(1, 6) AS i`);
const results = (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM race_results`)).rows[0]!.n;
if (Math.abs(results - RESULTS) > RESULTS * 0.05) throw new Error(`expected about ${RESULTS} results, made ${results}`);
await db.execute(sql`ANALYZE`);
const ids = (
  await db.execute<{ past: number; next: number }>(sql`
    SELECT (SELECT max(race_id) FROM race_results) AS past, (SELECT min(id) FROM races WHERE status = 'upcoming') AS next`)
).rows[0]!;

const server = await startServer({ DATABASE_URL: t.url, DEMO_DATA: "0", LOG_LEVEL: "warn" });
const PAGES = [
  "/",
  "/results",
  "/results?year=2016",
  `/results/${ids.past}`,
  "/calendar",
  `/calendar/${ids.next}`,
  "/standings",
  "/standings?season=2025",
  "/competitor/60",
  // The public forms (decision 0033): server HTML and their page script, measured like the read pages.
  "/registration",
  "/race-registration",
];
// Admin screens (issue 26 item 2), signed in as an owner: what a results officer loads at the lake.
const { admin } = await createAdmin(db, "bench-owner", "tally-ho-lakeside-9731");
const adminCookie = `admin_session=${await createSession(db, admin.id)}`;
/** The login page is measured signed out: signed in, it sends the admin on. */
const signedIn = (page: string) => page.startsWith("/admin/") && page !== "/admin/login";
// Every admin screen (issue 34 item 6: each scores at least 95 with this data), the first five as measured since issue 26.
const ADMIN_PAGES = [
  "/admin/login",
  "/admin/competitors",
  "/admin/races",
  `/admin/results?race=${ids.past}`,
  "/admin/seasons",
  "/admin/overview",
  "/admin/competitors/duplicates",
  "/admin/races?year=2016",
  `/admin/races/${ids.next}/heats`,
  `/admin/races/${ids.next}/check-in`,
  `/admin/races/${ids.past}/import`,
  "/admin/results",
  "/admin/news",
  "/admin/audit",
  "/admin/privacy",
  "/admin/admins",
  "/admin/settings",
  "/admin/backups",
  "/admin/sessions",
  "/admin/account",
  "/admin/account/two-factor",
];
if (process.env.BENCH_HOLD) {
  console.log(JSON.stringify({ url: server.url, cookie: adminCookie, pages: [...PAGES, ...ADMIN_PAGES] }));
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_HOLD) * 60_000));
}
const out: string[] = [`\n# Site benchmark: ${results.toLocaleString("en")} results over 20 seasons`];
const load = () =>
  `load average ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}`;
out.push(`${new Date().toISOString()}, ${os.cpus().length} cores, ${load()} at the start`);

// (a) Server render, cache bypassed (any cookie does), one request at a time.
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
out.push("\n## Server render (no page cache), 60 requests per page after 5 warm-ups\n");
out.push("| page | p50 ms | p99 ms |", "|---|---|---|");
for (const page of PAGES) {
  const times: number[] = [];
  for (let i = 0; i < 65; i++) {
    const start = performance.now();
    const response = await fetch(server.url + page, { headers: { Cookie: "bench=1", "Accept-Encoding": "gzip" } });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${page}: ${response.status}`);
    if (i >= 5) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  out.push(`| ${page} | ${quantile(times, 0.5).toFixed(1)} | ${quantile(times, 0.99).toFixed(1)} |`);
}

// (b) Throughput: our cached pages, the same gzip bytes from nginx (or Node's static server), uncached renders.
const THROUGHPUT_PAGES = ["/", "/standings", "/calendar"];
const staticDir = await mkdtemp(path.join(os.tmpdir(), "club-bench-static-"));
await chmod(staticDir, 0o755); // nginx's workers read it
const files = new Map<string, Buffer>();
for (const [i, page] of THROUGHPUT_PAGES.entries()) {
  // The exact gzip bytes our server sends (fetch would decode them). The first request fills the cache.
  await rawBody(server.url + page);
  const raw = await rawBody(server.url + page);
  files.set(`/p${i}`, raw);
  await writeFile(path.join(staticDir, `p${i}`), raw);
}

async function rawBody(url: string): Promise<Buffer> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
      if (res.headers["content-encoding"] !== "gzip") reject(new Error(`${url} was not sent gzip`));
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve(Buffer.concat(chunks)));
    });
    req.on("error", reject);
    req.end();
  });
}

const staticPort = await freePort();
let stopStatic: () => Promise<void>;
let staticName: string;
if (existsSync("/usr/sbin/nginx")) {
  staticName = "nginx (1 worker, the same gzip bytes as files)";
  const conf = path.join(staticDir, "nginx.conf");
  await writeFile(
    conf,
    `worker_processes 1;
pid ${staticDir}/nginx.pid;
error_log stderr warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${staticDir}/tmp;
  proxy_temp_path ${staticDir}/tmp;
  fastcgi_temp_path ${staticDir}/tmp;
  uwsgi_temp_path ${staticDir}/tmp;
  scgi_temp_path ${staticDir}/tmp;
  sendfile on;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${staticPort};
    root ${staticDir};
    location / { types { } default_type "text/html; charset=utf-8"; add_header Content-Encoding gzip; add_header Vary "Accept-Encoding"; }
  }
}
`,
  );
  const nginx = spawn("/usr/sbin/nginx", ["-p", staticDir, "-c", conf, "-e", "stderr"], { stdio: ["ignore", "ignore", "pipe"] });
  const exited = new Promise((resolve) => nginx.once("exit", resolve));
  stopStatic = async () => {
    nginx.kill("SIGQUIT");
    await exited;
  };
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`http://127.0.0.1:${staticPort}/p0`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
} else {
  staticName = "Node http static server (the same gzip bytes from memory)";
  const node: Server = createServer((req, res) => {
    const body = files.get(req.url ?? "");
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Encoding": "gzip",
      "Content-Length": body.length,
      Vary: "Accept-Encoding",
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => node.listen(staticPort, "127.0.0.1", resolve));
  stopStatic = () => new Promise((resolve) => node.close(() => resolve()));
}

async function cannon(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url,
    connections: 50,
    duration: SECONDS,
    headers: { "Accept-Encoding": "gzip", ...headers },
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  return `${Math.round(result.requests.average).toLocaleString("en")} req/s (p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms${failed ? `, ${failed} failed` : ""})`;
}

out.push(`\n## Throughput, autocannon c=50 for ${SECONDS} s each, loopback, gzip (${load()} before)\n`);
out.push(`| page | ours, cached | ${staticName} | ours, uncached renders |`, "|---|---|---|---|");
const rows = new Map<string, string[]>();
for (const [i, page] of THROUGHPUT_PAGES.entries()) {
  rows.set(page, [await cannon(server.url + page), await cannon(`http://127.0.0.1:${staticPort}/p${i}`)]);
}
// Uncached last, one page at a time: autocannon stops sending after its run, but the server still
// renders what it queued, so wait until it answers quickly again before the next run.
for (const page of THROUGHPUT_PAGES) {
  rows.get(page)!.push(await cannon(server.url + page, { Cookie: "bench=1" }));
  for (let i = 0; i < 120; i++) {
    const start = performance.now();
    await (await fetch(server.url + "/healthz")).text();
    if (performance.now() - start < 20) break;
    await new Promise((r) => setTimeout(r, 500));
  }
}
for (const [page, cells] of rows) out.push(`| ${page} | ${cells.join(" | ")} |`);
await stopStatic();
out.push(`(${load()} after)`);

// (c) First-load weight.
out.push("\n## First load per page (gzip)\n", "| page | JS KB (files) | HTML KB | total transfer KB |", "|---|---|---|---|");
const kb = (n: number) => (n / 1024).toFixed(1);
for (const page of PAGES) {
  const weight = await firstLoad(server.url, page);
  out.push(`| ${page} | ${kb(weight.js)} (${weight.jsFiles}) | ${kb(weight.html)} | ${kb(weight.total)} |`);
}
out.push(
  "\n## First load as sent to a browser that accepts brotli (the admin screens' budget: JS <= 120 KB)\n",
  "| page | JS KB (files) | HTML KB | total transfer KB |",
  "|---|---|---|---|",
);
for (const page of [...PAGES, ...ADMIN_PAGES]) {
  const weight = await firstLoad(server.url, page, {
    asSent: true,
    cookie: signedIn(page) ? adminCookie : undefined,
  });
  out.push(`| ${page} | ${kb(weight.js)} (${weight.jsFiles}) | ${kb(weight.html)} | ${kb(weight.total)} |`);
}

// (d) Lighthouse, when installed.
function lighthouseCli(): string | undefined {
  if (process.env.LIGHTHOUSE_CLI) return process.env.LIGHTHOUSE_CLI;
  try {
    return createRequire(import.meta.url).resolve("lighthouse/cli/index.js");
  } catch {
    return undefined;
  }
}
const cli = lighthouseCli();
// BENCH_LIGHTHOUSE=admin: the admin screens alone, with the home page as the machine's reference.
const LIGHTHOUSE_PAGES = process.env.BENCH_LIGHTHOUSE === "admin" ? ["/", ...ADMIN_PAGES] : [...PAGES, ...ADMIN_PAGES];
if (cli && existsSync("/usr/bin/chromium")) {
  out.push(`\n## Lighthouse (mobile: simulated slow 4G, 4x CPU slowdown), performance category (${load()} before)\n`);
  out.push("| page | score | LCP ms | FCP ms | TBT ms |", "|---|---|---|---|---|");
  const run = async (page: string) => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        cli,
        server.url + page,
        ...(signedIn(page) ? [`--extra-headers=${JSON.stringify({ Cookie: adminCookie })}`] : []),
        "--quiet",
        "--output=json",
        "--output-path=stdout",
        "--only-categories=performance",
        "--chrome-flags=--headless=new --no-sandbox --disable-background-networking",
      ],
      { env: { ...process.env, CHROME_PATH: "/usr/bin/chromium" }, maxBuffer: 64 * 1024 * 1024 },
    );
    return JSON.parse(stdout) as {
      runtimeError?: { code: string };
      categories: { performance: { score: number | null } };
      audits: Record<string, { numericValue: number }>;
    };
  };
  for (const page of LIGHTHOUSE_PAGES) {
    try {
      // A run that fails to measure (Lighthouse exits with an error, or reports a runtimeError or
      // no score, which happens now and then on this machine) is run once more and said so in the
      // table; a low score is never run again.
      let note = "";
      let report = await run(page).catch((error: unknown) => {
        note = ` (second run: the first failed, ${String(error).slice(0, 60)})`;
        return null;
      });
      if (report && (report.runtimeError || report.categories.performance.score === null)) {
        note = ` (second run: the first failed, ${report.runtimeError?.code ?? "no score"})`;
        report = null;
      }
      report ??= await run(page);
      const audit = (name: string) => Math.round(report.audits[name]!.numericValue);
      out.push(
        `| ${page} | ${Math.round((report.categories.performance.score ?? 0) * 100)}${note} | ${audit("largest-contentful-paint")} | ${audit("first-contentful-paint")} | ${audit("total-blocking-time")} |`,
      );
    } catch (error) {
      // Lighthouse's own words are the last line it wrote (the command line carries the cookie).
      const said = String((error as { stderr?: string }).stderr ?? error)
        .trim()
        .split("\n")
        .at(-1);
      out.push(`| ${page} | failed: ${said?.slice(0, 120)} | | | |`);
    }
  }
  out.push(`(${load()} after)`);
} else {
  out.push("\nLighthouse: not installed (`npm install --no-save lighthouse`), or no /usr/bin/chromium; skipped.");
}

console.log(out.join("\n") + "\n");

afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await rm(staticDir, { recursive: true, force: true });
  await t.drop();
});

describe("cached anonymous page, one request at a time (20 seasons)", () => {
  bench("GET / from the page cache", async () => {
    await (await fetch(server.url + "/")).arrayBuffer();
  });
});

/**
 * First-load weight of each public page as a phone at the lake downloads it: HTML, and the
 * JavaScript and CSS it preloads, gzip-compressed. Also times a full server render.
 * Needs the production build (`npm run build`). Run: npm run bench
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, bench, describe } from "vitest";
import { startServer } from "../tests/support/server-process";

const dataDir = await mkdtemp(path.join(os.tmpdir(), "club-bench-"));
const server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: "1", LOG_LEVEL: "warn" });
afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
  await rm(dataDir, { recursive: true, force: true });
});

const PAGES = ["/", "/results", "/results/4", "/calendar", "/standings", "/competitor/1"];
const gz = (text: string) => gzipSync(text).length;

const rows: string[] = [];
for (const page of PAGES) {
  const html = await (await fetch(server.url + page)).text();
  const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  let js = 0;
  let css = 0;
  for (const asset of new Set(assets)) {
    const size = gz(await (await fetch(server.url + asset)).text());
    if (asset.endsWith(".js")) js += size;
    else css += size;
  }
  rows.push(
    `${page.padEnd(14)} html ${(gz(html) / 1024).toFixed(1)} kB, js ${(js / 1024).toFixed(1)} kB, css ${(css / 1024).toFixed(1)} kB (gzip)`,
  );
}
console.log(`\nFirst-load weight per page:\n${rows.join("\n")}\n`);

describe("server render over HTTP (demo data)", () => {
  for (const page of ["/", "/standings", "/calendar", "/results"]) {
    bench(`GET ${page}`, async () => {
      await (await fetch(server.url + page)).text();
    });
  }
});

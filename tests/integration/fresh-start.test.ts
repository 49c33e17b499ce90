/**
 * `npm start` on a fresh clone builds everything the site serves, the service worker included
 * (it once built only the app: /sw.js answered 404 and race-day offline silently did not work),
 * and a change to any build input, the worker's sources and both Vite configs included, makes
 * the next start build again.
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync, utimesSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { BUILD_INPUTS, buildIsFresh } from "../../scripts/ensure-build.js";
import { createTestDatabase } from "../support/database";
import { startServer, type ServerProcess } from "../support/server-process";

const database = await createTestDatabase();
const clone = mkdtempSync(path.join(os.tmpdir(), "club-fresh-clone-"));
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  await database.drop();
  rmSync(clone, { recursive: true, force: true });
});

it(
  "builds the app, the service worker and the forms' page script on the first `npm start`, and serves them",
  { timeout: 180_000 },
  async () => {
    // A clone as git would lay it: the sources and launchers, no build; the installed packages shared.
    for (const entry of [...BUILD_INPUTS, "server.js", "scripts"]) {
      cpSync(entry, path.join(clone, entry), { recursive: true });
    }
    symlinkSync(path.resolve("node_modules"), path.join(clone, "node_modules"), "dir");
    expect(buildIsFresh(clone)).toBe(false);

    server = await startServer(
      { DATABASE_URL: database.url, DEMO_DATA: "0", LOG_LEVEL: "warn" },
      { cwd: clone, script: "scripts/start.js", timeoutMs: 150_000 },
    );
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get("content-type")).toMatch(/javascript/);
    expect(await worker.text()).toContain("serwist");
    const forms = await fetch(`${server.url}/js/public-forms.js`);
    expect(forms.status).toBe(200);
    expect(buildIsFresh(clone)).toBe(true);
  },
);

it.each(["sw/service-worker.ts", "vite.sw.config.ts", "vite.forms.config.ts", "vite.config.ts", "app/browser/public-forms.ts"])(
  "counts a change to %s as a reason to build again",
  (input) => {
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(clone, input), later, later);
    expect(buildIsFresh(clone)).toBe(false);
  },
);

/**
 * The whole site over real HTTP against a test database: the Express app of server/http.ts with
 * the route modules, both from one module graph (the production build, or Vite's compile of the
 * sources), so the router contexts the server sets are the ones the routes read.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { admins } from "~/db/schema";
import { TOTP_PERIOD_SECONDS, totpCode } from "~/lib/admin/totp";
import { usableTotpStep } from "./totp-step";
import { TEST_TOTP_SECRET } from "./factories";
import { TEST_TOTP_KEY } from "./totp-key";
import type { createHttpApp as CreateHttpApp } from "~/server/http";
import { createLogger } from "~/server/logger";

export interface TestSite {
  url: string;
  /** fetch against the site; redirects are not followed, so a test sees them. */
  request: (path: string, init?: RequestInit & { cookie?: string }) => Promise<Response>;
  close: () => Promise<void>;
}

interface SiteCode {
  createHttpApp: typeof CreateHttpApp;
  build: ServerBuild | (() => Promise<ServerBuild>);
  close: () => Promise<void>;
}

/**
 * The site's code: the production build when it is newer than every source file (as after
 * `npm run build`, which `npm test` runs first), else the sources through Vite (as `npm run dev`
 * does, about 10-20 s of compiling per test file). TEST_SITE=dev forces the sources.
 */
async function siteCode(): Promise<SiteCode> {
  if (process.env.TEST_SITE !== "dev" && buildIsFresh()) {
    const bundle = (await import(/* @vite-ignore */ pathToFileURL(BUILD_ENTRY).href)) as {
      createHttpApp: typeof CreateHttpApp;
      serverBuild: () => Promise<ServerBuild>;
    };
    return { createHttpApp: bundle.createHttpApp, build: await bundle.serverBuild(), close: async () => undefined };
  }
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  const { createHttpApp } = (await vite.ssrLoadModule("/server/http.ts")) as { createHttpApp: typeof CreateHttpApp };
  return {
    createHttpApp,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    close: () => vite.close(),
  };
}

const BUILD_ENTRY = path.resolve("build/server/index.js");

let fresh: boolean | undefined;
function buildIsFresh(): boolean {
  if (fresh !== undefined) return fresh;
  if (!existsSync(BUILD_ENTRY)) return (fresh = false);
  const built = statSync(BUILD_ENTRY).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? newer(full) : statSync(full).mtimeMs > built;
    });
  const configs = ["vite.config.ts", "react-router.config.ts", "package-lock.json"];
  return (fresh =
    !["app", "server", "db", "public"].some((dir) => existsSync(dir) && newer(dir)) &&
    !configs.some((file) => existsSync(file) && statSync(file).mtimeMs > built));
}

/** `config` overrides the test club's settings, e.g. `{ pinnedToday }` to fix "today". */
export async function startTestSite(
  db: Database,
  config: { pinnedToday?: string; mailServer?: boolean; backupDir?: string } = {},
): Promise<TestSite> {
  const site = await siteCode();
  const app = site.createHttpApp({
    db,
    build: site.build,
    config: {
      clubName: "Test Club",
      clubEmail: "info@example.org",
      timeZone: "Atlantic/Bermuda",
      siteUrl: "http://localhost",
      ...config,
    },
    log: createLogger("silent"),
    production: false,
    totpKey: TEST_TOTP_KEY,
  });
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...siteAt(url, { forceOrigin: true }),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await site.close();
    },
  };
}

/**
 * Requests to a site already running at `url` (e.g. a server process), redirects not followed.
 * A POST carries the site's own Origin as a browser's would, unless the caller names another
 * (`forceOrigin`: always the site's own).
 */
export function siteAt(url: string, { forceOrigin = false } = {}): Pick<TestSite, "url" | "request"> {
  return {
    url,
    request(path, { cookie, headers, ...init } = {}) {
      const h = new Headers(headers);
      if (cookie) h.set("Cookie", cookie);
      // Browsers send an Origin with every POST; React Router checks it against the host.
      if (init.method && init.method !== "GET" && (forceOrigin || !h.has("Origin"))) h.set("Origin", url);
      return fetch(url + path, { ...init, headers: h, redirect: "manual" });
    },
  };
}

export function form(values: Record<string, string | number>): URLSearchParams {
  return new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
}

/**
 * Signs in over HTTP as a person does: the password, then (for an account with TOTP on) the
 * current code from the secret. Codes are accepted once per 30-second step, so the code is taken
 * from the first step after the last one this admin used (within the step before to the step after).
 */
export async function signInOverHttp(
  site: Pick<TestSite, "request">,
  db: Database,
  username: string,
  password: string,
  totpSecret: string = TEST_TOTP_SECRET,
): Promise<string> {
  const response = await signInResponse(site, db, username, password, { totpSecret });
  const session = cookieValue(response, "admin_session");
  if (!session)
    throw new Error(
      `sign-in of ${username} failed: ${response.status} ${(await response.text()).match(/Invalid[^<"]*|Too many[^<"]*/)?.[0] ?? ""}`,
    );
  return session;
}

/** The last answer of a sign-in over HTTP (the password's, or the code's when one is asked for). */
export async function signInResponse(
  site: Pick<TestSite, "request">,
  db: Database,
  username: string,
  password: string,
  { totpSecret = TEST_TOTP_SECRET, headers }: { totpSecret?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const first = await site.request("/admin/login", { method: "POST", body: form({ username, password }), headers });
  const pendingName = first.headers.getSetCookie().some((c) => c.startsWith("__Host-admin_signin="))
    ? "__Host-admin_signin"
    : "admin_signin";
  const pending = cookieValue(first, pendingName);
  if (!pending) return first;
  const [row] = await db
    .select({ lastStep: admins.totpLastStep })
    .from(admins)
    .where(sql`lower(${admins.username}) = lower(${username})`);
  const step = await usableTotpStep(row?.lastStep ?? 0);
  const code = totpCode(totpSecret, step * TOTP_PERIOD_SECONDS);
  return site.request("/admin/login/code", {
    method: "POST",
    cookie: `${pendingName}=${pending}`,
    body: form({ code }),
    headers,
  });
}

export function cookieValue(response: Response, name: string): string | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  const value = cookie?.split(";")[0]!.slice(name.length + 1);
  return value ? value : null;
}

/** Proves it is them again on the two-factor page (issue 31 item 2): factor changes need it. */
export async function reauthOverHttp(site: Pick<TestSite, "request">, cookie: string, password: string): Promise<void> {
  const response = await site.request("/admin/account/two-factor", {
    method: "POST",
    cookie,
    body: form({ intent: "reauth-password", currentPassword: password }),
  });
  if (response.status !== 200) throw new Error(`re-authentication failed: ${response.status}`);
}

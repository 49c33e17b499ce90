/**
 * The whole site over real HTTP against a test database: the Express app of server/http.ts with
 * the route modules compiled by Vite (as `npm run dev` does). Both are loaded through the same
 * Vite module graph, so the router contexts the server sets are the ones the routes read.
 */
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import type { Database } from "~/db/client";
import type { createHttpApp as CreateHttpApp } from "~/server/http";
import { createLogger } from "~/server/logger";

export interface TestSite {
  url: string;
  /** fetch against the site; redirects are not followed, so a test sees them. */
  request: (path: string, init?: RequestInit & { cookie?: string }) => Promise<Response>;
  close: () => Promise<void>;
}

/** `config` overrides the test club's settings, e.g. `{ pinnedToday }` to fix "today". */
export async function startTestSite(db: Database, config: { pinnedToday?: string } = {}): Promise<TestSite> {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: "custom",
    logLevel: "silent",
  });
  const { createHttpApp } = (await vite.ssrLoadModule("/server/http.ts")) as { createHttpApp: typeof CreateHttpApp };
  const app = createHttpApp({
    db,
    build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    config: {
      clubName: "Test Club",
      clubEmail: "info@example.org",
      timeZone: "Atlantic/Bermuda",
      siteUrl: "http://localhost",
      ...config,
    },
    log: createLogger("silent"),
    production: false,
  });
  const server = await new Promise<import("node:http").Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    request(path, { cookie, headers, ...init } = {}) {
      const h = new Headers(headers);
      if (cookie) h.set("Cookie", cookie);
      // Browsers send an Origin with every POST; React Router checks it against the host.
      if (init.method && init.method !== "GET") h.set("Origin", url);
      return fetch(url + path, { ...init, headers: h, redirect: "manual" });
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await vite.close();
    },
  };
}

export function form(values: Record<string, string | number>): URLSearchParams {
  return new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
}

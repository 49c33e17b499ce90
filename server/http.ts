import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import {
  clientAddressContext,
  clubContext,
  clubDefaultsContext,
  configContext,
  computedOnceContext,
  dbContext,
  loggerContext,
  nonceContext,
  ownerDatabaseUrlContext,
  inlineStylesContext,
  productionContext,
  type AppConfig,
} from "~/context";
import type { Database } from "~/db/client";
import type { Logger } from "~/server/logger";
import { allowInlineStyles, inlineScriptHashes, inlineStyleHashes } from "~/server/csp";
import { inlineStylesheets } from "~/server/inline-styles";
import { pageCacheMiddleware, type PageCache } from "~/server/page-cache";
import type { LiveRaces } from "~/server/live-races";
import type { ComputedOnce } from "~/domain/platform/computed-once.server";
import { clubSource, type ClubSource } from "~/domain/admin/club-settings.server";
import { getRace } from "~/domain/races/public-queries.server";
import { urlPathsUnder } from "~/server/build-files";
import { trailingSlashRedirect } from "~/server/canonical-path";
import { precompressedFiles } from "~/server/precompressed";
import { reactRouterHandler } from "~/server/react-router-handler";
import { admitLargeBodies } from "~/server/large-bodies";
import { refuseUnsupportedMethods } from "~/server/unsupported-methods";
import { clubToday } from "~/lib/util/dates";
import { useTotpKey } from "~/domain/admin/totp-secret.server";
import { redactTokenPaths } from "~/lib/util/token-paths";
import {
  MAX_BODY_BYTES,
  capRequestBody,
  clientErrorMessage,
  clientErrorStatus,
  requireSameOrigin,
} from "~/server/request-guards";

/**
 * Hands a request to `serve` only when it names one of the build's files outside /assets (the
 * build never changes while the server runs). Without this, every page request cost a failed
 * stat() before React Router saw it.
 */
function staticFiles(client: string, serve: express.RequestHandler): express.RequestHandler {
  const files = new Set(urlPathsUnder(client));
  return (req, res, next) => (files.has(req.path) ? serve(req, res, next) : next());
}

export interface HttpOptions {
  db: Database;
  /**
   * The app. In production the loaded build itself: React Router derives its route tables once
   * (given a function, it derives them again on every request, for the dev server's reloads).
   */
  build: ServerBuild | (() => Promise<ServerBuild>);
  config: AppConfig;
  log: Logger;
  production: boolean;
  viteDev?: ViteDevServer;
  /** Express "trust proxy" setting, for the client address behind a reverse proxy. */
  trustProxy?: string;
  /** How long a request body may take to arrive (REQUEST_TIMEOUT_SECONDS); 408 after. */
  requestTimeoutMs?: number;
  /** True once shutdown began: /readyz then answers 503 so a proxy stops sending traffic. */
  isShuttingDown?: () => boolean;
  /** Rendered public pages for anonymous visitors; `enabled` false while changes cannot be seen. */
  pageCache?: { cache: PageCache; enabled: () => boolean; keyOf: (url: string) => string | undefined };
  /** Server-Sent Events of live race pages (/live/races/:id). */
  liveRaces?: LiveRaces;
  /** Results kept until the data changes (app/domain/platform/computed-once.server.ts). */
  computed?: ComputedOnce;
  /** The club's settings per request; made from `db`, `config` and `computed` when not given. */
  club?: ClubSource;
  /** Seals the admins' TOTP secrets (server/totp-key.ts); set here so the routes' module graph has it. */
  totpKey: Buffer;
  /** The owning role's connection string, for a restore from the admin area (app/context.ts). */
  ownerDatabaseUrl?: string;
}

const nonceSource = (_req: unknown, res: unknown) => `'nonce-${(res as express.Response).locals.cspNonce}'`;

/** One line per request, from Express or from the page cache's fast path alike. */
export function requestLogger(log: Logger) {
  return (req: IncomingMessage, res: ServerResponse, started: bigint, requestId?: string) => {
    if (!log.isLevelEnabled("info")) return;
    log.info(
      {
        requestId: requestId ?? (req.headers["x-request-id"] as string | undefined) ?? randomUUID(),
        method: req.method,
        // Express shortens req.url inside a mounted middleware (/assets); originalUrl stays whole.
        // A private link's token would let a log reader use the link: only its route is logged.
        path: redactTokenPaths(((req as { originalUrl?: string }).originalUrl ?? req.url ?? "/").split("?")[0]!),
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
      },
      "request",
    );
  };
}

// eslint-disable-next-line max-lines-per-function -- the middleware in the order a request passes through it: that order is what keeps the site safe
export function createHttpApp({
  db,
  build,
  config,
  log,
  production,
  viteDev,
  trustProxy,
  requestTimeoutMs,
  isShuttingDown,
  pageCache,
  liveRaces,
  computed,
  club = clubSource(db, config, computed),
  totpKey,
  ownerDatabaseUrl,
}: HttpOptions) {
  useTotpKey(totpKey);
  const app = express();
  app.disable("x-powered-by");
  if (trustProxy) app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);

  // Probes for process managers and load balancers; not logged, not rendered by React.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain").send("ok");
  });
  app.get("/readyz", async (_req, res) => {
    res.set("Cache-Control", "no-store").type("text/plain");
    if (isShuttingDown?.()) return void res.status(503).send("shutting down");
    try {
      await Promise.race([
        db.$client.query("SELECT 1"),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database timeout")), 2_000).unref()),
      ]);
      res.send("ready");
    } catch {
      res.status(503).send("database unavailable");
    }
  });

  const logRequest = requestLogger(log);
  app.use((req, res, next) => {
    res.locals.requestId = req.get("x-request-id") || randomUUID();
    res.locals.cspNonce = randomBytes(16).toString("base64");
    const started = process.hrtime.bigint();
    res.on("finish", () => logRequest(req, res, started, String(res.locals.requestId)));
    next();
  });
  // TRACE, PROPFIND and the like (the probes above answer GET and HEAD only): 501, logged as a
  // request, before any route could fail on them.
  app.use(refuseUnsupportedMethods());

  // The page policy (a fresh nonce and the inline hashes, about 1.1 KB) goes with pages and the
  // service worker, whose policy governs what it may fetch; a stylesheet, a script or an image
  // has no use for it, so static files get only the headers below.
  const pagePolicy = viteDev
    ? (_req: express.Request, _res: express.Response, next: express.NextFunction) => next()
    : helmet.contentSecurityPolicy({
        useDefaults: true,
        directives: {
          "script-src": ["'self'", nonceSource, ...inlineScriptHashes()],
          // No 'unsafe-inline': library stylesheets get the nonce or their hash (server/csp.ts).
          "style-src": ["'self'", nonceSource, ...inlineStyleHashes()],
          // Everything the pages show is served by us (DESIGN: no third-party requests).
          "img-src": ["'self'"],
          "font-src": ["'self'"],
          "frame-ancestors": ["'none'"],
          // HTTPS is the proxy's job (HSTS in production); on plain-HTTP installs (a club
          // laptop on the lake's Wi-Fi) upgrading would break every asset.
          "upgrade-insecure-requests": null,
        },
      });
  app.use(
    helmet({
      contentSecurityPolicy: false,
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  // One spelling per address: "/results/" is sent to "/results" (server/canonical-path.ts).
  app.use(trailingSlashRedirect());
  // Before compression, which would hold events back until its buffer fills.
  if (liveRaces)
    app.get(
      "/live/races/:id",
      liveRaces.handler(async (id) => (await getRace(db, id)) !== null),
    );
  app.use(compression());
  // An image upload and the results import take a file (largeBodyOf): a larger body there, and
  // only there, once the session is one that may send it (server/large-bodies.ts).
  app.use(admitLargeBodies({ db, production }));
  app.use(capRequestBody(MAX_BODY_BYTES, requestTimeoutMs));
  app.use(requireSameOrigin(log));

  if (viteDev) {
    app.use(viteDev.middlewares);
  } else {
    const client = path.resolve("build/client");
    app.use("/sw.js", pagePolicy);
    app.use(
      precompressedFiles(path.resolve("build/precompressed"), (urlPath) =>
        urlPath.startsWith("/assets/") ? { maxAge: "1y", immutable: true } : { maxAge: "1h", immutable: false },
      ),
    );
    // Hashed file names: cache forever.
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(staticFiles(client, express.static(client, { maxAge: "1h" })));
  }
  app.use(pagePolicy);

  const getLoadContext = async (req: express.Request, res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(dbContext, db);
    // The club's name, address and time zone as its settings hold them now (config: their defaults).
    const now = await club.current();
    context.set(clubContext, now);
    context.set(clubDefaultsContext, { clubName: config.clubName, clubEmail: config.clubEmail, timeZone: config.timeZone });
    context.set(configContext, { ...config, clubName: now.name, clubEmail: now.email, timeZone: now.timeZone });
    context.set(loggerContext, log.child({ requestId: String(res.locals.requestId) }));
    context.set(nonceContext, String(res.locals.cspNonce));
    context.set(inlineStylesContext, (html, options) => {
      const page = inlineStylesheets(html, options);
      allowInlineStyles(res, page.styleSources);
      return page.html;
    });
    context.set(productionContext, production);
    if (ownerDatabaseUrl) context.set(ownerDatabaseUrlContext, ownerDatabaseUrl);
    context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
    if (computed) context.set(computedOnceContext, computed);
    return context;
  };
  const mode = production ? ("production" as const) : ("development" as const);

  if (pageCache && !viteDev) {
    app.use(
      pageCacheMiddleware({
        cache: pageCache.cache,
        enabled: pageCache.enabled,
        keyOf: pageCache.keyOf,
        build,
        mode,
        getLoadContext,
        clubDate: () => clubToday({ ...config, timeZone: club.timeZone() }),
      }),
    );
  }

  app.all("/{*splat}", reactRouterHandler({ build, mode, getLoadContext }));

  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = clientErrorStatus(error);
    if (status) {
      log.info(
        { requestId: res.locals.requestId, status, reason: error instanceof Error ? error.message : String(error) },
        "request refused",
      );
      if (!res.headersSent)
        res.status(status).set("Cache-Control", "no-store").type("text/plain").send(clientErrorMessage(status, error));
      return;
    }
    log.error({ err: error, requestId: res.locals.requestId }, "unhandled error");
    if (!res.headersSent) res.status(500).send("Internal Server Error");
  });

  return app;
}

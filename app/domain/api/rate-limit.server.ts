/**
 * The public API's rate limit: a fixed window per client address, kept in this instance's memory
 * (decision 0032). Reads are cheap and idempotent, so a client that spreads its requests over
 * several instances getting a few more is acceptable, and no request waits on the database to be
 * counted. The address is Express's `req.ip`, which follows TRUST_PROXY behind a reverse proxy.
 */
import { API_RATE_LIMIT_PER_MINUTE } from "~/lib/api/limits";

export interface ApiRateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window restarts (at least 1). */
  resetSeconds: number;
}

/** Past this many addresses, windows that have ended are swept (a scan of the map, rarely). */
const SWEEP_AT = 10_000;

export class FixedWindowLimiter {
  private windows = new Map<string, { startedAt: number; count: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(address: string): ApiRateLimitState {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || now - window.startedAt >= this.windowMs) {
      if (!window && this.windows.size >= SWEEP_AT) this.sweep(now);
      window = { startedAt: now, count: 0 };
      this.windows.set(address, window);
    }
    window.count++;
    return {
      allowed: window.count <= this.limit,
      limit: this.limit,
      remaining: Math.max(0, this.limit - window.count),
      resetSeconds: Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000)),
    };
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number) {
    for (const [address, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(address);
    // Still full (a flood of fresh addresses): start over rather than grow without bound.
    if (this.windows.size >= SWEEP_AT) this.windows.clear();
  }
}

/**
 * One limiter per server process (module state: each instance counts its own requests). A
 * minute's window: a results screen polling every 5 s uses 12 of API_RATE_LIMIT_PER_MINUTE.
 */
export const apiLimiter = new FixedWindowLimiter(API_RATE_LIMIT_PER_MINUTE, 60_000);

/**
 * Fixed-window rate limits kept in PostgreSQL, so every app instance sees the same counts.
 * `hit` counts an attempt atomically (one statement, safe under concurrency) and is meant to be
 * called BEFORE the work it limits, so a burst cannot slip between a check and a count; `peek`
 * only looks.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { RETENTION } from "~/lib/platform/retention";

export interface RateLimit {
  /** e.g. "registration:ip:203.0.113.9" */
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitState {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

function state(count: number, windowStart: Date, { limit, windowSeconds }: RateLimit): RateLimitState {
  const resetsAt = windowStart.getTime() + windowSeconds * 1000;
  return {
    allowed: count <= limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000)),
  };
}

/** Anything that runs a statement: the database, or a transaction (the count then commits or rolls back with it). */
type Executor = Pick<Database, "execute">;

export async function hit(db: Executor, rule: RateLimit): Promise<RateLimitState> {
  const interval = `${rule.windowSeconds} seconds`;
  const { rows } = await db.execute<{ count: number; window_start: Date }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${rule.key}, now(), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - ${interval}::interval THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - ${interval}::interval THEN now() ELSE rate_limits.window_start END
    RETURNING count, window_start
  `);
  const row = rows[0]!;
  return state(row.count, new Date(row.window_start), rule);
}

/**
 * Counts one attempt against several limits in a single statement and returns their states in
 * the order given. Rows are locked in key order, so concurrent calls sharing keys cannot deadlock.
 */
export async function hitAll(db: Database, rules: RateLimit[]): Promise<RateLimitState[]> {
  const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const values = sql.join(
    sorted.map((rule) => sql`(${rule.key}, now(), 1, ${`${rule.windowSeconds} seconds`}::interval)`),
    sql`, `,
  );
  const { rows } = await db.execute<{ key: string; count: number; window_start: Date }>(sql`
    WITH wanted (key, window_start, count, span) AS (VALUES ${values})
    INSERT INTO rate_limits (key, window_start, count)
    SELECT key, window_start, count FROM wanted ORDER BY key
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= now() - (SELECT span FROM wanted w WHERE w.key = excluded.key)
        THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= now() - (SELECT span FROM wanted w WHERE w.key = excluded.key)
        THEN now() ELSE rate_limits.window_start END
    RETURNING key, count, window_start
  `);
  return rules.map((rule) => {
    const row = rows.find((r) => r.key === rule.key)!;
    return state(row.count, new Date(row.window_start), rule);
  });
}

/**
 * Takes back an attempt counted by `hit`/`hitAll` that was then not carried out. Only within the
 * same window: a window that has restarted since does not hold that attempt.
 */
export async function refund(db: Database, rule: RateLimit): Promise<void> {
  await db.execute(sql`
    UPDATE rate_limits SET count = count - 1
    WHERE key = ${rule.key} AND count > 0 AND window_start > now() - ${`${rule.windowSeconds} seconds`}::interval
  `);
}

/** The current state without counting an attempt (over the limit = not allowed). */
export async function peek(db: Database, rule: RateLimit): Promise<RateLimitState> {
  const interval = `${rule.windowSeconds} seconds`;
  const { rows } = await db.execute<{ count: number; window_start: Date }>(sql`
    SELECT count, window_start FROM rate_limits
    WHERE key = ${rule.key} AND window_start > now() - ${interval}::interval
  `);
  const row = rows[0];
  if (!row) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  const s = state(row.count, new Date(row.window_start), rule);
  return { ...s, allowed: row.count < rule.limit };
}

export async function reset(db: Database, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Old windows are useless; called now and then so the table stays small. */
export async function pruneRateLimits(db: Database, olderThanSeconds = RETENTION.rateLimitHours * 3600): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - ${`${olderThanSeconds} seconds`}::interval`);
}

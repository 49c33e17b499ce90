/**
 * Refused anonymous attempts, counted (issue 31 item 4, decision 0038). A sign-in step or a reset
 * request refused by its rate limit checked nothing, and anyone can send them as fast as the
 * network allows; one audit entry each let a single client grow the append-only log by ~20 GB a
 * day, undeletable for two years. So a refusal adds 1 to the row of its kind, client address and
 * hour in `refused_attempts` (an upsert: that table is not append-only), and only the row's first
 * refusal writes an audit entry, linked by `audit_id`; the audit screen shows the row's count on it.
 *
 * Per kind and hour at most REFUSAL_ADDRESSES_PER_HOUR addresses get a row of their own; refusals
 * from further addresses (an attacker rotating through addresses) share one row, OTHER_ADDRESSES.
 * So the audit log grows by at most (kinds x that cap + kinds) entries an hour, however many
 * requests or addresses an attacker has.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { refusedAttempts } from "~/db/schema";
import { recordAudit, type AuditEntry } from "~/domain/platform/audit.server";

export const REFUSAL_WINDOW_SECONDS = 60 * 60;
/** Addresses per kind and hour counted (and audited) on their own. */
export const REFUSAL_ADDRESSES_PER_HOUR = 50;
/** The shared row of the addresses past that cap. */
export const OTHER_ADDRESSES = "(other addresses)";

/** What was refused: each its own count (the audit kind alone would lump the password, code and passkey steps). */
export type RefusalKind = "signin-password" | "signin-code" | "signin-passkey" | "reset-request" | "my-data-request";

/**
 * Counts one refused attempt; the first of its kind, address and hour also writes `entry` to the
 * audit log (with the address the count is kept under). `entry.actor.address` is the client's.
 */
export async function recordRefusal(db: Database, refusal: RefusalKind, entry: AuditEntry): Promise<void> {
  const address = (entry.actor.address ?? "").slice(0, 64);
  await db.transaction(async (tx) => {
    // Two first refusals at once: the unique key makes one insert and the other wait, then add 1.
    const { rows } = await tx.execute<{ id: number; count: number; address: string }>(sql`
      WITH w AS (SELECT date_bin(${`${REFUSAL_WINDOW_SECONDS} seconds`}::interval, now(), timestamptz '2000-01-01 00:00:00+00') AS start),
      who AS (
        SELECT CASE
          WHEN EXISTS (SELECT 1 FROM refused_attempts r, w WHERE r.kind = ${refusal} AND r.window_start = w.start AND r.address = ${address})
            OR (SELECT count(*) FROM refused_attempts r, w WHERE r.kind = ${refusal} AND r.window_start = w.start) < ${REFUSAL_ADDRESSES_PER_HOUR}
          THEN ${address} ELSE ${OTHER_ADDRESSES} END AS address
      )
      INSERT INTO refused_attempts (kind, address, window_start, count)
      SELECT ${refusal}, who.address, w.start, 1 FROM who, w
      ON CONFLICT (kind, window_start, address) DO UPDATE SET count = refused_attempts.count + 1, last_at = now()
      RETURNING id, count, address
    `);
    const row = rows[0]!;
    if (Number(row.count) !== 1) return;
    const auditId = await recordAudit(tx, { ...entry, actor: { ...entry.actor, address: row.address } });
    await tx
      .update(refusedAttempts)
      .set({ auditId })
      .where(eq(refusedAttempts.id, Number(row.id)));
  });
}

/**
 * The e-mail outbox: messages are written inside the caller's transaction (so they exist exactly
 * when the change they report was committed) and delivered later by server/mail-worker.ts.
 *
 * Several app instances may run workers against one database: a message is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so only one instance holds it at a time.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { outboxMessages } from "~/db/schema";
import { capDecision, digestMessage, MAIL_CAP } from "~/lib/platform/mail-cap";
import { redactTokenPaths } from "~/lib/util/token-paths";
import { hit } from "~/domain/platform/rate-limit.server";
import type { ClubMail } from "~/lib/platform/club";
import { RETENTION } from "~/lib/platform/retention";

/** A Drizzle transaction or the database itself: anything that can run the insert. */
export type Executor = Pick<Database, "insert" | "execute">;

export interface OutgoingMessage {
  kind: string;
  to: string;
  subject: string;
  body: string;
  /** Extra mail headers, e.g. List-Unsubscribe on the opt-in race messages. */
  headers?: Record<string, string>;
}

export interface ClaimedMessage extends OutgoingMessage {
  id: number;
  attempts: number;
}

export const OUTBOX = {
  /** How long a claim is held; longer than the SMTP timeouts, so a claim never expires mid-send. */
  leaseSeconds: 300,
  /** After this many failed attempts a message is marked failed and left for a human. */
  maxAttempts: 8,
  /** First retry after 30 s, doubling, at most an hour apart. */
  backoffBaseSeconds: 30,
  backoffMaxSeconds: 3600,
  /** Delivered and failed messages hold personal data: keep them this long, then delete (PIPA). Their links are gone already (`spent`). */
  retentionDays: RETENTION.sentEmailDays,
} as const;

/** The counter of an address's e-mails in rate_limits: hashed, so that table holds no address. */
function recipientKey(address: string): string {
  return `mail:${createHash("sha256").update(address.trim().toLowerCase()).digest("hex")}`;
}

/**
 * Counts each message against its recipient's hourly cap (app/lib/platform/mail-cap.ts) and keeps those
 * under it; the first one over it becomes the digest, the rest are dropped. The counter's row is
 * updated in the caller's transaction: concurrent senders to one address wait for each other (the
 * cap holds across instances), and a rolled-back change takes its count back with its e-mail.
 */
async function underCap(tx: Executor, messages: OutgoingMessage[], club: ClubMail): Promise<OutgoingMessage[]> {
  const kept = new Map<OutgoingMessage, OutgoingMessage>();
  // One order for every transaction, so two of them never wait for each other's counters.
  const keyed = messages
    .map((m) => ({ m, key: recipientKey(m.to) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const clubKey = recipientKey(club.clubEmail);
  for (const { m, key } of keyed) {
    if (key === clubKey) {
      kept.set(m, m);
      continue;
    }
    const { count } = await hit(tx, { key, limit: MAIL_CAP.perWindow, windowSeconds: MAIL_CAP.windowSeconds });
    const decision = capDecision(count);
    if (decision === "send") kept.set(m, m);
    else if (decision === "digest") kept.set(m, { kind: "digest", to: m.to, ...digestMessage(club) });
  }
  return messages.flatMap((m) => kept.get(m) ?? []);
}

/** Writes messages to the outbox, each within its recipient's hourly cap. */
export async function enqueue(tx: Executor, messages: OutgoingMessage[], club: ClubMail): Promise<number[]> {
  const kept = await underCap(tx, messages, club);
  if (kept.length === 0) return [];
  const rows = await tx
    .insert(outboxMessages)
    .values(kept.map((m) => ({ kind: m.kind, recipient: m.to, subject: m.subject, body: m.body, headers: m.headers ?? {} })))
    .returning({ id: outboxMessages.id });
  return rows.map((r) => r.id);
}

/** Claims up to `limit` due messages for this worker and counts the attempt. */
export async function claimDue(db: Database, limit = 10): Promise<ClaimedMessage[]> {
  const { rows } = await db.execute<{
    id: string | number;
    kind: string;
    recipient: string;
    subject: string;
    body: string;
    headers: Record<string, string> | null;
    attempts: number;
  }>(sql`
    UPDATE outbox_messages
    SET locked_until = now() + ${`${OUTBOX.leaseSeconds} seconds`}::interval, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM outbox_messages
      WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind, recipient, subject, body, headers, attempts
  `);
  return rows
    .map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      to: r.recipient,
      subject: r.subject,
      body: r.body,
      headers: r.headers ?? {},
      attempts: r.attempts,
    }))
    .sort((a, b) => a.id - b.id);
}

/**
 * What a message's row keeps once it has gone out or been given up on: the text with every private
 * link's token redacted, and no headers (List-Unsubscribe holds a link). The row stays 90 days for
 * the club's records, longer than some links live (a preferences link lives 180 days): a link must
 * not outlive its use in the outbox.
 */
function spent(message: Pick<ClaimedMessage, "body">) {
  return sql`body = ${redactTokenPaths(message.body)}, headers = '{}'::jsonb`;
}

export async function markSent(db: Database, message: Pick<ClaimedMessage, "id" | "body">): Promise<void> {
  await db.execute(sql`
    UPDATE outbox_messages SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL, ${spent(message)}
    WHERE id = ${message.id}
  `);
}

export function retryDelaySeconds(attempts: number): number {
  return Math.min(OUTBOX.backoffBaseSeconds * 2 ** Math.max(0, attempts - 1), OUTBOX.backoffMaxSeconds);
}

/** Records a failed attempt: retried later with backoff, or given up after `maxAttempts`. */
export async function markAttemptFailed(
  db: Database,
  message: Pick<ClaimedMessage, "id" | "attempts" | "body">,
  error: string,
): Promise<"retry" | "failed"> {
  const outcome = message.attempts >= OUTBOX.maxAttempts ? "failed" : "retry";
  const delay = `${retryDelaySeconds(message.attempts)} seconds`;
  await db.execute(sql`
    UPDATE outbox_messages
    SET status = ${outcome === "failed" ? "failed" : "pending"},
        next_attempt_at = now() + ${delay}::interval,
        locked_until = NULL,
        last_error = ${error.slice(0, 1000)}
        ${outcome === "failed" ? sql`, ${spent(message)}` : sql``}
    WHERE id = ${message.id}
  `);
  return outcome;
}

/**
 * Without a mail server: marks pending messages as seen and returns their ids, once each, so the
 * worker can log that they wait in the outbox.
 */
export async function takeUnlogged(db: Database, limit = 100): Promise<{ id: number; kind: string }[]> {
  const { rows } = await db.execute<{ id: string | number; kind: string }>(sql`
    UPDATE outbox_messages SET logged_at = now()
    WHERE id IN (
      SELECT id FROM outbox_messages WHERE status = 'pending' AND logged_at IS NULL
      ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    RETURNING id, kind
  `);
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind })).sort((a, b) => a.id - b.id);
}

export async function pruneOutbox(db: Database, olderThanDays: number = OUTBOX.retentionDays): Promise<number> {
  const { rowCount } = await db.execute(sql`
    DELETE FROM outbox_messages WHERE status <> 'pending' AND created_at < now() - ${`${olderThanDays} days`}::interval
  `);
  return rowCount ?? 0;
}

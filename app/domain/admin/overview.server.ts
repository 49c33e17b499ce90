/**
 * The admin overview (issue 24 item 4): what needs doing today. Counts for every admin; the
 * details that are contact data (who waits for a registration change) or the club's records
 * (failed e-mails, backups) only for owners: the route asks for them by role. No query here ever
 * returns an e-mail address.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { admins } from "~/db/schema";
import { nextEvent } from "~/domain/races/public-queries.server";
import { provisionalRaces } from "~/domain/championship/provisional-races.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { enqueue } from "~/domain/platform/outbox.server";
import { hit } from "~/domain/platform/rate-limit.server";
import { testMailMessage, TEST_MAIL_LIMIT } from "~/lib/admin/overview";
import type { ClubMail } from "~/lib/platform/club";

export interface NextRace {
  id: number;
  title: string;
  date: string;
  /** Every class with entries or heats, with its entries and whether its heats are drawn. */
  classes: { boatClass: string; entries: number; drawn: boolean }[];
}

/** The earliest upcoming race from today, with entries per class and its heat draws. */
export async function nextRaceStatus(db: Database, today: string): Promise<NextRace | null> {
  const race = await nextEvent(db, today);
  if (!race) return null;
  const { rows } = await db.execute<{ boat_class: string; entries: number; drawn: boolean }>(sql`
    SELECT boat_class, sum(entries)::int AS entries, bool_or(drawn) AS drawn FROM (
      SELECT boat_class, count(*) AS entries, false AS drawn FROM race_registrations WHERE race_id = ${race.id} GROUP BY boat_class
      UNION ALL
      SELECT DISTINCT boat_class, 0, true FROM heats WHERE race_id = ${race.id}
    ) c
    GROUP BY boat_class ORDER BY boat_class
  `);
  return {
    id: race.id,
    title: race.title,
    date: race.date,
    classes: rows.map((r) => ({ boatClass: r.boat_class, entries: Number(r.entries), drawn: r.drawn })),
  };
}

export { provisionalRaces };
export { listBackups } from "~/domain/admin/backup-files.server";

/** Registration changes mailed to a racer and neither confirmed nor expired; names for owners only. */
export async function waitingRegistrationChanges(
  db: Database,
  { withNames }: { withNames: boolean },
): Promise<{ count: number; names: string[] }> {
  const { rows } = await db.execute<{ count: number; names: string[] | null }>(sql`
    SELECT count(*)::int AS count,
           ${withNames ? sql`array_agg(first_name || ' ' || last_name ORDER BY created_at)` : sql`NULL::text[]`} AS names
    FROM pending_registration_changes WHERE used_at IS NULL AND expires_at > now()
  `);
  const row = rows[0]!;
  return { count: Number(row.count), names: withNames ? (row.names ?? []) : [] };
}

export interface OutboxStatus {
  waiting: number;
  failed: number;
  /** Owners only: the failed messages' kind and when they were written, newest first (never an address). */
  failures: { kind: string; createdAt: Date }[];
}

const FAILURES_SHOWN = 10;

export async function outboxStatus(db: Database, { withFailures }: { withFailures: boolean }): Promise<OutboxStatus> {
  const { rows } = await db.execute<{ waiting: number; failed: number }>(sql`
    SELECT count(*) FILTER (WHERE status = 'pending')::int AS waiting, count(*) FILTER (WHERE status = 'failed')::int AS failed
    FROM outbox_messages
  `);
  const failures = withFailures
    ? (
        await db.execute<{ kind: string; created_at: Date | string }>(sql`
          SELECT kind, created_at FROM outbox_messages WHERE status = 'failed' ORDER BY created_at DESC, id DESC LIMIT ${FAILURES_SHOWN}
        `)
      ).rows.map((r) => ({ kind: r.kind, createdAt: new Date(r.created_at) }))
    : [];
  return { waiting: Number(rows[0]!.waiting), failed: Number(rows[0]!.failed), failures };
}

export type TestMailOutcome =
  { ok: true; to: string } | { ok: false; reason: "no-address" } | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * Queues a test e-mail to the admin's own address, through the outbox as every e-mail goes, at
 * most TEST_MAIL_LIMIT an hour per admin; the e-mail and its audit entry commit together.
 */
export async function sendTestMail(db: Database, adminId: number, actor: AuditActor, club: ClubMail): Promise<TestMailOutcome> {
  const [admin] = await db.select({ username: admins.username, email: admins.email }).from(admins).where(eq(admins.id, adminId));
  if (!admin?.email) return { ok: false, reason: "no-address" };
  const to = admin.email;
  const limit = await hit(db, { key: `mail-test:admin:${adminId}`, ...TEST_MAIL_LIMIT });
  if (!limit.allowed) return { ok: false, reason: "limited", retryAfterSeconds: limit.retryAfterSeconds };
  await db.transaction(async (tx) => {
    const [id] = await enqueue(tx, [testMailMessage({ to, username: admin.username }, club)], club);
    await recordAudit(tx, {
      actor,
      kind: "mail.test",
      record: { type: "admin", id: adminId },
      // The outbox row, not the address: the log keeps no more personal data than it needs.
      changes: { outboxId: { before: null, after: id ?? null } },
    });
  });
  return { ok: true, to };
}

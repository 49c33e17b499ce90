/**
 * The audit log (decision 0029). `recordAudit` is called inside the transaction of the
 * write it records, so an entry exists exactly when the change does. The table is append-only in
 * the database (migration 0019); this module only inserts, lists and runs the retention purge.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import type { RouterContextProvider } from "react-router";
import type { Database, Tx } from "~/db/client";
import { auditLog, refusedAttempts } from "~/db/schema";
import { clientAddressContext } from "~/context";
import { RETENTION } from "~/lib/platform/retention";
import { AUDIT_PAGE_SIZE, withoutSecrets, type AuditChanges, type AuditFilters, type AuditKind } from "~/lib/platform/audit";

/** Who did it, from where. A shell command has no admin and no address. */
export interface AuditActor {
  adminId: number | null;
  username: string | null;
  address: string | null;
}

export interface AuditEntry {
  actor: AuditActor;
  kind: AuditKind;
  record?: { type: string; id: number | string } | null;
  changes?: AuditChanges;
}

/** A write made outside any admin's request (a test, a seed). */
export const NO_ACTOR: AuditActor = { adminId: null, username: null, address: null };
/** `npm run db:restore` / `db:import`: a person with a shell. */
export const SHELL_ACTOR: AuditActor = { adminId: null, username: "(shell)", address: null };

/** The signed-in admin of this request and its client address. */
export function adminActor(admin: { id: number; username: string }, context: Readonly<RouterContextProvider>): AuditActor {
  return { adminId: admin.id, username: admin.username, address: context.get(clientAddressContext) };
}

function row(entry: AuditEntry) {
  return {
    adminId: entry.actor.adminId,
    adminUsername: entry.actor.username,
    address: entry.actor.address,
    kind: entry.kind,
    recordType: entry.record?.type ?? null,
    recordId: entry.record ? String(entry.record.id) : null,
    changes: withoutSecrets(entry.changes ?? {}),
  };
}

/** Appends one entry, in the caller's transaction (or alone, for a write of one statement); its id. */
export async function recordAudit(tx: Tx | Database, entry: AuditEntry): Promise<number> {
  const [added] = await tx.insert(auditLog).values(row(entry)).returning({ id: auditLog.id });
  return added!.id;
}

/** The same for code that holds a plain pg client inside its own BEGIN (restore, import). */
export async function recordAuditWithClient(client: pg.ClientBase, entry: AuditEntry): Promise<void> {
  const r = row(entry);
  await client.query(
    `INSERT INTO audit_log (admin_id, admin_username, address, kind, record_type, record_id, changes)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
    [r.adminId, r.adminUsername, r.address, r.kind, r.recordType, r.recordId, JSON.stringify(r.changes)],
  );
}

export interface AuditRow {
  id: number;
  at: Date;
  adminUsername: string | null;
  address: string | null;
  kind: string;
  recordType: string | null;
  recordId: string | null;
  changes: AuditChanges;
  /** An entry standing for refused attempts (refusals.server.ts): how many, in the hour from `from`, the last at `lastAt`. */
  refused: { count: number; from: Date; lastAt: Date } | null;
}

/**
 * One page of entries, newest first, under the filters; `more` says whether an older page exists.
 * Dates are the club's days (`timeZone`), both ends included.
 */
export async function listAudit(
  db: Database,
  filters: AuditFilters,
  timeZone: string,
): Promise<{ rows: AuditRow[]; more: boolean }> {
  const where: SQL[] = [];
  if (filters.admin) where.push(sql`lower(${auditLog.adminUsername}) = lower(${filters.admin})`);
  if (filters.kind) where.push(eq(auditLog.kind, filters.kind));
  if (filters.record) {
    where.push(eq(auditLog.recordType, filters.record.type), eq(auditLog.recordId, filters.record.id));
  }
  if (filters.from) where.push(gte(auditLog.at, sql`(${filters.from}::date)::timestamp AT TIME ZONE ${timeZone}`));
  if (filters.to) where.push(lt(auditLog.at, sql`(${filters.to}::date + 1)::timestamp AT TIME ZONE ${timeZone}`));
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      adminUsername: auditLog.adminUsername,
      address: auditLog.address,
      kind: auditLog.kind,
      recordType: auditLog.recordType,
      recordId: auditLog.recordId,
      changes: auditLog.changes,
      refusedCount: refusedAttempts.count,
      refusedFrom: refusedAttempts.windowStart,
      refusedLastAt: refusedAttempts.lastAt,
    })
    .from(auditLog)
    .leftJoin(refusedAttempts, eq(refusedAttempts.auditId, auditLog.id))
    .where(and(...where))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((filters.page - 1) * AUDIT_PAGE_SIZE);
  return {
    rows: rows.slice(0, AUDIT_PAGE_SIZE).map(({ refusedCount, refusedFrom, refusedLastAt, ...entry }) => ({
      ...entry,
      refused:
        refusedCount !== null && refusedFrom && refusedLastAt
          ? { count: refusedCount, from: refusedFrom, lastAt: refusedLastAt }
          : null,
    })),
    more: rows.length > AUDIT_PAGE_SIZE,
  };
}

/** The usernames that appear in the log, for the admin filter. */
export async function auditAdmins(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: auditLog.adminUsername })
    .from(auditLog)
    .where(sql`${auditLog.adminUsername} IS NOT NULL`)
    .orderBy(auditLog.adminUsername);
  return rows.map((r) => r.name!);
}

/**
 * Retention: deletes entries older than two years (the only delete the database allows; the SQL
 * function holds the same RETENTION.auditLogYears), and their refusal counts.
 */
export async function purgeAuditLog(db: Database): Promise<number> {
  await db.execute(
    sql`DELETE FROM refused_attempts WHERE window_start < now() - make_interval(years => ${RETENTION.auditLogYears})`,
  );
  const { rows } = await db.execute<{ n: number }>(sql`SELECT purge_audit_log() AS n`);
  return rows[0]?.n ?? 0;
}

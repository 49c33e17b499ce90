/**
 * "My sessions": an admin's own live sessions, and ending one of them. Every
 * query is limited to the signed-in admin's id, so no admin can see or end another's.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { admins, adminSessions } from "~/db/schema";
import { hashSessionId, liveSession } from "~/domain/admin/auth.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";

export interface OpenSession {
  /** The sha-256 of the cookie's id (the stored key): names the session in the form, replays nothing. */
  id: string;
  userAgent: string;
  address: string;
  createdAt: Date;
  lastSeenAt: Date;
}

export function listMySessions(db: Database, adminId: number): Promise<OpenSession[]> {
  return db
    .select({
      id: adminSessions.idHash,
      userAgent: adminSessions.userAgent,
      address: adminSessions.address,
      createdAt: adminSessions.createdAt,
      lastSeenAt: adminSessions.lastSeenAt,
    })
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), liveSession))
    .orderBy(desc(adminSessions.lastSeenAt));
}

/** Ends one of this admin's sessions (audited); false when it is not theirs or already over. */
export async function endMySession(db: Database, actor: AuditActor & { adminId: number }, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, actor.adminId), eq(adminSessions.idHash, id)))
      .returning({ id: adminSessions.idHash, userAgent: adminSessions.userAgent, address: adminSessions.address });
    if (ended.length === 0) return false;
    // The session's device and address, never its id.
    await recordAudit(tx, {
      actor,
      kind: "session.end",
      record: { type: "admin", id: actor.adminId },
      changes: { device: { before: ended[0]!.userAgent, after: null }, from: { before: ended[0]!.address, after: null } },
    });
    return true;
  });
}

/** Logging out: the session ends and the log says who left, from where. */
export async function signOut(db: Database, sessionId: string, address: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(adminSessions)
      .where(eq(adminSessions.idHash, hashSessionId(sessionId)))
      .returning({ adminId: adminSessions.adminId, live: sql<boolean>`${liveSession}` });
    // An expired session's row goes too, but nobody was signed in to sign out.
    if (!ended?.live) return;
    const [admin] = await tx.select({ username: admins.username }).from(admins).where(eq(admins.id, ended.adminId));
    await recordAudit(tx, {
      actor: { adminId: ended.adminId, username: admin?.username ?? null, address },
      kind: "signout",
      record: { type: "admin", id: ended.adminId },
    });
  });
}

/**
 * "My sessions": an admin's own live sessions, and ending one of them. Every
 * query is limited to the signed-in admin's id, so no admin can see or end another's.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client";
import { adminSessions } from "~/db/schema";
import { liveSession } from "~/domain/admin/auth.server";

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

/** Ends one of this admin's sessions; false when it is not theirs or already over. */
export async function endMySession(db: Database, adminId: number, id: string): Promise<boolean> {
  const ended = await db
    .delete(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), eq(adminSessions.idHash, id)))
    .returning({ id: adminSessions.idHash });
  return ended.length > 0;
}

/**
 * The admins screen (issue 23 item 2): every admin with their role, second factor and last
 * sign-in; changing a role, removing an admin, ending all of an admin's sessions, and the club's
 * "two-factor for everyone" setting. Every write is one transaction with its audit entry.
 *
 * The club must always keep an owner: a demotion or removal of an owner locks every owner's row
 * first (SELECT ... FOR UPDATE), so two owners demoting each other at the same moment are
 * serialized and the second one sees that only one owner is left.
 */
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { adminLinks, adminSessions, admins } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { readSetting, writeSetting } from "~/domain/admin/club-settings.server";
import { endInvitationsOf } from "~/domain/admin/invitations.server";
import type { AdminRole } from "~/lib/admin/roles";
import type { InvitationEndReason } from "~/lib/admin/admins";

export interface ListedAdmin {
  id: number;
  username: string;
  email: string | null;
  role: AdminRole;
  /** Which second factors they have: an authenticator app, and how many passkeys (each counts alone). */
  twoFactor: { app: boolean; passkeys: number };
  lastSignInAt: Date | null;
  isDemo: boolean;
}

export async function listAdmins(db: Database): Promise<ListedAdmin[]> {
  const rows = await db
    .select({
      id: admins.id,
      username: admins.username,
      email: admins.email,
      role: admins.role,
      app: sql<boolean>`${admins.totpEnabledAt} IS NOT NULL`,
      // "admins.id" written out: Drizzle renders ${admins.id} in a select list as a bare "id", the passkey's own inside the subquery.
      passkeys: sql<number>`(SELECT count(*)::int FROM admin_passkeys p WHERE p.admin_id = admins.id)`,
      lastSignInAt: admins.lastSignInAt,
      isDemo: admins.isDemo,
    })
    .from(admins)
    .orderBy(sql`lower(${admins.username})`);
  return rows.map(({ app, passkeys, ...admin }) => ({ ...admin, twoFactor: { app, passkeys } }));
}

export interface PendingInvitation {
  /** The token's hash: names the invitation in the Revoke form; opens nothing. */
  id: string;
  email: string;
  role: AdminRole;
  expiresAt: Date;
  /** Set when it ended with its sender's removal or demotion (listed until it would have expired). */
  endedReason: InvitationEndReason | null;
}

export async function listInvitations(db: Database): Promise<PendingInvitation[]> {
  const rows = await db
    .select({
      id: adminLinks.tokenHash,
      email: adminLinks.email,
      role: adminLinks.role,
      expiresAt: adminLinks.expiresAt,
      endedReason: adminLinks.endedReason,
    })
    .from(adminLinks)
    .where(and(eq(adminLinks.purpose, "invite"), isNull(adminLinks.usedAt), gt(adminLinks.expiresAt, sql`now()`)))
    .orderBy(asc(adminLinks.expiresAt));
  return rows.map((r) => ({ ...r, role: r.role ?? "results_officer" }));
}

export type AdminChange = { ok: true; signedOut: boolean } | { ok: false; reason: "not-found" | "last-owner" };

/** The target admin's row, locked; and when it is an owner, whether another owner remains (every owner's row locked). */
async function lockTarget(tx: Tx, id: number) {
  const owners = await tx
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.role, "owner"))
    .orderBy(asc(admins.id))
    .for("update");
  const [target] = await tx
    .select({ id: admins.id, username: admins.username, email: admins.email, role: admins.role })
    .from(admins)
    .where(eq(admins.id, id))
    .for("update");
  const otherOwner = owners.some((o) => o.id !== id);
  return { target, otherOwner };
}

/** Sets an admin's role; it takes effect on their next request (requireAdmin reads the role every time). */
export async function changeRole(db: Database, id: number, role: AdminRole, actor: AuditActor): Promise<AdminChange> {
  return db.transaction(async (tx) => {
    const { target, otherOwner } = await lockTarget(tx, id);
    if (!target) return { ok: false, reason: "not-found" } as const;
    if (target.role === role) return { ok: true, signedOut: false } as const;
    if (target.role === "owner" && !otherOwner) return { ok: false, reason: "last-owner" } as const;
    await tx
      .update(admins)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(admins.id, id));
    await recordAudit(tx, {
      actor,
      kind: "admin.role",
      record: { type: "admin", id },
      changes: { role: { before: target.role, after: role } },
    });
    // Invitations they sent that their new role could not send end with this change.
    await endInvitationsOf(tx, id, role, actor);
    return { ok: true, signedOut: false } as const;
  });
}

/**
 * Removes an admin: their sessions, passkeys, recovery codes and pending sign-ins go with them
 * (the last three by foreign-key cascade); the audit log keeps their history (no foreign key).
 * `signedOut`: the admin removed themselves.
 */
export async function removeAdmin(db: Database, id: number, actor: AuditActor): Promise<AdminChange> {
  return db.transaction(async (tx) => {
    const { target, otherOwner } = await lockTarget(tx, id);
    if (!target) return { ok: false, reason: "not-found" } as const;
    if (target.role === "owner" && !otherOwner) return { ok: false, reason: "last-owner" } as const;
    await tx.delete(adminSessions).where(eq(adminSessions.adminId, id));
    // An invitation ends with its sender: a removed owner's link creates no admin.
    await endInvitationsOf(tx, id, null, actor);
    await tx.delete(admins).where(eq(admins.id, id));
    await recordAudit(tx, {
      actor,
      kind: "admin.remove",
      record: { type: "admin", id },
      changes: {
        username: { before: target.username, after: null },
        email: { before: target.email, after: null },
        role: { before: target.role, after: null },
      },
    });
    return { ok: true, signedOut: actor.adminId === id } as const;
  });
}

/** Ends every session of an admin (theirs to sign in again); how many there were, or null when the admin does not exist. */
export async function endAdminSessions(db: Database, id: number, actor: AuditActor): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: admins.id }).from(admins).where(eq(admins.id, id)).for("update");
    if (!target) return null;
    const ended = await tx
      .delete(adminSessions)
      .where(eq(adminSessions.adminId, id))
      .returning({ adminId: adminSessions.adminId });
    await recordAudit(tx, {
      actor,
      kind: "admin.sessions-end",
      record: { type: "admin", id },
      changes: { signedInDevices: { before: ended.length, after: 0 } },
    });
    return ended.length;
  });
}

/** The club's "every admin signs in with two factors" setting; returns whether it changed. */
export async function setRequireTwoFactor(db: Database, value: boolean, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    // One writer at a time, so the audit entry's "before" is the value this write replaced.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('club_settings:security.require_two_factor'))`);
    if ((await readSetting(tx, "security.require_two_factor")) === value) return false;
    const before = await writeSetting(tx, "security.require_two_factor", value);
    await recordAudit(tx, {
      actor,
      kind: "settings.update",
      record: { type: "club-setting", id: "security.require_two_factor" },
      changes: { requireTwoFactor: { before, after: value } },
    });
    return true;
  });
}

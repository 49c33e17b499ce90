/**
 * Invitations (issue 23 item 2): an owner invites a person by e-mail and role; the mailed link
 * (72 hours, single use, only its hash stored) lets them choose a username and password, which
 * creates the admin and signs them in, to set up their second factor next.
 *
 * An invitation ends with its sender (issue 31 item 7): when the owner who sent it is removed, or
 * demoted to a role that could not send it, their pending invitations end in the same transaction
 * (`endInvitationsOf`), and an acceptance checks the sender again under a lock of their row, so
 * an acceptance racing the removal cannot create an admin either. Lock order everywhere: the
 * sender's admin row, then the link.
 */
import { and, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { adminLinks, admins } from "~/db/schema";
import { createSession, deleteSession, usernameIs } from "~/domain/admin/auth.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { isUniqueViolation } from "~/domain/platform/db-errors.server";
import { enqueue, type OutgoingMessage } from "~/domain/platform/outbox.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { INVITATION_HOURS, type InvitationEndReason } from "~/lib/admin/admins";
import { mayInvite, ROLE_LABELS, type AdminRole } from "~/lib/admin/roles";
import { safeUsername } from "~/lib/admin/usernames";
import type { ClubSite } from "~/lib/platform/club";

export function invitationPath(token: string): string {
  return `/admin/invitation/${token}`;
}

function invitationMessage(to: string, role: AdminRole, link: string, invitedBy: string | null, club: ClubSite): OutgoingMessage {
  return {
    kind: "admin-invitation",
    to,
    subject: `You are invited to be an admin of ${club.clubName}`,
    body: [
      "Hello,",
      "",
      `${invitedBy ?? "An owner"} has invited you to the ${club.clubName} website's admins, as ${ROLE_LABELS[role].toLowerCase()}.`,
      "",
      "Choose your username and password here:",
      link,
      "",
      `The link works once and for ${INVITATION_HOURS} hours. After that you will set up two-factor sign-in.`,
      "",
      `If you did not expect this, ignore this e-mail or write to ${club.clubEmail}.`,
    ].join("\n"),
  };
}

const emailTaken = (db: Pick<Database, "select">, email: string) =>
  db
    .select({ id: admins.id })
    .from(admins)
    .where(sql`lower(${admins.email}) = lower(${email})`)
    .limit(1);

/** The sender's role, their row locked against removal and role changes until the transaction ends; null when they are gone. */
async function lockSender(tx: Tx, adminId: number | null): Promise<AdminRole | null> {
  if (adminId === null) return null;
  const [row] = await tx.select({ role: admins.role }).from(admins).where(eq(admins.id, adminId)).for("share");
  return row?.role ?? null;
}

const pendingInvite = and(
  eq(adminLinks.purpose, "invite"),
  isNull(adminLinks.usedAt),
  isNull(adminLinks.endedAt),
  gt(adminLinks.expiresAt, sql`now()`),
);

/** The audit entry of an ended invitation, on the sender's history. */
function auditEnded(
  tx: Tx,
  actor: AuditActor,
  senderId: number | null,
  link: { email: string; role: AdminRole | null },
  reason: InvitationEndReason,
) {
  return recordAudit(tx, {
    actor,
    kind: "admin.invite-end",
    record: senderId === null ? null : { type: "admin", id: senderId },
    changes: {
      email: { before: link.email, after: null },
      role: { before: link.role, after: null },
      ended: { before: null, after: reason },
    },
  });
}

/**
 * Ends the pending invitations of `senderId` that an admin of `newRole` could not send (every one
 * when `newRole` is null: the sender is being removed). Runs inside the removal's or role change's
 * transaction, after it locked the sender's row; each ended invitation is one audit entry.
 */
export async function endInvitationsOf(tx: Tx, senderId: number, newRole: AdminRole | null, actor: AuditActor): Promise<number> {
  const pending = await tx
    .select({ tokenHash: adminLinks.tokenHash, email: adminLinks.email, role: adminLinks.role })
    .from(adminLinks)
    .where(and(pendingInvite, eq(adminLinks.invitedBy, senderId)))
    .for("update");
  const reason: InvitationEndReason = newRole === null ? "sender-removed" : "sender-demoted";
  let ended = 0;
  for (const link of pending) {
    if (newRole !== null && link.role && mayInvite(newRole, link.role)) continue;
    await tx
      .update(adminLinks)
      .set({ endedAt: sql`now()`, endedReason: reason })
      .where(eq(adminLinks.tokenHash, link.tokenHash));
    await auditEnded(tx, actor, senderId, link, reason);
    ended++;
  }
  return ended;
}

/**
 * `link`: the invitation's address, for its sender only, at this moment only (only its hash is
 * kept): while e-mail is not set up, the owner hands it over themselves (issue 32 item 5).
 */
export type InviteOutcome = { ok: true; link: string } | { ok: false; reason: "email-taken" | "may-not-invite" };

/**
 * Invites `email` as `role`: the link row and its e-mail in one transaction. An earlier pending
 * invitation to the same address is voided, so only the newest link works.
 */
export async function inviteAdmin(
  db: Database,
  { email, role }: { email: string; role: AdminRole },
  actor: AuditActor,
  club: ClubSite,
): Promise<InviteOutcome> {
  return db.transaction(async (tx) => {
    // One invitation at a time per address: a second owner inviting it at once waits here.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`admin-invite:${email.toLowerCase()}`}))`);
    // An owner removed or demoted while this request ran sends nothing (their pending ones ended already).
    const senderRole = await lockSender(tx, actor.adminId);
    if (!senderRole || !mayInvite(senderRole, role)) return { ok: false, reason: "may-not-invite" } as const;
    if ((await emailTaken(tx, email)).length > 0) return { ok: false, reason: "email-taken" } as const;
    await tx
      .delete(adminLinks)
      .where(and(eq(adminLinks.purpose, "invite"), isNull(adminLinks.usedAt), sql`lower(${adminLinks.email}) = lower(${email})`));
    // Spent links hold e-mail addresses and nothing the club needs: gone a day after they expire.
    await tx
      .delete(adminLinks)
      .where(and(eq(adminLinks.purpose, "invite"), lt(adminLinks.expiresAt, sql`now() - interval '1 day'`)));
    const token = newToken();
    const link = `${club.siteUrl}${invitationPath(token)}`;
    await tx.insert(adminLinks).values({
      tokenHash: hashToken(token),
      purpose: "invite",
      email,
      role,
      invitedBy: actor.adminId,
      expiresAt: sql`now() + make_interval(hours => ${INVITATION_HOURS})`,
    });
    await enqueue(tx, [invitationMessage(email, role, link, actor.username, club)], club);
    await recordAudit(tx, {
      actor,
      kind: "admin.invite",
      changes: { email: { before: null, after: email }, role: { before: null, after: role } },
    });
    return { ok: true, link } as const;
  });
}

/** Voids a pending invitation (named by its token's hash); false when there is none. */
export async function revokeInvitation(db: Database, id: string, actor: AuditActor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(adminLinks)
      .where(and(eq(adminLinks.tokenHash, id), eq(adminLinks.purpose, "invite"), isNull(adminLinks.usedAt)))
      .returning({ email: adminLinks.email, role: adminLinks.role });
    if (!gone) return false;
    await recordAudit(tx, {
      actor,
      kind: "admin.invite-revoke",
      changes: { email: { before: gone.email, after: null }, role: { before: gone.role, after: null } },
    });
    return true;
  });
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type InvitationView =
  { status: "open"; email: string; role: AdminRole } | { status: "ended"; reason: InvitationEndReason };

/**
 * A usable invitation's e-mail and role; an ended one's reason; or null (unknown, used, revoked
 * or expired: one answer for all).
 */
export async function viewInvitation(db: Pick<Database, "select">, token: string): Promise<InvitationView | null> {
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ email: adminLinks.email, role: adminLinks.role, endedReason: adminLinks.endedReason })
    .from(adminLinks)
    .where(
      and(
        eq(adminLinks.tokenHash, hashToken(token)),
        eq(adminLinks.purpose, "invite"),
        isNull(adminLinks.usedAt),
        gt(adminLinks.expiresAt, sql`now()`),
      ),
    );
  if (row?.endedReason) return { status: "ended", reason: row.endedReason };
  return row?.role ? { status: "open", email: row.email, role: row.role } : null;
}

export type AcceptOutcome =
  | { ok: true; adminId: number; sessionId: string }
  | { ok: false; reason: "invalid" | "username-taken" | "email-taken" }
  | { ok: false; reason: "ended"; ended: InvitationEndReason };

/**
 * Accepts an invitation: creates the admin, spends the link (single use even under concurrency:
 * the link's row is locked and re-checked), records it and signs the new admin in, all in one
 * transaction. The browser's previous session, whoever's it was, ends (rotation).
 */
export async function acceptInvitation(
  db: Database,
  token: string,
  { username, passwordHash }: { username: string; passwordHash: string },
  { address, userAgent, previousSessionId }: { address: string; userAgent: string; previousSessionId: string | null },
): Promise<AcceptOutcome> {
  if (!TOKEN.test(token)) return { ok: false, reason: "invalid" };
  // acceptInvitationSchema folded and checked it; anything else is a caller's mistake.
  if (safeUsername(username) !== username) throw new Error("acceptInvitation: the username is not in its folded, safe form");
  try {
    const outcome = await db.transaction(async (tx): Promise<AcceptOutcome> => {
      const tokenHash = hashToken(token);
      const [found] = await tx
        .select({ invitedBy: adminLinks.invitedBy })
        .from(adminLinks)
        .where(and(eq(adminLinks.tokenHash, tokenHash), eq(adminLinks.purpose, "invite")));
      if (!found) return { ok: false, reason: "invalid" };
      // The sender's row before the link's (the order of a removal): a removal or demotion under
      // way finishes first, and one that comes later waits for this acceptance.
      const senderRole = await lockSender(tx, found.invitedBy);
      const [link] = await tx
        .update(adminLinks)
        .set({ usedAt: sql`now()` })
        .where(and(eq(adminLinks.tokenHash, tokenHash), pendingInvite))
        .returning({ email: adminLinks.email, role: adminLinks.role });
      if (!link?.role) {
        const [ended] = await tx
          .select({ reason: adminLinks.endedReason })
          .from(adminLinks)
          .where(and(eq(adminLinks.tokenHash, tokenHash), isNotNull(adminLinks.endedReason), isNull(adminLinks.usedAt)));
        return ended?.reason ? { ok: false, reason: "ended", ended: ended.reason } : { ok: false, reason: "invalid" };
      }
      if (!senderRole || !mayInvite(senderRole, link.role)) {
        // Its sender was removed or demoted and the invitation was somehow not ended with it: end it now.
        const reason: InvitationEndReason = senderRole ? "sender-demoted" : "sender-removed";
        await tx
          .update(adminLinks)
          .set({ usedAt: null, endedAt: sql`now()`, endedReason: reason })
          .where(eq(adminLinks.tokenHash, tokenHash));
        await auditEnded(tx, { adminId: null, username: null, address }, found.invitedBy, link, reason);
        return { ok: false, reason: "ended", ended: reason };
      }
      const taken = await tx.select({ id: admins.id }).from(admins).where(usernameIs(username)).limit(1);
      // Undo the spent link: the person may choose another name with the same link.
      if (taken.length > 0) throw new UsernameTaken();
      if ((await emailTaken(tx, link.email)).length > 0) return { ok: false, reason: "email-taken" };
      const [row] = await tx
        .insert(admins)
        .values({ username, passwordHash, email: link.email, role: link.role, lastSignInAt: sql`now()` })
        .returning({ id: admins.id });
      const adminId = row!.id;
      await recordAudit(tx, {
        actor: { adminId, username, address },
        kind: "admin.invite-accept",
        record: { type: "admin", id: adminId },
        changes: {
          username: { before: null, after: username },
          email: { before: null, after: link.email },
          role: { before: null, after: link.role },
        },
      });
      const sessionId = await createSession(tx, adminId, { userAgent, address });
      return { ok: true, adminId, sessionId };
    });
    if (outcome.ok && previousSessionId) await deleteSession(db, previousSessionId);
    return outcome;
  } catch (error) {
    if (error instanceof UsernameTaken) return { ok: false, reason: "username-taken" };
    // Another invitation took the same username a moment ago.
    if (isUniqueViolation(error) && constraintOf(error) === "admins_username_key") return { ok: false, reason: "username-taken" };
    if (isUniqueViolation(error) && constraintOf(error) === "admins_email_key") return { ok: false, reason: "email-taken" };
    throw error;
  }
}

/** Thrown inside the transaction so it rolls back (the link stays unspent). */
class UsernameTaken extends Error {}

function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === "string") return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

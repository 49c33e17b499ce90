/**
 * Proving it is them again (issue 31 item 2, ASVS 7.5.1). A session cookie alone must not let
 * anyone replace or remove a sign-in factor or make new recovery codes: those need the admin's
 * password, a current code from their app, or one of their passkeys, within the last
 * REAUTH_SECONDS, recorded on the session row (admin_sessions.reauth_at, server-side only).
 *
 * Each way is limited as at sign-in: passwords under the account page's current-password limit,
 * codes under the sign-in's own code limit (one counter), passkeys by their single-use challenge.
 * Every attempt is audited with its method.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { adminSessions } from "~/db/schema";
import type { SignedInAdmin } from "~/domain/admin/auth.server";
import { confirmCurrentPassword } from "~/domain/admin/account.server";
import { countCodeAttempt } from "~/domain/admin/code-limits.server";
import { verifyReauthPasskey, type RelyingParty } from "~/domain/admin/passkeys.server";
import { consumeTotpCode } from "~/domain/admin/two-factor.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { REAUTH_SECONDS } from "~/lib/admin/account-rules";

export type ReauthProof =
  | { method: "password"; password: string }
  | { method: "code"; code: string }
  | { method: "passkey"; response: string; party: RelyingParty };

/** The proof a "Confirm it's you" form carries, whichever of its three ways the admin used. */
export function reauthProof(
  form:
    | { intent: "reauth-password"; currentPassword: string }
    | { intent: "reauth-code"; code: string }
    | { intent: "reauth-passkey"; response: string },
  party: RelyingParty,
): ReauthProof {
  if (form.intent === "reauth-password") return { method: "password", password: form.currentPassword };
  if (form.intent === "reauth-code") return { method: "code", code: form.code };
  return { method: "passkey", response: form.response, party };
}

export type ReauthOutcome =
  { ok: true } | { ok: false; reason: "wrong" | "demo" } | { ok: false; reason: "limited"; retryAfterSeconds: number };

/** Whether this session's admin proved it was them recently enough to change a factor. */
export function recentlyReauthenticated(admin: SignedInAdmin): boolean {
  return admin.session.reauthUntil !== null;
}

/**
 * Until when this session may change factors, read afresh: after a plain form post the page's
 * loader runs in the same request as the action, whose admin was looked up before it re-authenticated.
 */
export async function reauthUntil(db: Database, admin: SignedInAdmin): Promise<Date | null> {
  const [row] = await db
    .select({
      until: sql<string | null>`CASE WHEN ${adminSessions.reauthAt} > now() - make_interval(secs => ${REAUTH_SECONDS})
        THEN ${adminSessions.reauthAt} + make_interval(secs => ${REAUTH_SECONDS}) END`,
    })
    .from(adminSessions)
    .where(and(eq(adminSessions.idHash, admin.session.idHash), eq(adminSessions.adminId, admin.id)));
  return row?.until ? new Date(row.until) : null;
}

/** Records a re-authentication on this session (also used where a form's own current password was right). */
export async function markReauthenticated(db: Database, admin: SignedInAdmin): Promise<void> {
  await db
    .update(adminSessions)
    .set({ reauthAt: sql`now()` })
    .where(and(eq(adminSessions.idHash, admin.session.idHash), eq(adminSessions.adminId, admin.id)));
}

async function check(db: Database, admin: SignedInAdmin, actor: AuditActor, proof: ReauthProof): Promise<ReauthOutcome> {
  switch (proof.method) {
    case "password": {
      const refusal = await confirmCurrentPassword(db, admin, proof.password);
      if (!refusal) return { ok: true };
      if (refusal.kind === "limited") return { ok: false, reason: "limited", retryAfterSeconds: refusal.retryAfterSeconds };
      return { ok: false, reason: refusal.kind === "demo" ? "demo" : "wrong" };
    }
    case "code": {
      const attempt = await countCodeAttempt(db, admin.id, actor.address ?? "");
      if (!attempt.allowed) return { ok: false, reason: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
      const right = await consumeTotpCode(db, admin.id, proof.code);
      await attempt.settle(right ? "right" : "wrong");
      return right ? { ok: true } : { ok: false, reason: "wrong" };
    }
    case "passkey":
      return (await verifyReauthPasskey(db, admin.id, proof.party, proof.response))
        ? { ok: true }
        : { ok: false, reason: "wrong" };
  }
}

export async function reauthenticate(
  db: Database,
  admin: SignedInAdmin,
  actor: AuditActor,
  proof: ReauthProof,
): Promise<ReauthOutcome> {
  if (admin.isDemo) return { ok: false, reason: "demo" };
  const outcome = await check(db, admin, actor, proof);
  if (outcome.ok) await markReauthenticated(db, admin);
  if (outcome.ok || outcome.reason === "wrong") {
    await recordAudit(db, {
      actor,
      kind: outcome.ok ? "account.reauth" : "account.reauth-wrong",
      record: { type: "admin", id: admin.id },
      changes: { method: { before: null, after: proof.method } },
    });
  }
  return outcome;
}

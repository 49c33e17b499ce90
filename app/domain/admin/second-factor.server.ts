/**
 * The sign-in's second step. After a right password, an account with a second factor gets no
 * session but a pending state ('second-factor', 5 minutes) named by a random id in a short-lived
 * cookie. The 6-digit code (or a recovery code) then completes the sign-in.
 *
 * Wrong codes are limited like passwords: 5 per 15 minutes per admin and per address
 * (code-limits.server.ts, shared with the codes typed on the account pages), counted before the
 * code is checked; a right code clears its admin's counter and gives back its own count on the
 * address's (as for passwords: the address keeps its failures). After 5 wrong codes the pending
 * state is deleted and the
 * sign-in starts again from the password.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { adminPending } from "~/db/schema";
import { adminById, type Admin } from "~/domain/admin/auth.server";
import { secureCookies } from "~/domain/platform/cookies.server";
import { finishSignIn, type SignInMethod } from "~/domain/admin/sign-in.server";
import { consumeRecoveryCode, consumeTotpCode, prunePending } from "~/domain/admin/two-factor.server";
import { recordAudit } from "~/domain/platform/audit.server";
import { recordRefusal } from "~/domain/platform/refusals.server";
import { codeLimits } from "~/domain/admin/code-limits.server";
import { hitAll, refund, reset } from "~/domain/platform/rate-limit.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { isRecoveryCodeShape } from "~/lib/admin/totp";

export const SECOND_FACTOR_SECONDS = 5 * 60;
/** Wrong codes one pending sign-in may take before it is deleted. */
export const SECOND_FACTOR_ATTEMPTS = 5;

const ID = /^[A-Za-z0-9_-]{43}$/;

/** The cookie naming the pending sign-in: HttpOnly, as long as the state lasts. */
function cookieName(secure: boolean): string {
  return secure ? "__Host-admin_signin" : "admin_signin";
}

export function pendingCookie(request: Request, production: boolean, pendingId: string | null): string {
  const secure = secureCookies(request, production);
  const parts = [`${cookieName(secure)}=${pendingId ?? ""}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  parts.push(`Max-Age=${pendingId ? SECOND_FACTOR_SECONDS : 0}`);
  return parts.join("; ");
}

export function pendingIdFrom(request: Request, production: boolean): string | null {
  const name = cookieName(secureCookies(request, production));
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

export async function startSecondFactor(
  db: Database,
  adminId: number,
  { userAgent, address }: { userAgent: string; address: string },
): Promise<string> {
  const pendingId = newToken();
  await prunePending(db);
  await db.insert(adminPending).values({
    idHash: hashToken(pendingId),
    purpose: "second-factor",
    adminId,
    userAgent: userAgent.slice(0, 512),
    address: address.slice(0, 64),
    expiresAt: sql`now() + make_interval(secs => ${SECOND_FACTOR_SECONDS})`,
  });
  return pendingId;
}

export interface PendingSignIn {
  admin: Admin;
  totpOn: boolean;
  hasPasskeys: boolean;
}

/** The admin awaiting their second factor under this id, while the state lasts. */
export async function pendingSignIn(db: Database, pendingId: string | null): Promise<PendingSignIn | null> {
  if (!pendingId || !ID.test(pendingId)) return null;
  const [row] = await db
    .select({
      adminId: adminPending.adminId,
      // The outer column written out: in a select list Drizzle renders ${adminPending.adminId} as a
      // bare "admin_id", which inside the passkeys subquery is the passkey's own (true for everyone).
      totpOn: sql<boolean>`EXISTS (SELECT 1 FROM admins a WHERE a.id = admin_pending.admin_id AND a.totp_enabled_at IS NOT NULL)`,
      hasPasskeys: sql<boolean>`EXISTS (SELECT 1 FROM admin_passkeys p WHERE p.admin_id = admin_pending.admin_id)`,
    })
    .from(adminPending)
    .where(
      and(
        eq(adminPending.idHash, hashToken(pendingId)),
        eq(adminPending.purpose, "second-factor"),
        gt(adminPending.expiresAt, sql`now()`),
      ),
    );
  if (!row?.adminId) return null;
  const admin = await adminById(db, row.adminId);
  return admin && { admin, totpOn: row.totpOn, hasPasskeys: row.hasPasskeys };
}

export type CodeOutcome =
  | { ok: true; admin: Admin; sessionId: string; method: SignInMethod; recoveryCodesLeft: number | null }
  | { ok: false; reason: "expired" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number }
  | { ok: false; reason: "wrong-code"; attemptsLeft: number };

export async function attemptCode(
  db: Database,
  {
    pendingId,
    code,
    address,
    userAgent = "",
    previousSessionId,
  }: { pendingId: string | null; code: string; address: string; userAgent?: string; previousSessionId: string | null },
): Promise<CodeOutcome> {
  const pending = await pendingSignIn(db, pendingId);
  if (!pending) return { ok: false, reason: "expired" };
  const { admin } = pending;
  const idHash = hashToken(pendingId!);
  const actor = { adminId: admin.id, username: admin.username, address };
  const record = { type: "admin", id: admin.id };

  const limits = codeLimits(admin.id, address);
  const states = await hitAll(db, limits);
  const blocked = states.filter((s) => !s.allowed);
  if (blocked.length) {
    for (const rule of limits) await refund(db, rule);
    await recordRefusal(db, "signin-code", {
      actor,
      kind: "signin.locked",
      record,
      changes: { step: { before: null, after: "code" } },
    });
    return { ok: false, reason: "limited", retryAfterSeconds: Math.max(...blocked.map((s) => s.retryAfterSeconds)) };
  }

  const recovery = isRecoveryCodeShape(code);
  const accepted = await db.transaction(async (tx) => {
    // Locks the pending row: of two requests at once the second waits, then finds it gone or counted.
    const [held] = await tx
      .select({ attempts: adminPending.attempts })
      .from(adminPending)
      .where(and(eq(adminPending.idHash, idHash), gt(adminPending.expiresAt, sql`now()`)))
      .for("update");
    if (!held) return { kind: "expired" as const };
    let method: SignInMethod | null = null;
    let left: number | null = null;
    if (recovery) {
      left = await consumeRecoveryCode(tx, admin.id, code);
      if (left !== null) method = "recovery-code";
    } else if (await consumeTotpCode(tx, admin.id, code)) {
      method = "totp";
    }
    if (method) {
      await tx.delete(adminPending).where(eq(adminPending.idHash, idHash));
      if (left !== null) {
        await recordAudit(tx, {
          actor,
          kind: "signin.recovery-code",
          record,
          changes: { codesLeft: { before: left + 1, after: left } },
        });
      }
      return { kind: "ok" as const, method, left };
    }
    const attempts = held.attempts + 1;
    // After the fifth wrong code the state is gone: the sign-in starts again from the password.
    if (attempts >= SECOND_FACTOR_ATTEMPTS) await tx.delete(adminPending).where(eq(adminPending.idHash, idHash));
    else await tx.update(adminPending).set({ attempts }).where(eq(adminPending.idHash, idHash));
    await recordAudit(tx, {
      actor,
      kind: "signin.wrong-code",
      record,
      changes: { method: { before: null, after: recovery ? "recovery-code" : "totp" } },
    });
    return { kind: "wrong" as const, attemptsLeft: SECOND_FACTOR_ATTEMPTS - attempts };
  });
  if (accepted.kind === "expired") {
    for (const rule of limits) await refund(db, rule);
    return { ok: false, reason: "expired" };
  }
  if (accepted.kind === "wrong") return { ok: false, reason: "wrong-code", attemptsLeft: accepted.attemptsLeft };
  await reset(db, limits[0].key);
  await refund(db, limits[1]);
  const sessionId = await finishSignIn(db, admin, { address, userAgent, previousSessionId, method: accepted.method });
  return { ok: true, admin, sessionId, method: accepted.method, recoveryCodesLeft: accepted.left };
}

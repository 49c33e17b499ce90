/**
 * The login attempt under its rate limits (5 password checks per username and per address in
 * 15 minutes). The attempt is counted BEFORE the password is checked, in one statement for both
 * keys, so however many requests arrive at once at most 5 passwords per key are ever verified.
 * A refused attempt is taken back (it checked nothing); a wrong password stays counted. A success
 * clears its own username's counter only: the address's counter gives back the success's own
 * count but keeps the failures before it, or an attacker's own account signed in between guesses
 * would reset the address's count for every other username (password spraying, issue 31 item 9).
 *
 * A right password for an account with a second factor (TOTP or a passkey) opens no session: it
 * starts the second step (app/domain/admin/second-factor.server.ts).
 *
 * Every checked attempt is in the audit log (success, wrong password, unknown username), with the
 * admin when the username is one, never the password, and never the typed username when it is
 * nobody's (it is often a password typed in the wrong field). Refused ones (locked) are counted
 * per address and hour, with one audit entry for the first (refusals.server.ts, decision 0038).
 */
import type { Database } from "~/db/client";
import { startSecondFactor } from "~/domain/admin/second-factor.server";
import { finishSignIn } from "~/domain/admin/sign-in.server";
import { hitAll, refund, reset, type RateLimit } from "~/domain/platform/rate-limit.server";
import { adminNamed, checkCredentials, type Admin } from "~/domain/admin/auth.server";
import { recordAudit } from "~/domain/platform/audit.server";
import { recordRefusal } from "~/domain/platform/refusals.server";
import { tryAgainIn } from "~/lib/util/try-again";
import { foldUsername } from "~/lib/admin/usernames";

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

function rules(username: string, address: string): [user: RateLimit, address: RateLimit] {
  const common = { limit: LOGIN_FAILURE_LIMIT, windowSeconds: LOGIN_WINDOW_SECONDS };
  return [
    { key: `login:user:${foldUsername(username)}`, ...common },
    { key: `login:ip:${address}`, ...common },
  ];
}

export type LoginOutcome =
  | { ok: true; admin: Admin; sessionId: string; secondFactor?: undefined }
  | { ok: true; admin: Admin; secondFactor: { pendingId: string }; sessionId?: undefined }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

export async function attemptLogin(
  db: Database,
  {
    username,
    password,
    address,
    userAgent = "",
    previousSessionId,
  }: { username: string; password: string; address: string; userAgent?: string; previousSessionId: string | null },
): Promise<LoginOutcome> {
  const limits = rules(username, address);
  const states = await hitAll(db, limits);
  const blocked = states.filter((s) => !s.allowed);
  const actor = (admin: Admin | null) => ({ adminId: admin?.id ?? null, username: admin?.username ?? null, address });
  if (blocked.length) {
    // Sequential single-row updates: no second lock order to deadlock with hitAll.
    for (const rule of limits) await refund(db, rule);
    const admin = await adminNamed(db, username);
    await recordRefusal(db, "signin-password", {
      actor: actor(admin),
      kind: "signin.locked",
      record: admin && { type: "admin", id: admin.id },
    });
    return { ok: false, reason: "limited", retryAfterSeconds: Math.max(...blocked.map((s) => s.retryAfterSeconds)) };
  }
  const checked = await checkCredentials(db, username, password);
  if (!checked.ok) {
    const kind = checked.admin ? "signin.wrong-password" : "signin.unknown-user";
    await recordAudit(db, {
      actor: actor(checked.admin),
      kind,
      record: checked.admin && { type: "admin", id: checked.admin.id },
    });
    return { ok: false, reason: "invalid" };
  }
  const { admin } = checked;
  const [userRule, addressRule] = limits;
  await reset(db, userRule.key);
  await refund(db, addressRule);
  // A second factor is awaited: no session yet, only a pending state the browser names by a cookie.
  if (admin.twoFactor) {
    const pendingId = await startSecondFactor(db, admin.id, { userAgent, address });
    return { ok: true, admin, secondFactor: { pendingId } };
  }
  const sessionId = await finishSignIn(db, admin, { address, userAgent, previousSessionId, method: "password" });
  return { ok: true, admin, sessionId };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many failed login attempts. ${tryAgainIn(retryAfterSeconds)}`;
}

/**
 * The login attempt under its rate limits (5 password checks per username and per address in
 * 15 minutes). The attempt is counted BEFORE the password is checked, in one statement for both
 * keys, so however many requests arrive at once at most 5 passwords per key are ever verified.
 * A refused attempt is taken back (it checked nothing); a wrong password stays counted; a
 * success clears both counters.
 */
import type { Database } from "~/db/client";
import { hitAll, refund, reset, type RateLimit } from "~/domain/platform/rate-limit.server";
import { createSession, deleteSession, pruneSessions, verifyCredentials, type Admin } from "~/domain/admin/auth.server";
import { tryAgainIn } from "~/lib/util/try-again";

export const LOGIN_FAILURE_LIMIT = 5;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

function rules(username: string, address: string): RateLimit[] {
  const common = { limit: LOGIN_FAILURE_LIMIT, windowSeconds: LOGIN_WINDOW_SECONDS };
  return [
    { key: `login:user:${username.trim().toLowerCase()}`, ...common },
    { key: `login:ip:${address}`, ...common },
  ];
}

export type LoginOutcome =
  | { ok: true; admin: Admin; sessionId: string }
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
  if (blocked.length) {
    // Sequential single-row updates: no second lock order to deadlock with hitAll.
    for (const rule of limits) await refund(db, rule);
    return { ok: false, reason: "limited", retryAfterSeconds: Math.max(...blocked.map((s) => s.retryAfterSeconds)) };
  }
  const admin = await verifyCredentials(db, username, password);
  if (!admin) return { ok: false, reason: "invalid" };
  for (const rule of limits) await reset(db, rule.key);
  // Rotation: whatever session id the browser held before is dead; the new one is fresh.
  if (previousSessionId) await deleteSession(db, previousSessionId);
  await pruneSessions(db);
  return { ok: true, admin, sessionId: await createSession(db, admin.id, { userAgent, address }) };
}

export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  return `Too many failed login attempts. ${tryAgainIn(retryAfterSeconds)}`;
}

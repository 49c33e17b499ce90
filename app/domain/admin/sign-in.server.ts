/** The end of every successful sign-in, whatever its method (password, code, recovery code, passkey). */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { admins } from "~/db/schema";
import { createSession, deleteSession, pruneSessions, type Admin } from "~/domain/admin/auth.server";
import { recordAudit } from "~/domain/platform/audit.server";
import { readSetting } from "~/domain/admin/club-settings.server";
import { accountRequirement, REQUIREMENT_PATHS } from "~/lib/admin/account-rules";
import { landingPath } from "~/lib/admin/roles";

export type SignInMethod = "password" | "totp" | "recovery-code" | "passkey";

/**
 * A complete sign-in (the password alone for an account without a second factor, or the second
 * factor after it, or a passkey): the browser's previous session id dies (rotation), a new
 * session starts, the sign-in is logged with its method, and last_sign_in_at is set.
 */
export async function finishSignIn(
  db: Database,
  admin: Admin,
  {
    address,
    userAgent,
    previousSessionId,
    method,
  }: { address: string; userAgent: string; previousSessionId: string | null; method: SignInMethod },
): Promise<string> {
  if (previousSessionId) await deleteSession(db, previousSessionId);
  await pruneSessions(db);
  return db.transaction(async (tx) => {
    const id = await createSession(tx, admin.id, { userAgent, address });
    await tx
      .update(admins)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(admins.id, admin.id));
    await recordAudit(tx, {
      actor: { adminId: admin.id, username: admin.username, address },
      kind: "signin.success",
      record: { type: "admin", id: admin.id },
      changes: { method: { before: null, after: method } },
    });
    return id;
  });
}

/** Where a sign-in lands: what the account still lacks (account-rules), else the role's first screen. */
export async function afterSignInPath(db: Database, admin: Admin): Promise<string> {
  const requirement = accountRequirement(admin, await readSetting(db, "security.require_two_factor"));
  return requirement ? REQUIREMENT_PATHS[requirement] : landingPath(admin.role);
}

/**
 * "My account" (issue 23 item 3): an admin's own e-mail address and password. Both changes ask
 * for the current password, counted against a limit before it is checked (a stolen session must
 * not become a password-guessing oracle), and each is one transaction with its audit entry and
 * a notice to the address that could otherwise miss it.
 */
import { verify } from "@node-rs/argon2";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { tryAgainIn } from "~/lib/util/try-again";
import { adminLinks, adminPending, adminSessions, admins } from "~/db/schema";
import { checkPasswordStrength, hashPassword, type Admin } from "~/domain/admin/auth.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { isUniqueViolation } from "~/domain/platform/db-errors.server";
import { enqueue } from "~/domain/platform/outbox.server";
import { hit, reset, type RateLimit } from "~/domain/platform/rate-limit.server";
import { accountNotice } from "~/lib/admin/account-mail";
import type { EmailChange, PasswordChange } from "~/lib/admin/account-schemas";
import type { ClubMail } from "~/lib/platform/club";

/** Wrong current passwords: as many as the login allows. */
export const CURRENT_PASSWORD_LIMIT = { limit: 5, windowSeconds: 15 * 60 } as const;

function currentPasswordRule(adminId: number): RateLimit {
  return { key: `account:password:${adminId}`, ...CURRENT_PASSWORD_LIMIT };
}

type Refusal = { kind: "demo" } | { kind: "wrong-password" } | { kind: "limited"; retryAfterSeconds: number };

/** Checks the current password under its limit; null when it is right. */
async function checkCurrentPassword(db: Database, admin: Admin, password: string): Promise<Refusal | null> {
  if (admin.isDemo) return { kind: "demo" };
  const rule = currentPasswordRule(admin.id);
  const state = await hit(db, rule);
  if (!state.allowed) return { kind: "limited", retryAfterSeconds: state.retryAfterSeconds };
  const [row] = await db.select({ passwordHash: admins.passwordHash }).from(admins).where(eq(admins.id, admin.id));
  const ok = row ? await verify(row.passwordHash, password).catch(() => false) : false;
  if (!ok) return { kind: "wrong-password" };
  await reset(db, rule.key);
  return null;
}

/**
 * The current password before a change that would let a stolen session keep the account (a
 * passkey added or removed: ASVS 7.5.1), under the same limit as the account page's forms.
 */
export function confirmCurrentPassword(db: Database, admin: Admin, password: string): Promise<Refusal | null> {
  return checkCurrentPassword(db, admin, password);
}

/** What a refused current password tells the admin. */
export function currentPasswordRefusal(refusal: Refusal): { status: number; description: string } {
  switch (refusal.kind) {
    case "demo":
      return { status: 403, description: "The demo admin's account cannot be changed." };
    case "wrong-password":
      return { status: 400, description: "Your current password is not right." };
    case "limited":
      return { status: 429, description: `Too many wrong passwords. ${tryAgainIn(refusal.retryAfterSeconds)}` };
  }
}

export type EmailOutcome = { kind: "changed" } | { kind: "unchanged" } | { kind: "taken" } | Refusal;

export async function changeEmail(
  db: Database,
  admin: Admin,
  input: EmailChange,
  { actor, club }: { actor: AuditActor; club: ClubMail },
): Promise<EmailOutcome> {
  const refusal = await checkCurrentPassword(db, admin, input.currentPassword);
  if (refusal) return refusal;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select({ email: admins.email }).from(admins).where(eq(admins.id, admin.id)).for("update");
      const before = row?.email ?? null;
      if (before === input.email) return { kind: "unchanged" as const };
      const [other] = await tx
        .select({ id: admins.id })
        .from(admins)
        .where(and(sql`lower(${admins.email}) = lower(${input.email})`, ne(admins.id, admin.id)));
      if (other) return { kind: "taken" as const };
      await tx
        .update(admins)
        .set({ email: input.email, updatedAt: sql`now()` })
        .where(eq(admins.id, admin.id));
      // A reset link mailed to the old address must not outlive the address.
      await voidResetLinks(tx, admin.id);
      await recordAudit(tx, {
        actor,
        kind: "account.email",
        record: { type: "admin", id: admin.id },
        changes: { email: { before, after: input.email } },
      });
      if (before)
        await enqueue(tx, [accountNotice({ to: before, username: admin.username, change: "email-changed" }, club)], club);
      return { kind: "changed" as const };
    });
  } catch (error) {
    // Another admin took the address between our look-up and our update.
    if (isUniqueViolation(error)) return { kind: "taken" };
    throw error;
  }
}

export type PasswordOutcome = { kind: "changed" } | { kind: "same" } | { kind: "weak"; message: string } | Refusal;

/**
 * A new password for the signed-in admin: every OTHER session of theirs ends (whoever knew the
 * old password is out), this one (`keepSessionHash`) goes on.
 */
export async function changePassword(
  db: Database,
  admin: Admin,
  input: PasswordChange,
  { actor, club, keepSessionHash }: { actor: AuditActor; club: ClubMail; keepSessionHash: string | null },
): Promise<PasswordOutcome> {
  if (admin.isDemo) return { kind: "demo" };
  const weak = checkPasswordStrength(input.newPassword, { username: admin.username, clubName: club.clubName });
  if (weak) return { kind: "weak", message: weak };
  if (input.newPassword === input.currentPassword) return { kind: "same" };
  const refusal = await checkCurrentPassword(db, admin, input.currentPassword);
  if (refusal) return refusal;
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(admins)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(admins.id, admin.id));
    await endSignIns(tx, admin.id, keepSessionHash);
    await voidResetLinks(tx, admin.id);
    await recordAudit(tx, { actor, kind: "account.password-change", record: { type: "admin", id: admin.id } });
    if (admin.email) {
      await enqueue(tx, [accountNotice({ to: admin.email, username: admin.username, change: "password-changed" }, club)], club);
    }
  });
  return { kind: "changed" };
}

/**
 * Ends the admin's sessions (all, or all but `keepSessionHash`) and any sign-in half done
 * (a password accepted, a second factor awaited): a new password must lock out the old one.
 */
export async function endSignIns(tx: Tx, adminId: number, keepSessionHash: string | null = null): Promise<void> {
  await tx
    .delete(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), keepSessionHash ? ne(adminSessions.idHash, keepSessionHash) : undefined));
  await tx.delete(adminPending).where(and(eq(adminPending.adminId, adminId), eq(adminPending.purpose, "second-factor")));
}

/** Every unused reset link of the admin stops working. */
export async function voidResetLinks(tx: Tx, adminId: number): Promise<void> {
  await tx
    .update(adminLinks)
    .set({ usedAt: sql`now()` })
    .where(and(eq(adminLinks.adminId, adminId), eq(adminLinks.purpose, "reset"), isNull(adminLinks.usedAt)));
}

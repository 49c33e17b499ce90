/**
 * Two-factor sign-in's records (issue 23 item 4): turning TOTP on (a pending secret for 10
 * minutes, then the first code), ten recovery codes (argon2id hashes with their own salt, like
 * passwords: a code is 50 random bits, under the 112 bits ASVS 6.5.2 asks before a fast hash
 * would do), turning it off, and checking a code, where a code's step is stored
 * with `WHERE totp_last_step < step`, so one code cannot be accepted twice, even by two requests
 * at once.
 *
 * Pending states (table admin_pending) are looked up by the sha-256 of a random id the browser
 * holds (a cookie or a hidden field), so a copy of the database opens none of them.
 */
import { randomBytes } from "node:crypto";
import { verify } from "@node-rs/argon2";
import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { generateSecret } from "otplib";
import type { Database, Tx } from "~/db/client";
import { adminPasskeys, adminPending, adminRecoveryCodes, admins, adminSessions } from "~/db/schema";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { readSetting } from "~/domain/admin/club-settings.server";
import { hashPassword } from "~/domain/admin/auth.server";
import { openTotpSecret, sealTotpSecret } from "~/domain/admin/totp-secret.server";
import { mustHaveTwoFactor } from "~/lib/admin/account-rules";
import { countCodeAttempt } from "~/domain/admin/code-limits.server";
import { acceptedStep, normalizeRecoveryCode, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from "~/lib/admin/totp";

type Executor = Tx | Database;

export const TOTP_SETUP_SECONDS = 10 * 60;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function newRecoveryCode(): string {
  // 32 symbols from 256 byte values: no modulo bias.
  return Array.from(randomBytes(RECOVERY_CODE_LENGTH), (b) => BASE32[b % 32]).join("");
}

export function hashRecoveryCode(code: string): Promise<string> {
  return hashPassword(normalizeRecoveryCode(code));
}

/** Deletes every pending state whose time is up (called where new ones are made). */
export async function prunePending(db: Executor): Promise<void> {
  await db.delete(adminPending).where(lt(adminPending.expiresAt, sql`now()`));
}

export interface TwoFactorStatus {
  totpOn: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }[];
  /** An owner, or anyone when the club requires it: may not turn off their last second factor. */
  required: boolean;
}

export async function twoFactorStatus(db: Database, admin: { id: number; role: string }): Promise<TwoFactorStatus> {
  const [row] = await db.select({ enabledAt: admins.totpEnabledAt }).from(admins).where(eq(admins.id, admin.id));
  const [codes] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, admin.id), isNull(adminRecoveryCodes.usedAt)));
  const passkeys = await db
    .select({
      id: adminPasskeys.id,
      name: adminPasskeys.name,
      createdAt: adminPasskeys.createdAt,
      lastUsedAt: adminPasskeys.lastUsedAt,
    })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, admin.id))
    .orderBy(adminPasskeys.createdAt);
  return {
    totpOn: Boolean(row?.enabledAt),
    recoveryCodesLeft: codes?.n ?? 0,
    passkeys,
    required: mustHaveTwoFactor(admin.role, await readSetting(db, "security.require_two_factor")),
  };
}

// ---- Turning TOTP on ----

/** A new secret awaiting its first code; the browser keeps the returned id (a hidden field). */
export async function startTotpSetup(db: Database, adminId: number): Promise<{ setupId: string; secret: string }> {
  const setupId = newToken();
  // 20 bytes = 160 bits (RFC 4226's recommendation), 32 base32 characters.
  const secret = generateSecret({ length: 20 });
  await db.transaction(async (tx) => {
    await prunePending(tx);
    // One setup at a time per admin: an older QR code stops working.
    await tx.delete(adminPending).where(and(eq(adminPending.adminId, adminId), eq(adminPending.purpose, "totp-setup")));
    await tx.insert(adminPending).values({
      idHash: hashToken(setupId),
      purpose: "totp-setup",
      adminId,
      secret: sealTotpSecret(adminId, secret),
      expiresAt: sql`now() + make_interval(secs => ${TOTP_SETUP_SECONDS})`,
    });
  });
  return { setupId, secret };
}

/** The pending secret of this admin's setup id, while it lasts. */
export async function pendingTotpSecret(db: Database, adminId: number, setupId: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(setupId)) return null;
  const [row] = await db
    .select({ secret: adminPending.secret })
    .from(adminPending)
    .where(
      and(
        eq(adminPending.idHash, hashToken(setupId)),
        eq(adminPending.adminId, adminId),
        eq(adminPending.purpose, "totp-setup"),
        gt(adminPending.expiresAt, sql`now()`),
      ),
    );
  return row?.secret ? openTotpSecret(adminId, row.secret) : null;
}

async function replaceRecoveryCodes(tx: Tx, adminId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  await tx.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ adminId, codeHash })));
  return codes;
}

export type SetupOutcome = { ok: true; recoveryCodes: string[] } | { ok: false; reason: "expired" | "wrong-code" };

/** The first code from the app: TOTP is on, and ten new recovery codes are returned (shown once). */
export async function confirmTotpSetup(
  db: Database,
  actor: AuditActor & { adminId: number },
  setupId: string,
  code: string,
): Promise<SetupOutcome> {
  const adminId = actor.adminId;
  const secret = await pendingTotpSecret(db, adminId, setupId);
  if (!secret) return { ok: false, reason: "expired" };
  const step = acceptedStep(secret, code, 0);
  if (step === null) return { ok: false, reason: "wrong-code" };
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(adminPending)
      .where(and(eq(adminPending.idHash, hashToken(setupId)), eq(adminPending.adminId, adminId)))
      .returning({ idHash: adminPending.idHash });
    // A second submission of the same form lost the race: the first one turned TOTP on.
    if (gone.length === 0) return { ok: false, reason: "expired" } as const;
    const [before] = await tx.select({ enabledAt: admins.totpEnabledAt }).from(admins).where(eq(admins.id, adminId));
    await tx
      .update(admins)
      .set({ totpSecret: sealTotpSecret(adminId, secret), totpEnabledAt: sql`now()`, totpLastStep: step, updatedAt: sql`now()` })
      .where(eq(admins.id, adminId));
    const recoveryCodes = await replaceRecoveryCodes(tx, adminId);
    await recordAudit(tx, {
      actor,
      kind: "two-factor.enable",
      record: { type: "admin", id: adminId },
      changes: { totp: { before: before?.enabledAt ? "on" : "off", after: "on" } },
    });
    return { ok: true, recoveryCodes } as const;
  });
}

// ---- Checking a code ----

/**
 * Accepts a TOTP code for this admin once: the step is stored only if it is later than the last
 * one accepted, in one statement, so a replay (or a concurrent twin) finds nothing to update.
 */
export async function consumeTotpCode(db: Executor, adminId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ secret: admins.totpSecret, enabledAt: admins.totpEnabledAt, lastStep: admins.totpLastStep })
    .from(admins)
    .where(eq(admins.id, adminId));
  if (!row?.secret || !row.enabledAt) return false;
  const step = acceptedStep(openTotpSecret(adminId, row.secret), code, row.lastStep);
  if (step === null) return false;
  const updated = await db
    .update(admins)
    .set({ totpLastStep: step })
    .where(and(eq(admins.id, adminId), lt(admins.totpLastStep, step)))
    .returning({ id: admins.id });
  return updated.length > 0;
}

/** Marks one unused recovery code used; the number left, or null when the code is not one of theirs. */
export async function consumeRecoveryCode(db: Executor, adminId: number, code: string): Promise<number | null> {
  // Salted hashes cannot be looked up: each unused code of this admin (ten at most) is verified.
  const unused = await db
    .select({ id: adminRecoveryCodes.id, codeHash: adminRecoveryCodes.codeHash })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  const typed = normalizeRecoveryCode(code);
  let match: number | null = null;
  for (const row of unused) {
    if (await verify(row.codeHash, typed).catch(() => false)) {
      match = row.id;
      break;
    }
  }
  if (match === null) return null;
  // Used once, even by two requests at once: only the first update finds it unused.
  const used = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(adminRecoveryCodes.id, match), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id });
  if (used.length === 0) return null;
  const [left] = await db
    .select({ n: count() })
    .from(adminRecoveryCodes)
    .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
  return left?.n ?? 0;
}

// ---- Recovery codes again, turning TOTP off ----

export type CodeProvenOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "wrong-code" | "required" | "off" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * A current code under the sign-in's code limits (countCodeAttempt): `work` runs in one
 * transaction and says whether the code was right ("wrong-code"), or that it was never checked.
 */
async function withCountedCode<T>(
  db: Database,
  actor: AuditActor & { adminId: number },
  work: (tx: Tx) => Promise<CodeProvenOutcome<T>>,
): Promise<CodeProvenOutcome<T>> {
  const attempt = await countCodeAttempt(db, actor.adminId, actor.address ?? "");
  if (!attempt.allowed) return { ok: false, reason: "limited", retryAfterSeconds: attempt.retryAfterSeconds };
  const outcome = await db.transaction(work);
  await attempt.settle(outcome.ok ? "right" : outcome.reason === "wrong-code" ? "wrong" : "unchecked");
  return outcome;
}

/** Ten new recovery codes (the old ones stop working), after a current code. */
export async function regenerateRecoveryCodes(
  db: Database,
  actor: AuditActor & { adminId: number },
  code: string,
): Promise<CodeProvenOutcome<string[]>> {
  return withCountedCode(db, actor, async (tx) => {
    const [row] = await tx.select({ enabledAt: admins.totpEnabledAt }).from(admins).where(eq(admins.id, actor.adminId));
    if (!row?.enabledAt) return { ok: false, reason: "off" } as const;
    if (!(await consumeTotpCode(tx, actor.adminId, code))) return { ok: false, reason: "wrong-code" } as const;
    const codes = await replaceRecoveryCodes(tx, actor.adminId);
    await recordAudit(tx, { actor, kind: "two-factor.recovery-codes", record: { type: "admin", id: actor.adminId } });
    return { ok: true, value: codes } as const;
  });
}

/**
 * Turns TOTP off after a current code. Refused for an account that must have two factors
 * (owner, or the club requires it) unless a passkey remains.
 */
export async function disableTotp(
  db: Database,
  actor: AuditActor & { adminId: number },
  role: string,
  code: string,
): Promise<CodeProvenOutcome<null>> {
  return withCountedCode(db, actor, async (tx) => {
    // Locks the admin's row: a concurrent passkey removal waits, so both cannot leave nothing.
    const [row] = await tx
      .select({ enabledAt: admins.totpEnabledAt })
      .from(admins)
      .where(eq(admins.id, actor.adminId))
      .for("update");
    if (!row?.enabledAt) return { ok: false, reason: "off" } as const;
    const [keys] = await tx.select({ n: count() }).from(adminPasskeys).where(eq(adminPasskeys.adminId, actor.adminId));
    if (!keys?.n && mustHaveTwoFactor(role, await readSetting(tx, "security.require_two_factor"))) {
      return { ok: false, reason: "required" } as const;
    }
    if (!(await consumeTotpCode(tx, actor.adminId, code))) return { ok: false, reason: "wrong-code" } as const;
    await tx
      .update(admins)
      .set({ totpSecret: null, totpEnabledAt: null, updatedAt: sql`now()` })
      .where(eq(admins.id, actor.adminId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, actor.adminId));
    await recordAudit(tx, {
      actor,
      kind: "two-factor.disable",
      record: { type: "admin", id: actor.adminId },
      changes: { totp: { before: "on", after: "off" } },
    });
    return { ok: true, value: null } as const;
  });
}

/**
 * `npm run admin -- <username> --reset-two-factor`: for an admin who lost their phone and their
 * recovery codes. TOTP off, recovery codes and passkeys deleted, every session ended.
 */
export async function resetTwoFactor(db: Database, adminId: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const [keys] = await tx.select({ n: count() }).from(adminPasskeys).where(eq(adminPasskeys.adminId, adminId));
    await tx
      .update(admins)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: 0, updatedAt: sql`now()` })
      .where(eq(admins.id, adminId));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
    await tx.delete(adminPasskeys).where(eq(adminPasskeys.adminId, adminId));
    await tx.delete(adminPending).where(eq(adminPending.adminId, adminId));
    await tx.delete(adminSessions).where(eq(adminSessions.adminId, adminId));
    await recordAudit(tx, {
      actor,
      kind: "two-factor.reset",
      record: { type: "admin", id: adminId },
      changes: { passkeys: { before: keys?.n ?? 0, after: 0 } },
    });
  });
}

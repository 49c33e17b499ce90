/**
 * Password reset by e-mail (issue 23 item 3, docs/features/admin.md).
 *
 * Asking: the same answer, status and time for an address that is an admin's and one that is
 * nobody's. Both do the same database work (count, look up, audit); the known one also writes
 * the link and its e-mail. The answer goes out when a fixed floor has passed since the request
 * began, whether or not that work has finished (it goes on, and a failure is logged), so the
 * time depends on nothing the address decides, however busy the server is. Limits: per client
 * address (answered 429 with a message: it says nothing about any account) and per typed address
 * (the answer stays the same; nothing is sent). The per-recipient mail cap applies on top.
 *
 * Using: a single-use link (token hashed, 30 minutes). The GET only shows the form (mail
 * scanners open links); the POST claims the link in one UPDATE ... WHERE used_at IS NULL, sets
 * the password, ends every session and half-done sign-in of the admin, voids their other reset
 * links, audits, and never signs in nor touches two-factor.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { adminLinks, admins } from "~/db/schema";
import { checkPasswordStrength, hashPassword } from "~/domain/admin/auth.server";
import { endSignIns, voidResetLinks } from "~/domain/admin/account.server";
import { answerAtFloor } from "~/domain/platform/answer-at-floor.server";
import { recordAudit } from "~/domain/platform/audit.server";
import { recordRefusal } from "~/domain/platform/refusals.server";
import { enqueue } from "~/domain/platform/outbox.server";
import { hit } from "~/domain/platform/rate-limit.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { accountNotice, resetMessage } from "~/lib/admin/account-mail";
import type { ClubSite } from "~/lib/platform/club";

export const RESET = {
  ttlMinutes: 30,
  /** Requests per client address... */
  perClient: { limit: 5, windowSeconds: 15 * 60 },
  /** ...and links per typed address. */
  perEmail: { limit: 3, windowSeconds: 60 * 60 },
  /** Every answer to a valid request goes out this long (ms) after the request began, never earlier. */
  floorMs: 500,
} as const;

export function resetPath(token: string): string {
  return `/admin/reset-password/${token}`;
}

/** The typed address's counter: hashed, so rate_limits holds no address. */
function emailKey(email: string): string {
  return `reset:email:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;
}

export type ResetRequestOutcome = { kind: "answered" } | { kind: "limited"; retryAfterSeconds: number };

export async function requestPasswordReset(
  db: Database,
  {
    email,
    address,
    club,
    onLateFailure,
  }: { email: string; address: string; club: ClubSite; onLateFailure: (error: unknown) => void },
): Promise<ResetRequestOutcome> {
  const started = performance.now();
  const perClient = await hit(db, { key: `reset:ip:${address}`, ...RESET.perClient });
  if (!perClient.allowed) {
    // Counted, with one audit entry per address and hour (decision 0038): it checked nothing.
    await recordRefusal(db, "reset-request", {
      actor: { adminId: null, username: null, address },
      kind: "password.reset-request",
      changes: { outcome: { before: null, after: "refused: too many requests from this address" } },
    });
    return { kind: "limited", retryAfterSeconds: perClient.retryAfterSeconds };
  }
  const work = db.transaction(async (tx) => {
    const perEmail = await hit(tx, { key: emailKey(email), ...RESET.perEmail });
    // Links nobody used hold an address: gone a day after they expire.
    await tx.execute(sql`DELETE FROM admin_links WHERE purpose = 'reset' AND expires_at < now() - interval '1 day'`);
    // The demo admin has no address; an address is never the demo's business anyway.
    const [admin] = await tx
      .select({ id: admins.id, username: admins.username, email: admins.email })
      .from(admins)
      .where(and(sql`lower(${admins.email}) = lower(${email})`, eq(admins.isDemo, false)));
    const sent = Boolean(admin && perEmail.allowed);
    if (admin && sent) {
      const token = newToken();
      await tx.insert(adminLinks).values({
        tokenHash: hashToken(token),
        purpose: "reset",
        adminId: admin.id,
        email: admin.email!,
        expiresAt: sql`now() + make_interval(mins => ${RESET.ttlMinutes})`,
      });
      await enqueue(
        tx,
        [
          resetMessage(
            {
              to: admin.email!,
              username: admin.username,
              link: `${club.siteUrl}${resetPath(token)}`,
              expiresInMinutes: RESET.ttlMinutes,
            },
            club,
          ),
        ],
        club,
      );
    }
    // Never the typed address: when it is nobody's, it may be a typo of someone's password.
    await recordAudit(tx, {
      actor: { adminId: admin?.id ?? null, username: admin?.username ?? null, address },
      kind: "password.reset-request",
      record: admin ? { type: "admin", id: admin.id } : null,
      changes: {
        outcome: {
          before: null,
          after: !admin ? "no admin uses the address" : sent ? "link sent" : "refused: too many links for this address",
        },
      },
    });
  });
  await answerAtFloor(work, { started, floorMs: RESET.floorMs, onLateFailure });
  return { kind: "answered" };
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type ResetLinkState =
  { kind: "valid"; admin: { id: number; username: string } } | { kind: "unknown" } | { kind: "used" } | { kind: "expired" };

/** What a reset link is now, without using it. */
export async function resetLinkState(db: Pick<Database, "select">, token: string): Promise<ResetLinkState> {
  if (!TOKEN.test(token)) return { kind: "unknown" };
  const [row] = await db
    .select({
      adminId: admins.id,
      username: admins.username,
      usedAt: adminLinks.usedAt,
      live: sql<boolean>`${adminLinks.expiresAt} > now()`,
    })
    .from(adminLinks)
    .innerJoin(admins, eq(admins.id, adminLinks.adminId))
    .where(and(eq(adminLinks.tokenHash, hashToken(token)), eq(adminLinks.purpose, "reset")));
  if (!row) return { kind: "unknown" };
  if (row.usedAt) return { kind: "used" };
  if (!row.live) return { kind: "expired" };
  return { kind: "valid", admin: { id: row.adminId, username: row.username } };
}

export type ResetOutcome =
  { kind: "done"; username: string } | { kind: "weak"; message: string } | Exclude<ResetLinkState, { kind: "valid" }>;

export async function resetPassword(
  db: Database,
  token: string,
  newPassword: string,
  { address, club }: { address: string; club: ClubSite },
): Promise<ResetOutcome> {
  const state = await resetLinkState(db, token);
  if (state.kind !== "valid") return state;
  const { admin } = state;
  const weak = checkPasswordStrength(newPassword, { username: admin.username, clubName: club.clubName });
  if (weak) return { kind: "weak", message: weak };
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (tx) => {
    // The claim: of two submissions of one link, exactly one finds it unused.
    const claimed = await tx
      .update(adminLinks)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(adminLinks.tokenHash, hashToken(token)),
          eq(adminLinks.purpose, "reset"),
          isNull(adminLinks.usedAt),
          gt(adminLinks.expiresAt, sql`now()`),
        ),
      )
      .returning({ adminId: adminLinks.adminId });
    if (claimed[0]?.adminId !== admin.id) return { kind: "used" as const };
    const [row] = await tx
      .update(admins)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(admins.id, admin.id))
      .returning({ email: admins.email });
    await endSignIns(tx, admin.id);
    await voidResetLinks(tx, admin.id);
    await recordAudit(tx, {
      actor: { adminId: admin.id, username: admin.username, address },
      kind: "password.reset",
      record: { type: "admin", id: admin.id },
    });
    if (row?.email) {
      await enqueue(tx, [accountNotice({ to: row.email, username: admin.username, change: "password-reset" }, club)], club);
    }
    return { kind: "done" as const, username: admin.username };
  });
}

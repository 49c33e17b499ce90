/**
 * Passkeys (WebAuthn, through @simplewebauthn/server): adding one on the two-factor page, removing
 * one, and signing in with one. User verification is required (the device's PIN, fingerprint or
 * face), so a passkey is two factors by itself: something held and something known or been.
 *
 * The relying party is the site's public address (SITE_URL): its host is the rpID and its origin
 * the only origin accepted. Each ceremony's challenge lives in admin_pending for 5 minutes and is
 * deleted as the answer is checked, so a challenge is used once.
 */
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import type { AuthenticationResponseJSON, AuthenticatorTransportFuture, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Database } from "~/db/client";
import { adminPasskeys, adminPending, admins } from "~/db/schema";
import { adminById, type Admin } from "~/domain/admin/auth.server";
import { readSetting } from "~/domain/admin/club-settings.server";
import { finishSignIn } from "~/domain/admin/sign-in.server";
import { prunePending } from "~/domain/admin/two-factor.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { hit, refund, type RateLimit } from "~/domain/platform/rate-limit.server";
import { recordRefusal } from "~/domain/platform/refusals.server";
import { LOGIN_FAILURE_LIMIT, LOGIN_WINDOW_SECONDS } from "~/domain/admin/login.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { mustHaveTwoFactor } from "~/lib/admin/account-rules";

/**
 * The WebAuthn library, loaded on the first ceremony: its import takes about 0.2 s of CPU (ASN.1 and
 * COSE parsers), a sixth of the server's start, which almost no request needs.
 */
const webauthn = async () => ({
  ...(await import("@simplewebauthn/server")),
  ...(await import("@simplewebauthn/server/helpers")),
});

export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

/** Passkey ceremonies started per address (sign-in) or per admin (re-authentication) in 15 minutes: each keeps a row for 5 minutes. */
const SIGNIN_OPTIONS_LIMIT = 30;

/** Who the passkeys belong to: the site's public address (config siteUrl) and the club's name. */
export interface RelyingParty {
  siteUrl: string;
  clubName: string;
}

function rp({ siteUrl, clubName }: RelyingParty) {
  const url = new URL(siteUrl);
  return { rpID: url.hostname, origin: url.origin, rpName: clubName };
}

async function keepChallenge(
  db: Database,
  purpose: "passkey-register" | "passkey-signin" | "passkey-reauth",
  adminId: number | null,
  challenge: string,
) {
  await prunePending(db);
  await db.insert(adminPending).values({
    idHash: hashToken(newToken()),
    purpose,
    adminId,
    challenge,
    expiresAt: sql`now() + make_interval(secs => ${PASSKEY_CHALLENGE_SECONDS})`,
  });
}

/** Deletes the live challenge (single use); whether it was there. */
async function takeChallenge(
  db: Database,
  purpose: "passkey-register" | "passkey-signin" | "passkey-reauth",
  adminId: number | null,
  challenge: string,
) {
  const taken = await db
    .delete(adminPending)
    .where(
      and(
        eq(adminPending.purpose, purpose),
        eq(adminPending.challenge, challenge),
        adminId === null ? isNull(adminPending.adminId) : eq(adminPending.adminId, adminId),
        gt(adminPending.expiresAt, sql`now()`),
      ),
    )
    .returning({ idHash: adminPending.idHash });
  return taken.length > 0;
}

function parseJson<T>(text: string): T | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as T) : null;
  } catch {
    return null;
  }
}

// ---- Adding and removing ----

export async function registrationOptions(db: Database, admin: Admin, party: RelyingParty) {
  const { rpID, rpName } = rp(party);
  const existing = await db
    .select({ id: adminPasskeys.credentialId, transports: adminPasskeys.transports })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, admin.id));
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName,
    rpID,
    userName: admin.username,
    attestationType: "none",
    // The same authenticator twice would be one factor listed as two.
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransportFuture[] })),
    // Discoverable, so the login page can ask for "a passkey" without a username.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(db, "passkey-register", admin.id, options.challenge);
  return options;
}

export type AddOutcome = { ok: true } | { ok: false; reason: "invalid" | "duplicate" };

export async function addPasskey(
  db: Database,
  actor: AuditActor & { adminId: number },
  party: RelyingParty,
  name: string,
  responseText: string,
): Promise<AddOutcome> {
  const response = parseJson<RegistrationResponseJSON>(responseText);
  if (!response) return { ok: false, reason: "invalid" };
  const { rpID, origin } = rp(party);
  const { verifyRegistrationResponse, isoBase64URL } = await webauthn();
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: (challenge) => takeChallenge(db, "passkey-register", actor.adminId, challenge),
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) return { ok: false, reason: "invalid" };
  const { credential } = verified.registrationInfo;
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(adminPasskeys)
      .values({
        adminId: actor.adminId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
      })
      .onConflictDoNothing()
      .returning({ id: adminPasskeys.id });
    if (added.length === 0) return { ok: false, reason: "duplicate" } as const;
    await recordAudit(tx, {
      actor,
      kind: "passkey.add",
      record: { type: "passkey", id: added[0]!.id },
      changes: { name: { before: null, after: name } },
    });
    return { ok: true } as const;
  });
}

export type RemoveOutcome = { ok: true; name: string } | { ok: false; reason: "gone" | "required" };

/** Removes one of this admin's passkeys; refused when it is the last second factor of an account that must have one. */
export async function removePasskey(
  db: Database,
  actor: AuditActor & { adminId: number },
  role: string,
  id: number,
): Promise<RemoveOutcome> {
  return db.transaction(async (tx) => {
    // Locks the admin's row, as turning TOTP off does: the two cannot together leave nothing.
    const [row] = await tx
      .select({ totpOn: sql<boolean>`${admins.totpEnabledAt} IS NOT NULL` })
      .from(admins)
      .where(eq(admins.id, actor.adminId))
      .for("update");
    const [keys] = await tx.select({ n: count() }).from(adminPasskeys).where(eq(adminPasskeys.adminId, actor.adminId));
    const [passkey] = await tx
      .select({ name: adminPasskeys.name })
      .from(adminPasskeys)
      .where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.adminId, actor.adminId)));
    if (!passkey) return { ok: false, reason: "gone" } as const;
    if (!row?.totpOn && (keys?.n ?? 0) <= 1 && mustHaveTwoFactor(role, await readSetting(tx, "security.require_two_factor"))) {
      return { ok: false, reason: "required" } as const;
    }
    await tx.delete(adminPasskeys).where(and(eq(adminPasskeys.id, id), eq(adminPasskeys.adminId, actor.adminId)));
    await recordAudit(tx, {
      actor,
      kind: "passkey.remove",
      record: { type: "passkey", id },
      changes: { name: { before: passkey.name, after: null } },
    });
    return { ok: true, name: passkey.name } as const;
  });
}

// ---- Proving it is them again (issue 31 item 2) ----

/** Options asking for one of this admin's own passkeys, for a signed-in admin's re-authentication. */
export async function reauthOptions(db: Database, adminId: number, party: RelyingParty) {
  const rule: RateLimit = { key: `passkey-reauth:admin:${adminId}`, limit: SIGNIN_OPTIONS_LIMIT, windowSeconds: 15 * 60 };
  const state = await hit(db, rule);
  if (!state.allowed) return { ok: false as const, retryAfterSeconds: state.retryAfterSeconds };
  const keys = await db
    .select({ id: adminPasskeys.credentialId, transports: adminPasskeys.transports })
    .from(adminPasskeys)
    .where(eq(adminPasskeys.adminId, adminId));
  if (keys.length === 0) return { ok: false as const, retryAfterSeconds: 0 };
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp(party).rpID,
    userVerification: "required",
    allowCredentials: keys.map((k) => ({ id: k.id, transports: k.transports as AuthenticatorTransportFuture[] })),
  });
  await keepChallenge(db, "passkey-reauth", adminId, options.challenge);
  return { ok: true as const, options };
}

/**
 * Checks a passkey's answer to a challenge of `purpose` (taken, so used once): the stored passkey it
 * names (only among `adminId`'s when given), and its new signature counter when the answer is
 * verified (null otherwise). The sign-in and the re-authentication read answers alike.
 */
async function checkAnswer(
  db: Database,
  party: RelyingParty,
  responseText: string,
  purpose: "passkey-signin" | "passkey-reauth",
  adminId: number | null,
): Promise<{ passkey: typeof adminPasskeys.$inferSelect | null; newCounter: number | null }> {
  const response = parseJson<AuthenticationResponseJSON>(responseText);
  const id = typeof response?.id === "string" && /^[A-Za-z0-9_-]{16,1400}$/.test(response.id) ? response.id : null;
  const [passkey] = id
    ? await db
        .select()
        .from(adminPasskeys)
        .where(and(eq(adminPasskeys.credentialId, id), adminId === null ? undefined : eq(adminPasskeys.adminId, adminId)))
    : [];
  if (!passkey || !response) return { passkey: passkey ?? null, newCounter: null };
  const { rpID, origin } = rp(party);
  const { verifyAuthenticationResponse, isoBase64URL } = await webauthn();
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: (challenge) => takeChallenge(db, purpose, adminId, challenge),
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    },
    requireUserVerification: true,
  }).catch(() => null);
  return { passkey, newCounter: verified?.verified ? verified.authenticationInfo.newCounter : null };
}

/** A verified answer moves its passkey's counter on (a cloned authenticator then falls behind). */
async function recordUse(db: Database, passkeyId: number, newCounter: number) {
  await db
    .update(adminPasskeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(eq(adminPasskeys.id, passkeyId));
}

/** Whether this answer comes from one of this admin's passkeys, to a challenge issued to them (used once). */
export async function verifyReauthPasskey(
  db: Database,
  adminId: number,
  party: RelyingParty,
  responseText: string,
): Promise<boolean> {
  const { passkey, newCounter } = await checkAnswer(db, party, responseText, "passkey-reauth", adminId);
  if (!passkey || newCounter === null) return false;
  await recordUse(db, passkey.id, newCounter);
  return true;
}

// ---- Signing in ----

export async function signInOptions(db: Database, party: RelyingParty, address: string) {
  const rule: RateLimit = { key: `passkey-options:ip:${address}`, limit: SIGNIN_OPTIONS_LIMIT, windowSeconds: 15 * 60 };
  const state = await hit(db, rule);
  if (!state.allowed) return { ok: false as const, retryAfterSeconds: state.retryAfterSeconds };
  // No allowCredentials: the authenticator offers the passkeys it holds for this site (no username typed).
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: rp(party).rpID, userVerification: "required" });
  await keepChallenge(db, "passkey-signin", null, options.challenge);
  return { ok: true as const, options };
}

export type PasskeySignInOutcome =
  | { ok: true; admin: Admin; sessionId: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

/**
 * Passkey answers per address, as for passwords: 5 failures in 15 minutes, counted before the
 * answer is looked at, so a flood of made-up answers costs one counter update each and no
 * verification, and is counted rather than logged one by one (decision 0038). A success gives
 * back its own count and keeps the failures before it (issue 31 items 4 and 9).
 */
function passkeyRule(address: string): RateLimit {
  return { key: `passkey:ip:${address}`, limit: LOGIN_FAILURE_LIMIT, windowSeconds: LOGIN_WINDOW_SECONDS };
}

export async function signInWithPasskey(
  db: Database,
  party: RelyingParty,
  responseText: string,
  { address, userAgent, previousSessionId }: { address: string; userAgent: string; previousSessionId: string | null },
): Promise<PasskeySignInOutcome> {
  const rule = passkeyRule(address);
  const state = await hit(db, rule);
  if (!state.allowed) {
    await refund(db, rule);
    await recordRefusal(db, "signin-passkey", {
      actor: { adminId: null, username: null, address },
      kind: "signin.locked",
      changes: { step: { before: null, after: "passkey" } },
    });
    return { ok: false, reason: "limited", retryAfterSeconds: state.retryAfterSeconds };
  }
  const { passkey, newCounter } = await checkAnswer(db, party, responseText, "passkey-signin", null);
  const admin = passkey ? await adminById(db, passkey.adminId) : null;
  if (newCounter === null || !admin || !passkey) {
    await recordAudit(db, {
      actor: { adminId: admin?.id ?? null, username: admin?.username ?? null, address },
      kind: "signin.wrong-passkey",
      record: admin && { type: "admin", id: admin.id },
    });
    return { ok: false, reason: "invalid" };
  }
  await refund(db, rule);
  await recordUse(db, passkey.id, newCounter);
  const sessionId = await finishSignIn(db, admin, { address, userAgent, previousSessionId, method: "passkey" });
  return { ok: true, admin, sessionId };
}

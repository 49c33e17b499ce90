/**
 * Admin authentication (DESIGN "Security specifics"): argon2id password hashes, server-side
 * sessions whose random ids are stored only as sha-256 hashes, idle and absolute expiry, logout.
 * The browser holds nothing but an opaque HttpOnly cookie.
 */
import { secureCookies } from "~/domain/platform/cookies.server";
import { createHash, randomBytes } from "node:crypto";
import { hash, verify, type Options } from "@node-rs/argon2";
import { and, eq, lt, not, or, sql } from "drizzle-orm";
import { createContext, data, redirect, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/client";
import { adminSessions, admins } from "~/db/schema";
import { dbContext, productionContext } from "~/context";
import { passwordProblem } from "~/lib/admin/password-rules";
import { isCommonPassword } from "~/domain/admin/common-passwords.server";
import { mayUse, type AdminArea, type AdminRole } from "~/lib/admin/roles";
import { isUniqueViolation } from "~/domain/platform/db-errors.server";
import { clubRequiresTwoFactorSql } from "~/domain/admin/club-settings.server";
import { accountRequirement, REAUTH_SECONDS, REQUIREMENT_PATHS, type AccountRequirement } from "~/lib/admin/account-rules";
import { safeUsername, USERNAME_MESSAGE } from "~/lib/admin/usernames";

// OWASP's argon2id baseline: m = 19 MiB, t = 2, p = 1. Algorithm 2 = Argon2id (a const enum we cannot import).
const ARGON2: Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** A session ends after this long without a request... */
export const IDLE_TIMEOUT_SECONDS = 2 * 60 * 60;
/** ...and in any case this long after login. */
export const ABSOLUTE_TIMEOUT_SECONDS = 12 * 60 * 60;
/** last_seen_at is written at most this often, so every page view is not a write. */
const TOUCH_AFTER_SECONDS = 60;

export const DEMO_ADMIN = { username: "admin", password: "demo-racing-1985" } as const;

export interface Admin {
  id: number;
  username: string;
  role: AdminRole;
  email: string | null;
  /** TOTP is on or a passkey is registered. */
  twoFactor: boolean;
  isDemo: boolean;
}

/** The columns every look-up of an admin selects. */
const adminColumns = {
  id: admins.id,
  username: admins.username,
  role: admins.role,
  email: admins.email,
  isDemo: admins.isDemo,
  // "admins.id" written out: in a select list Drizzle renders ${admins.id} as a bare "id", which
  // inside this subquery is the passkey's own id (issue 31 item 15: passkeys did not count).
  twoFactor: sql<boolean>`(${admins.totpEnabledAt} IS NOT NULL OR EXISTS (SELECT 1 FROM admin_passkeys p WHERE p.admin_id = admins.id))`,
};

/**
 * The admin whose name is `value` in the folded form (app/lib/admin/usernames.ts): the expression
 * of the unique index of migration 0027, on both sides, so a name made before the rule (kept by
 * the migration, perhaps outside the alphabet) is found exactly as the database folded it.
 */
export function usernameIs(value: string) {
  return sql`lower(normalize(${admins.username}, NFKC)) = lower(normalize(${value.trim()}::text, NFKC))`;
}

/** An admin by id (no password involved), or null. */
export async function adminById(db: Pick<Database, "select">, id: number): Promise<Admin | null> {
  const [row] = await db.select(adminColumns).from(admins).where(eq(admins.id, id));
  return row ?? null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/**
 * The password rule for every password an admin gets (app/lib/admin/password-rules.ts): long
 * enough, not on the shipped list of common and breached passwords, not mostly the username or
 * the club's name. Null when it may be set, else why not.
 */
export function checkPasswordStrength(
  password: string,
  { username, clubName }: { username?: string | null; clubName?: string | null } = {},
): string | null {
  return passwordProblem(password, { isCommon: isCommonPassword, username, clubName });
}

/**
 * Creates the admin (an owner unless `role` says otherwise), or sets a new password for an
 * existing one (and ends their sessions); an existing admin keeps their role unless `role` is given.
 */
export async function upsertAdmin(
  db: Database,
  username: string,
  password: string,
  { isDemo = false, role }: { isDemo?: boolean; role?: AdminRole } = {},
): Promise<{ admin: Admin; created: boolean }> {
  const problem = checkPasswordStrength(password, { username });
  if (problem) throw new Error(problem);
  const name = username.trim();
  if (!name) throw new Error("The admin username must not be empty.");
  // A new admin's name meets the rule; an existing one (perhaps named before it) is found as folded.
  if (!safeUsername(name) && !(await adminNamed(db, name))) throw new Error(USERNAME_MESSAGE);
  const passwordHash = await hashPassword(password);
  try {
    return await saveAdmin(db, name, passwordHash, isDemo, role);
  } catch (error) {
    // Two instances starting at once with the same ADMIN_USERNAME: the other one inserted the
    // admin between our look-up and our insert. Now it exists, and the second try updates it.
    if (!isUniqueViolation(error)) throw error;
    return saveAdmin(db, name, passwordHash, isDemo, role);
  }
}

function saveAdmin(
  db: Database,
  name: string,
  passwordHash: string,
  isDemo: boolean,
  role: AdminRole | undefined,
): Promise<{ admin: Admin; created: boolean }> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: admins.id, role: admins.role }).from(admins).where(usernameIs(name)).for("update");
    if (existing) {
      await tx
        .update(admins)
        .set({ passwordHash, isDemo, role: role ?? existing.role, updatedAt: sql`now()` })
        .where(eq(admins.id, existing.id));
      // A new password must lock out whoever knew the old one.
      await tx.delete(adminSessions).where(eq(adminSessions.adminId, existing.id));
      return { admin: (await adminById(tx, existing.id))!, created: false };
    }
    const username = safeUsername(name);
    if (!username) throw new Error(USERNAME_MESSAGE);
    const [row] = await tx
      .insert(admins)
      .values({ username, passwordHash, isDemo, role: role ?? "owner" })
      .returning({ id: admins.id });
    return { admin: (await adminById(tx, row!.id))!, created: true };
  });
}

/**
 * Who may log in at start-up (DESIGN runtime contract): ADMIN_USERNAME/ADMIN_PASSWORD create or
 * update that admin; otherwise with demo data a demo admin exists (unless a real admin does).
 * Returns a line for the log.
 */
export async function ensureStartupAdmin(
  db: Database,
  { username, password, demo }: { username?: string; password?: string; demo: boolean },
): Promise<{ level: "info" | "warn"; message: string }> {
  if (username || password) {
    if (!username || !password) throw new Error("Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither.");
    const problem = checkPasswordStrength(password, { username });
    if (problem) throw new Error(`ADMIN_PASSWORD: ${problem}`);
    const unchanged = await passwordUnchanged(db, username, password);
    const { created } = unchanged ? { created: false } : await upsertAdmin(db, username, password);
    await db.delete(admins).where(and(eq(admins.isDemo, true), not(usernameIs(username))));
    const outcome = created ? "created" : unchanged ? "unchanged (sessions kept)" : "updated (password changed, sessions ended)";
    return { level: "info", message: `admin "${safeUsername(username) ?? username.trim()}" ${outcome} from ADMIN_USERNAME` };
  }
  const real = await db.select({ id: admins.id }).from(admins).where(eq(admins.isDemo, false)).limit(1);
  if (demo && real.length === 0) {
    const [demoAdmin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.isDemo, true)).limit(1);
    if (!demoAdmin) await upsertAdmin(db, DEMO_ADMIN.username, DEMO_ADMIN.password, { isDemo: true });
    return { level: "info", message: `demo admin "${DEMO_ADMIN.username}" is available (demo data is on)` };
  }
  // Demo credentials are public: they must not outlive the demo.
  await db.delete(admins).where(eq(admins.isDemo, true));
  if (real.length === 0) {
    return {
      level: "warn",
      message: "no admin account exists: set ADMIN_USERNAME and ADMIN_PASSWORD, or run `npm run admin -- <username>`",
    };
  }
  return { level: "info", message: "admin accounts are configured" };
}

/**
 * Whether this admin already exists with this password. Every instance starting with the same
 * ADMIN_* would otherwise rehash it and end the admin's sessions; only a new password should.
 * A demo admin of that name becomes a real one (its password is no longer the public demo one's
 * business), keeping its sessions.
 */
async function passwordUnchanged(db: Database, username: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ id: admins.id, passwordHash: admins.passwordHash, isDemo: admins.isDemo })
    .from(admins)
    .where(usernameIs(username));
  if (!row || !(await verify(row.passwordHash, password).catch(() => false))) return false;
  if (row.isDemo)
    await db
      .update(admins)
      .set({ isDemo: false, updatedAt: sql`now()` })
      .where(eq(admins.id, row.id));
  return true;
}

/** The demo credentials for the login hint, only while the demo admin exists. */
export async function demoCredentials(db: Database): Promise<string | null> {
  const [row] = await db.select({ id: admins.id }).from(admins).where(eq(admins.isDemo, true)).limit(1);
  return row ? `${DEMO_ADMIN.username} / ${DEMO_ADMIN.password}` : null;
}

// Verifying against a real hash even for unknown usernames keeps the response time from telling
// which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyCredentials(db: Database, username: string, password: string): Promise<Admin | null> {
  const checked = await checkCredentials(db, username, password);
  return checked.ok ? checked.admin : null;
}

/**
 * The same check, saying why it failed: an unknown username, or the wrong password of a known
 * admin (for the audit log only; the login page says the same in both cases).
 */
export async function checkCredentials(
  db: Database,
  username: string,
  password: string,
): Promise<{ ok: true; admin: Admin } | { ok: false; admin: Admin | null }> {
  const [row] = await db
    .select({ ...adminColumns, passwordHash: admins.passwordHash })
    .from(admins)
    .where(usernameIs(username));
  if (!row) {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verify(await dummyHash, password).catch(() => false);
    return { ok: false, admin: null };
  }
  const { passwordHash, ...admin } = row;
  const ok = await verify(passwordHash, password).catch(() => false);
  return { ok, admin };
}

/** The admin of this username, if one exists (no password involved). */
export async function adminNamed(db: Database, username: string): Promise<Admin | null> {
  const [row] = await db.select(adminColumns).from(admins).where(usernameIs(username));
  return row ?? null;
}

export function hashSessionId(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/**
 * Starts a session; returns the id for the cookie (the database keeps only its hash). The device
 * and address are kept for "My sessions".
 */
export async function createSession(
  db: Pick<Database, "insert">,
  adminId: number,
  { userAgent = "", address = "" }: { userAgent?: string; address?: string } = {},
): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await db
    .insert(adminSessions)
    .values({ idHash: hashSessionId(id), adminId, userAgent: userAgent.slice(0, 512), address: address.slice(0, 64) });
  return id;
}

export const liveSession = sql`${adminSessions.lastSeenAt} > now() - make_interval(secs => ${IDLE_TIMEOUT_SECONDS})
  AND ${adminSessions.createdAt} > now() - make_interval(secs => ${ABSOLUTE_TIMEOUT_SECONDS})`;

/** The admin of a live session, or null (unknown, expired or revoked id). */
export async function sessionAdmin(db: Database, sessionId: string): Promise<SignedInAdmin | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(sessionId)) return null;
  const idHash = hashSessionId(sessionId);
  const [row] = await db
    .select({
      ...adminColumns,
      clubRequiresTwoFactor: clubRequiresTwoFactorSql,
      reauthAt: adminSessions.reauthAt,
      recentReauth: sql<boolean>`coalesce(${adminSessions.reauthAt} > now() - make_interval(secs => ${REAUTH_SECONDS}), false)`,
      stale: sql<boolean>`${adminSessions.lastSeenAt} < now() - make_interval(secs => ${TOUCH_AFTER_SECONDS})`,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.idHash, idHash), liveSession));
  if (!row) return null;
  if (row.stale) {
    await db
      .update(adminSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(adminSessions.idHash, idHash));
  }
  const { stale: _stale, clubRequiresTwoFactor, reauthAt, recentReauth, ...admin } = row;
  return {
    ...admin,
    requirement: accountRequirement(admin, clubRequiresTwoFactor),
    session: {
      idHash,
      reauthUntil: recentReauth && reauthAt ? new Date(reauthAt.getTime() + REAUTH_SECONDS * 1000) : null,
    },
  };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.idHash, hashSessionId(sessionId)));
}

export async function pruneSessions(db: Database): Promise<void> {
  await db
    .delete(adminSessions)
    .where(
      or(
        lt(adminSessions.lastSeenAt, sql`now() - make_interval(secs => ${IDLE_TIMEOUT_SECONDS})`),
        lt(adminSessions.createdAt, sql`now() - make_interval(secs => ${ABSOLUTE_TIMEOUT_SECONDS})`),
      ),
    );
}

// ---- The cookie ----

export function sessionCookieName(secure: boolean): string {
  return secure ? "__Host-admin_session" : "admin_session";
}

function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

export function sessionIdFrom(
  request: Pick<Request, "url"> & { headers: Pick<Headers, "get"> },
  production: boolean,
): string | null {
  return readCookie(request.headers.get("Cookie"), sessionCookieName(secureCookies(request, production)));
}

export function sessionCookie(request: Request, production: boolean, sessionId: string | null): string {
  const secure = secureCookies(request, production);
  // No Max-Age: the server decides when a session ends; the cookie lasts for the browser session.
  const parts = [`${sessionCookieName(secure)}=${sessionId ?? ""}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secure) parts.push("Secure");
  if (sessionId === null) parts.push("Max-Age=0");
  return parts.join("; ");
}

// ---- Per-request access ----

/** A signed-in admin, with what their account still lacks (app/lib/admin/account-rules.ts). */
export interface SignedInAdmin extends Admin {
  requirement: AccountRequirement | null;
  /** This request's session: its hash, and until when its last re-authentication lets factors change (null: none recent). */
  session: { idHash: string; reauthUntil: Date | null };
}

/** The signed-in admin of this request once looked up (null = looked up, none). */
const adminContext = createContext<{ admin: SignedInAdmin | null } | null>(null);

/** The admin of this request's session, looked up once per request. */
export async function currentAdmin(request: Request, context: Readonly<RouterContextProvider>): Promise<SignedInAdmin | null> {
  const known = context.get(adminContext);
  if (known) return known.admin;
  const id = sessionIdFrom(request, context.get(productionContext));
  const admin = id ? await sessionAdmin(context.get(dbContext), id) : null;
  context.set(adminContext, { admin });
  return admin;
}

/**
 * Every admin loader and action starts here: no live session, no access (redirect to the login);
 * with `area`, an admin whose role may not use it (app/lib/admin/roles.ts) gets a 403 before
 * anything is read or changed, and an account that still lacks its e-mail or its second factor
 * is sent to set it up (the admin layout does the same for every page outside the account's own).
 */
export async function requireAdmin(
  request: Request,
  context: Readonly<RouterContextProvider>,
  area?: AdminArea,
): Promise<SignedInAdmin> {
  const admin = await currentAdmin(request, context);
  const refusal = refusalOf(admin, area);
  if (refusal) throw refusal;
  return admin!;
}

/** What requireAdmin answers this admin (null: none signed in) instead of letting them on; null: they may. */
function refusalOf(admin: SignedInAdmin | null, area?: AdminArea) {
  if (!admin) return redirect("/admin/login");
  if (area && !mayUse(admin.role, area)) return data("Not allowed", { status: 403 });
  if (area && admin.requirement) return redirect(REQUIREMENT_PATHS[admin.requirement]);
  return null;
}

/**
 * Whether requireAdmin(area) would let this request's session on, asked by the server before it
 * reads a large body (server/large-bodies.ts): the session id when it would, else null. Only the
 * request's address and Cookie header are read.
 */
export async function sessionMayUse(
  db: Database,
  request: Pick<Request, "url"> & { headers: Pick<Headers, "get"> },
  production: boolean,
  area: AdminArea,
): Promise<string | null> {
  const id = sessionIdFrom(request, production);
  const admin = id ? await sessionAdmin(db, id) : null;
  return refusalOf(admin, area) ? null : id;
}

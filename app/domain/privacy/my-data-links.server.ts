/**
 * "My data" by e-mailed link (issue 35 item 2), on the pattern of the password reset
 * (app/domain/admin/password-reset.server.ts).
 *
 * Asking: the same answer, status and time for an address on file and one that is nobody's. Both
 * do the same database work (count, look up, audit); the known one also writes the link and its
 * e-mail. The answer goes out when a fixed floor has passed since the request began, whether or
 * not that work has finished. Limits: per client address (429, which says nothing about any
 * racer) and per typed address (the answer stays the same; nothing is sent); the per-recipient
 * mail cap applies on top.
 *
 * Opening: the GET only shows a button (mail scanners open links); its POST spends the link in one
 * UPDATE ... WHERE used_at IS NULL and starts a viewing session for that browser (a random id in
 * an HttpOnly cookie, only its hash kept), RETENTION.myDataSessionMinutes long and never past the
 * link's RETENTION.myDataLinkDays (a download link expires after two days). Each opening is
 * recorded as an access request, answered at once.
 */
import { createHash } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, privacyLinks } from "~/db/schema";
import { secureCookies } from "~/domain/platform/cookies.server";
import { answerAtFloor } from "~/domain/platform/answer-at-floor.server";
import { recordAudit } from "~/domain/platform/audit.server";
import { enqueue } from "~/domain/platform/outbox.server";
import { hit } from "~/domain/platform/rate-limit.server";
import { recordRefusal } from "~/domain/platform/refusals.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { racerActor, recordLinkRequest } from "~/domain/privacy/requests.server";
import { myDataLinkMessage } from "~/lib/privacy/my-data";
import { RETENTION } from "~/lib/platform/retention";
import type { ClubSite } from "~/lib/platform/club";

export const MY_DATA_LINK = {
  /** Requests per client address... */
  perClient: { limit: 5, windowSeconds: 15 * 60 },
  /** ...and links per typed address. */
  perEmail: { limit: 3, windowSeconds: 60 * 60 },
  /** Every answer to a valid request goes out this long (ms) after the request began, never earlier. */
  floorMs: 500,
} as const;

export function myDataLinkPath(token: string): string {
  return `/privacy/link/${token}`;
}

/** The typed address's counter: hashed, so rate_limits holds no address. */
function emailKey(email: string): string {
  return `my-data:email:${createHash("sha256").update(email.trim().toLowerCase()).digest("hex")}`;
}

export type LinkRequestOutcome = { kind: "answered" } | { kind: "limited"; retryAfterSeconds: number };

export async function requestMyDataLink(
  db: Database,
  {
    email,
    address,
    club,
    onLateFailure,
  }: { email: string; address: string; club: ClubSite; onLateFailure: (error: unknown) => void },
): Promise<LinkRequestOutcome> {
  const started = performance.now();
  const perClient = await hit(db, { key: `my-data:ip:${address}`, ...MY_DATA_LINK.perClient });
  if (!perClient.allowed) {
    await recordRefusal(db, "my-data-request", {
      actor: racerActor(address),
      kind: "privacy.link-request",
      changes: { outcome: { before: null, after: "refused: too many requests from this address" } },
    });
    return { kind: "limited", retryAfterSeconds: perClient.retryAfterSeconds };
  }
  const work = db.transaction(async (tx) => {
    const perEmail = await hit(tx, { key: emailKey(email), ...MY_DATA_LINK.perEmail });
    const [racer] = await tx
      .select({ id: competitors.id, email: competitors.email, firstName: competitors.firstName })
      .from(competitors)
      .where(sql`lower(${competitors.email}) = lower(${email})`);
    const sent = Boolean(racer?.email && perEmail.allowed);
    if (racer?.email && sent) {
      const token = newToken();
      await tx.insert(privacyLinks).values({
        tokenHash: hashToken(token),
        competitorId: racer.id,
        expiresAt: sql`now() + make_interval(days => ${RETENTION.myDataLinkDays})`,
      });
      await enqueue(
        tx,
        [
          myDataLinkMessage(
            { to: racer.email, firstName: racer.firstName, link: `${club.siteUrl}${myDataLinkPath(token)}` },
            club,
          ),
        ],
        club,
      );
    }
    // Never the typed address: when it is nobody's, it may be a typo of someone's.
    await recordAudit(tx, {
      actor: racerActor(address),
      kind: "privacy.link-request",
      record: racer ? { type: "competitor", id: racer.id } : null,
      changes: {
        outcome: {
          before: null,
          after: !racer ? "no racer uses the address" : sent ? "link sent" : "refused: too many links for this address",
        },
      },
    });
  });
  await answerAtFloor(work, { started, floorMs: MY_DATA_LINK.floorMs, onLateFailure });
  return { kind: "answered" };
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type LinkState = { kind: "valid" } | { kind: "unknown" } | { kind: "used" } | { kind: "expired" };

/** What a link is now, without using it. */
export async function myDataLinkState(db: Pick<Database, "select">, token: string): Promise<LinkState> {
  if (!TOKEN.test(token)) return { kind: "unknown" };
  const [row] = await db
    .select({ usedAt: privacyLinks.usedAt, live: sql<boolean>`${privacyLinks.expiresAt} > now()` })
    .from(privacyLinks)
    .where(eq(privacyLinks.tokenHash, hashToken(token)));
  if (!row) return { kind: "unknown" };
  if (row.usedAt) return { kind: "used" };
  if (!row.live) return { kind: "expired" };
  return { kind: "valid" };
}

export type OpenOutcome = { kind: "opened"; sessionId: string } | Exclude<LinkState, { kind: "valid" }>;

/** Spends the link and starts this browser's viewing session; records the access. */
export async function openMyDataLink(db: Database, token: string, { address }: { address: string }): Promise<OpenOutcome> {
  const state = await myDataLinkState(db, token);
  if (state.kind !== "valid") return state;
  const sessionId = newToken();
  return db.transaction(async (tx) => {
    // The claim: of two presses of one link, exactly one finds it unused.
    const [claimed] = await tx
      .update(privacyLinks)
      .set({
        usedAt: sql`now()`,
        sessionHash: hashToken(sessionId),
        // Never past the link's own RETENTION.myDataLinkDays: the page and its downloads end with the link.
        sessionExpiresAt: sql`least(now() + make_interval(mins => ${RETENTION.myDataSessionMinutes}), ${privacyLinks.expiresAt})`,
      })
      .where(
        and(eq(privacyLinks.tokenHash, hashToken(token)), isNull(privacyLinks.usedAt), gt(privacyLinks.expiresAt, sql`now()`)),
      )
      .returning({ competitorId: privacyLinks.competitorId });
    if (!claimed) return { kind: "used" as const };
    await recordLinkRequest(tx, {
      competitorId: claimed.competitorId,
      kind: "access",
      done: true,
      note: "Shown on the data page, with its downloads.",
      address,
    });
    return { kind: "opened" as const, sessionId };
  });
}

/** The racer whose data this viewing session shows, or null (none, ended or over). */
export async function sessionRacer(db: Pick<Database, "select">, sessionId: string | null): Promise<number | null> {
  if (!sessionId || !TOKEN.test(sessionId)) return null;
  const [row] = await db
    .select({ competitorId: privacyLinks.competitorId })
    .from(privacyLinks)
    .where(
      and(
        eq(privacyLinks.sessionHash, hashToken(sessionId)),
        gt(privacyLinks.sessionExpiresAt, sql`now()`),
        gt(privacyLinks.expiresAt, sql`now()`),
      ),
    );
  return row?.competitorId ?? null;
}

/** "Close my data": the session ends at once. */
export async function endSession(db: Database, sessionId: string | null): Promise<void> {
  if (!sessionId || !TOKEN.test(sessionId)) return;
  await db
    .update(privacyLinks)
    .set({ sessionHash: null, sessionExpiresAt: null })
    .where(eq(privacyLinks.sessionHash, hashToken(sessionId)));
}

// ---- The cookie ----

function cookieName(secure: boolean): string {
  return secure ? "__Host-my_data" : "my_data";
}

/** The viewing session's id from the request's Cookie header. */
export function sessionIdFrom(request: Request, production: boolean): string | null {
  const name = cookieName(secureCookies(request, production));
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** Set-Cookie for the session (null: delete it). Strict: no other site's page ever carries it here. */
export function sessionCookie(request: Request, production: boolean, sessionId: string | null): string {
  const secure = secureCookies(request, production);
  const parts = [`${cookieName(secure)}=${sessionId ?? ""}`, "Path=/", "HttpOnly", "SameSite=Strict"];
  if (secure) parts.push("Secure");
  parts.push(`Max-Age=${sessionId === null ? 0 : RETENTION.myDataSessionMinutes * 60}`);
  return parts.join("; ");
}

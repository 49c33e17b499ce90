/**
 * Retention by inactivity (issue 35 item 5), run by the background work: a racer with contact
 * details and no entry, result or registration for the club's number of years (and who has not
 * kept their details since) gets one "keep my details" e-mail through the outbox; opening its
 * single-use link and pressing the button starts their clock again; RETENTION.inactivityGraceDays
 * later, not kept and still not racing, their contact details are removed (removeContactDetails:
 * the erasure's own scrub, results kept under their name). Every step audited, without values.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { recordAudit, NO_ACTOR, type AuditActor } from "~/domain/platform/audit.server";
import { enqueue } from "~/domain/platform/outbox.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import { removeContactDetails } from "~/domain/privacy/erasure.server";
import { erasedRacer } from "~/domain/racer/erased.server";
import { racerActor } from "~/domain/privacy/requests.server";
import { keepDetailsMessage, keepDetailsPath } from "~/lib/privacy/inactivity";
import { RETENTION } from "~/lib/platform/retention";
import type { ClubSite } from "~/lib/platform/club";

/** One run at a time across instances: a racer must not get two notices. */
const INACTIVITY_LOCK = 728_301_991;
/** Notices per run (hourly): a club's first run after years of racers spreads over a few hours. */
const BATCH = 50;

/** The racer's last sign of life (SQL, for competitor alias `c`): registered, entered, raced, kept. */
const lastActive = sql`greatest(
  c.created_at,
  (SELECT max(r.date)::timestamptz FROM race_registrations g JOIN races r ON r.id = g.race_id WHERE g.competitor_id = c.id),
  (SELECT max(r.date)::timestamptz FROM race_results x JOIN races r ON r.id = x.race_id WHERE x.competitor_id = c.id),
  (SELECT max(n.kept_at) FROM inactivity_notices n WHERE n.competitor_id = c.id)
)`;

/** The e-mails of this run: racers inactive for `years`, with contact details, not notified since. */
export async function sendInactivityNotices(db: Database, club: ClubSite, years: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${INACTIVITY_LOCK})`);
    const { rows } = await tx.execute<{ id: number; email: string | null; firstName: string }>(sql`
      SELECT c.id, c.email, c.first_name AS "firstName" FROM competitors c
      WHERE (c.email IS NOT NULL OR c.telephone IS NOT NULL) AND NOT ${erasedRacer(sql`c.id`)}
        AND ${lastActive} < now() - make_interval(years => ${years})
        AND NOT EXISTS (SELECT 1 FROM inactivity_notices n WHERE n.competitor_id = c.id AND n.sent_at >= ${lastActive})
      ORDER BY c.id LIMIT ${BATCH}
    `);
    for (const racer of rows) {
      const token = newToken();
      await tx.execute(sql`
        INSERT INTO inactivity_notices (competitor_id, token_hash, remove_after)
        VALUES (${racer.id}, ${hashToken(token)}, now() + make_interval(days => ${RETENTION.inactivityGraceDays}))
      `);
      // A racer with only a telephone cannot be e-mailed: the notice still starts their days.
      if (racer.email) {
        const link = `${club.siteUrl}${keepDetailsPath(token)}`;
        await enqueue(tx, [keepDetailsMessage({ to: racer.email, firstName: racer.firstName, years, link }, club)], club);
      }
      await recordAudit(tx, {
        actor: NO_ACTOR,
        kind: "privacy.inactivity-notice",
        record: { type: "competitor", id: racer.id },
        changes: { notice: { before: null, after: racer.email ? "e-mailed" : "no e-mail address to write to" } },
      });
    }
    return rows.length;
  });
}

/**
 * Notices whose days are over, not kept, for racers who have not raced since: their contact
 * details go. A racer who entered a race after the e-mail kept their details by racing.
 */
export async function removeInactiveContacts(db: Database, actor: AuditActor = NO_ACTOR): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${INACTIVITY_LOCK})`);
    const { rows } = await tx.execute<{ id: number; competitorId: number; raced: boolean }>(sql`
      SELECT n.id::int AS id, n.competitor_id AS "competitorId", ${lastActive} > n.sent_at AS raced
      FROM inactivity_notices n JOIN competitors c ON c.id = n.competitor_id
      WHERE n.kept_at IS NULL AND n.removed_at IS NULL AND n.remove_after < now()
      ORDER BY n.id LIMIT ${BATCH}
    `);
    for (const notice of rows) {
      if (notice.raced) {
        await tx.execute(sql`UPDATE inactivity_notices SET kept_at = now() WHERE id = ${notice.id}`);
        continue;
      }
      await tx.execute(sql`UPDATE inactivity_notices SET removed_at = now() WHERE id = ${notice.id}`);
      await removeContactDetails(tx, notice.competitorId, { actor });
    }
    return rows.filter((n) => !n.raced).length;
  });
}

/** Both steps, in order: what the hourly background work runs. */
export async function runInactivityRetention(
  db: Database,
  club: ClubSite,
  years: number,
): Promise<{ notified: number; removed: number }> {
  const removed = await removeInactiveContacts(db);
  const notified = await sendInactivityNotices(db, club, years);
  return { notified, removed };
}

/** "kept": pressed already (the page says so again); "removed": too late, the details are gone. */
export type KeepLinkState = "valid" | "unknown" | "kept" | "removed";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a keep link is now, without using it. */
export async function keepLinkState(db: Pick<Database, "execute">, token: string): Promise<KeepLinkState> {
  if (!TOKEN.test(token)) return "unknown";
  const { rows } = await db.execute<{ kept: boolean; removed: boolean }>(sql`
    SELECT kept_at IS NOT NULL AS kept, removed_at IS NOT NULL AS removed FROM inactivity_notices WHERE token_hash = ${hashToken(token)}
  `);
  if (!rows[0]) return "unknown";
  return rows[0].kept ? "kept" : rows[0].removed ? "removed" : "valid";
}

/** "Keep my details": spends the link and starts the racer's clock again, audited. Answers "kept" when kept now. */
export async function keepDetails(db: Database, token: string, { address }: { address: string }): Promise<KeepLinkState> {
  const state = await keepLinkState(db, token);
  if (state !== "valid") return state;
  return db.transaction(async (tx): Promise<KeepLinkState> => {
    // The claim: of two presses, or a press and the removal, exactly one finds it open.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${INACTIVITY_LOCK})`);
    const { rows } = await tx.execute<{ competitorId: number }>(sql`
      UPDATE inactivity_notices SET kept_at = now()
      WHERE token_hash = ${hashToken(token)} AND kept_at IS NULL AND removed_at IS NULL
      RETURNING competitor_id AS "competitorId"
    `);
    const kept = rows[0];
    if (!kept) return keepLinkState(tx, token);
    await recordAudit(tx, {
      actor: racerActor(address),
      kind: "privacy.keep",
      record: { type: "competitor", id: kept.competitorId },
      changes: { contactDetails: { before: null, after: "kept by the racer" } },
    });
    return "kept" as const;
  });
}

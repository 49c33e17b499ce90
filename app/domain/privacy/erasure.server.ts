/**
 * Erasing a racer at their request (issue 35 item 3, decision 0053), in the caller's transaction:
 * their contact details, consent, e-mail preferences, entries to races not yet run, check-ins (so
 * their no-show record), links and pending changes go; the e-mails to them and the audit log lose every value that named them; their
 * past results stay, under "Former racer N", so nobody else's positions or points move. The ledger
 * (`erasures`: id and date) is kept through a restore and re-applied after it, so a backup taken
 * before the erasure cannot bring the person back.
 *
 * The page cache and the kept championships and pictures follow by themselves: competitors,
 * race_registrations and heat_entries are public tables (db/data-changes.ts), whose change
 * triggers bump the data version in the same commit.
 */
import { sql } from "drizzle-orm";
import { erasedRacer } from "~/domain/racer/erased.server";
import { drizzle } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database, Tx } from "~/db/client";
import * as schema from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { ERASED, erasedAddresses, erasureNeedles, type KnownDetails } from "~/lib/privacy/erasure";
import { anonymousLabel, anonymousName } from "~/lib/racer/erased";

type Runner = Tx | Database;

/** One erasure at a time: the label's number counts the ledger, which two at once would both read. */
const ERASURE_LOCK = 728_301_990;

/** What an erasure removed, counted (the audit entry holds these numbers, never a value). */
export interface ErasureCounts {
  futureEntries: number;
  drawPlaces: number;
  /** Check-ins at any race, and the taps that named them (issue 36): with them the no-show record goes. */
  checkIns: number;
  links: number;
  pendingChanges: number;
  messages: number;
  auditEntries: number;
}

export type EraseOutcome =
  { ok: true; label: string; alreadyErased: boolean; removed: ErasureCounts } | { ok: false; reason: "not-found" };

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** The racer's details now, in their pending changes and in their own audit entries' before and after. */
async function knownDetails(tx: Runner, competitorId: number): Promise<KnownDetails[]> {
  const { rows: current } = await tx.execute<{
    firstName: string;
    lastName: string;
    email: string | null;
    telephone: string | null;
  }>(sql`
    SELECT first_name AS "firstName", last_name AS "lastName", email, telephone FROM competitors WHERE id = ${competitorId}
  `);
  const now = current[0];
  const { rows: pending } = await tx.execute<KnownDetails & Record<string, unknown>>(sql`
    SELECT first_name AS "firstName", last_name AS "lastName", email, telephone
    FROM pending_registration_changes WHERE competitor_id = ${competitorId}
  `);
  const { rows: entries } = await tx.execute<{ changes: Record<string, { before?: unknown; after?: unknown } | null> }>(sql`
    SELECT changes FROM audit_log WHERE record_type = 'competitor' AND record_id = ${String(competitorId)}
  `);
  const history = entries.flatMap(({ changes }) =>
    (["before", "after"] as const).map((side) => ({
      firstName: text(changes.firstName?.[side]) ?? now?.firstName ?? null,
      lastName: text(changes.lastName?.[side]) ?? now?.lastName ?? null,
      email: text(changes.email?.[side]),
      telephone: text(changes.telephone?.[side]),
    })),
  );
  return [...(now ? [now] : []), ...pending, ...history];
}

/**
 * Every check-in of the racer, at past races too: when they came is theirs, not the results'
 * history. The admins' remembered taps on them go too (their answer names the racer's id).
 */
async function eraseCheckIns(tx: Runner, competitorId: number) {
  await tx.execute(sql`DELETE FROM check_in_taps WHERE outcome->>'competitorId' = ${String(competitorId)}`);
  return tx.execute(sql`DELETE FROM race_check_ins WHERE competitor_id = ${competitorId}`);
}

/** The number of the racer's row in the ledger's order (erased_at, then id), from 1. */
async function ledgerNumber(tx: Runner, competitorId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM erasures e, erasures me
    WHERE me.competitor_id = ${competitorId} AND (e.erased_at, e.competitor_id) <= (me.erased_at, me.competitor_id)
  `);
  return rows[0]!.n;
}

/**
 * Everything an erasure changes, for a racer already in the ledger: run by an erasure and again
 * for each ledger row after a restore. Running it twice changes nothing the first did not.
 */
/**
 * What a scrub takes: "erase", everything of decision 0053 (the name becomes the ledger's label);
 * "contact", the contact details only (retention by inactivity, issue 35 item 5): e-mail address,
 * telephone, e-mail preferences, links, pending changes, the e-mails to them, and those values in
 * the audit log and in others' e-mails; the name, boat, consent, entries and results stay.
 */
type ScrubMode = "erase" | "contact";

/** The record's own columns a scrub clears: one UPDATE that changes nothing when they are cleared already. */
async function clearRecord(tx: Runner, competitorId: number, mode: ScrubMode, n: number): Promise<number> {
  if (mode === "contact") {
    const { rowCount } = await tx.execute(sql`
      UPDATE competitors SET email = NULL, telephone = NULL, notify_results = false, notify_reminders = false, updated_at = now()
      WHERE id = ${competitorId} AND (email, telephone, notify_results, notify_reminders) IS DISTINCT FROM (NULL, NULL, false, false)
    `);
    return rowCount ?? 0;
  }
  const name = anonymousName(n);
  const { rowCount } = await tx.execute(sql`
    UPDATE competitors SET first_name = ${name.firstName}, last_name = ${name.lastName}, email = NULL, telephone = NULL,
      boat_name = NULL, boat_number = '', boat_colour = NULL, pipa_consent = false, pipa_consent_at = NULL,
      notify_results = false, notify_reminders = false, privacy_notice_version = NULL, updated_at = now()
    WHERE id = ${competitorId} AND (first_name, last_name, email, telephone, boat_name, boat_number, boat_colour,
        pipa_consent, pipa_consent_at, notify_results, notify_reminders, privacy_notice_version)
      IS DISTINCT FROM (${name.firstName}, ${name.lastName}, NULL, NULL, NULL, '', NULL, false, NULL, false, false, NULL::int)
  `);
  return rowCount ?? 0;
}

/** Why a waiting message to the racer was not sent, as the outbox screen shows it. */
const NOT_SENT: Record<ScrubMode, string> = {
  erase: "Not sent: the recipient was erased at their request.",
  contact: "Not sent: the recipient's contact details were removed after years without racing.",
};

async function scrub(
  tx: Runner,
  competitorId: number,
  mode: ScrubMode = "erase",
): Promise<{ label: string | null; removed: ErasureCounts; changed: boolean }> {
  const known = await knownDetails(tx, competitorId);
  // Removing contact details keeps the name: only addresses and telephones are searched for.
  const needles = erasureNeedles(mode === "erase" ? known : known.map(({ email, telephone }) => ({ email, telephone })));
  const addresses = erasedAddresses(needles);
  const n = mode === "erase" ? await ledgerNumber(tx, competitorId) : 0;
  const record = await clearRecord(tx, competitorId, mode, n);
  // A race still to be run: the entry and a place in its draw go; a run race keeps both (the results' history).
  // A racer without racing for years has none; their entries, if any, are theirs to keep.
  const { rowCount: futureEntries } =
    mode === "erase"
      ? await tx.execute(sql`
          DELETE FROM race_registrations g USING races r
          WHERE g.competitor_id = ${competitorId} AND r.id = g.race_id AND r.status = 'upcoming'
        `)
      : { rowCount: 0 };
  const { rowCount: drawPlaces } =
    mode === "erase"
      ? await tx.execute(sql`
          DELETE FROM heat_entries h USING races r
          WHERE h.competitor_id = ${competitorId} AND r.id = h.race_id AND r.status = 'upcoming'
        `)
      : { rowCount: 0 };
  const { rowCount: checkIns } = mode === "erase" ? await eraseCheckIns(tx, competitorId) : { rowCount: 0 };
  if (mode === "erase") {
    // The duty roster (issue 36 item 2): their duty places go (the places are free again), and every swap they asked or were asked.
    await tx.execute(sql`DELETE FROM duty_swaps WHERE competitor_id = ${competitorId} OR asker_id = ${competitorId}`);
    await tx.execute(sql`DELETE FROM duty_places WHERE competitor_id = ${competitorId}`);
  }
  const { rowCount: entryLinks } = await tx.execute(sql`DELETE FROM race_entry_links WHERE competitor_id = ${competitorId}`);
  const { rowCount: messageLinks } = await tx.execute(sql`DELETE FROM message_links WHERE competitor_id = ${competitorId}`);
  // "My data" links and their viewing sessions: the page they open has nothing of theirs left to show.
  const { rowCount: dataLinks } = await tx.execute(sql`DELETE FROM privacy_links WHERE competitor_id = ${competitorId}`);
  // Requests for a results check keep their heat and decision (the race page's record); the racer's words go.
  await tx.execute(sql`UPDATE results_check_requests SET problem = '', asked = '' WHERE competitor_id = ${competitorId}`);
  const { rowCount: pendingChanges } = await tx.execute(
    sql`DELETE FROM pending_registration_changes WHERE competitor_id = ${competitorId}`,
  );
  // One parameter each (node-postgres writes a JavaScript array as a PostgreSQL one).
  const needleArray = sql`${sql.param(needles)}::text[]`;
  const addressArray = sql`${sql.param(addresses)}::text[]`;
  // Messages to them lose address, subject and body, and a waiting one is never sent; a message to
  // someone else loses only the subject or body that named them.
  const { rowCount: messages } = await tx.execute(sql`
    UPDATE outbox_messages SET
      recipient = CASE WHEN lower(recipient) = ANY(${addressArray}) THEN ${ERASED} ELSE recipient END,
      subject = CASE WHEN lower(recipient) = ANY(${addressArray}) OR erasure_matches(subject, ${needleArray}) THEN ${ERASED} ELSE subject END,
      body = CASE WHEN lower(recipient) = ANY(${addressArray}) OR erasure_matches(body, ${needleArray}) THEN ${ERASED} ELSE body END,
      headers = CASE WHEN lower(recipient) = ANY(${addressArray}) THEN '{}'::jsonb ELSE headers END,
      status = CASE WHEN lower(recipient) = ANY(${addressArray}) AND status = 'pending' THEN 'failed' ELSE status END,
      last_error = CASE WHEN lower(recipient) = ANY(${addressArray}) AND status = 'pending' THEN ${NOT_SENT[mode]} ELSE last_error END
    WHERE lower(recipient) = ANY(${addressArray}) OR erasure_matches(subject, ${needleArray}) OR erasure_matches(body, ${needleArray})
  `);
  // The one redaction path of each mode (migrations 0036, 0037), each refusing a racer it has no row for.
  const { rows: audit } = await tx.execute<{ n: number }>(
    mode === "erase"
      ? sql`SELECT erase_from_audit_log(${competitorId}, ${needleArray}) AS n`
      : sql`SELECT remove_contact_from_audit_log(${competitorId}, ${needleArray}) AS n`,
  );
  const removed: ErasureCounts = {
    futureEntries: futureEntries ?? 0,
    drawPlaces: drawPlaces ?? 0,
    checkIns: checkIns ?? 0,
    links: (entryLinks ?? 0) + (messageLinks ?? 0) + (dataLinks ?? 0),
    pendingChanges: pendingChanges ?? 0,
    messages: messages ?? 0,
    auditEntries: audit[0]?.n ?? 0,
  };
  const changed = record > 0 || Object.values(removed).some((count) => count > 0);
  return { label: mode === "erase" ? anonymousLabel(n) : null, removed, changed };
}

/**
 * Erases one racer, in the caller's transaction, with one audit entry of counts only. A racer
 * already erased is scrubbed again (a restore or a late write may have brought something back) and
 * gets an entry only if something was found.
 */
export async function eraseRacer(tx: Runner, competitorId: number, { actor }: { actor: AuditActor }): Promise<EraseOutcome> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ERASURE_LOCK})`);
  const { rows } = await tx.execute<{ id: number }>(sql`SELECT id FROM competitors WHERE id = ${competitorId} FOR UPDATE`);
  if (!rows[0]) return { ok: false, reason: "not-found" };
  const { rowCount: added } = await tx.execute(
    sql`INSERT INTO erasures (competitor_id) VALUES (${competitorId}) ON CONFLICT (competitor_id) DO NOTHING`,
  );
  const alreadyErased = (added ?? 0) === 0;
  const { label, removed, changed } = await scrub(tx, competitorId);
  if (!alreadyErased || changed) {
    await recordAudit(tx, {
      actor,
      kind: "competitor.erase",
      record: { type: "competitor", id: competitorId },
      changes: Object.fromEntries(
        Object.entries({ ...removed, again: alreadyErased ? 1 : 0 })
          .filter(([, count]) => count > 0)
          .map(([field, count]) => [field, { before: null, after: count }]),
      ),
    });
  }
  return { ok: true, label: label!, alreadyErased, removed };
}

/**
 * Retention by inactivity (issue 35 item 5), in the caller's transaction: the racer's contact
 * details go as an erasure takes them, through the same scrub, while their name and results stay.
 * The caller has marked their notice removed (remove_contact_from_audit_log checks it). One audit
 * entry of counts only. Null: no such racer.
 */
export async function removeContactDetails(
  tx: Runner,
  competitorId: number,
  { actor }: { actor: AuditActor },
): Promise<ErasureCounts | null> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ERASURE_LOCK})`);
  const { rows } = await tx.execute<{ id: number }>(sql`SELECT id FROM competitors WHERE id = ${competitorId} FOR UPDATE`);
  if (!rows[0]) return null;
  const { removed } = await scrub(tx, competitorId, "contact");
  await recordAudit(tx, {
    actor,
    kind: "privacy.inactivity-removal",
    record: { type: "competitor", id: competitorId },
    changes: Object.fromEntries(
      Object.entries({ contactDetails: 1, ...removed })
        .filter(([, count]) => count > 0)
        .map(([field, count]) => [field, { before: null, after: count }]),
    ),
  });
  return removed;
}

/** Erases one racer in a transaction of its own. */
export async function eraseRacerNow(db: Database, competitorId: number, actor: AuditActor): Promise<EraseOutcome> {
  return db.transaction((tx) => eraseRacer(tx, competitorId, { actor }));
}

/**
 * After a restore, in its transaction: every racer in the ledger is erased again from what the
 * backup brought back (contact details, entries, links, e-mails, audit values). One audit entry
 * says how many records needed it. Returns that number.
 */
export async function reapplyErasures(tx: Runner, actor: AuditActor): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ERASURE_LOCK})`);
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT e.competitor_id AS id FROM erasures e JOIN competitors c ON c.id = e.competitor_id ORDER BY e.erased_at, e.competitor_id
  `);
  let reapplied = 0;
  for (const { id } of rows) if ((await scrub(tx, id)).changed) reapplied += 1;
  if (reapplied > 0) {
    await recordAudit(tx, { actor, kind: "erasure.reapply", changes: { racers: { before: null, after: reapplied } } });
  }
  return reapplied;
}

/** The same for a restore that holds a plain pg client inside its own BEGIN (db:restore, the admin restore). */
export async function reapplyErasuresWithClient(client: pg.ClientBase, actor: AuditActor): Promise<number> {
  // Drizzle over that one client runs each query on it, inside the transaction the caller opened.
  const tx = drizzle(client as pg.PoolClient, { schema }) as unknown as Database;
  return reapplyErasures(tx, actor);
}

/** A racer the owner may erase (not yet erased), for the screen's picker. */
export interface ErasureChoice {
  id: number;
  label: string;
}

/** Every racer not yet erased, by name, as "First Last #number". */
export async function erasureChoices(db: Database): Promise<ErasureChoice[]> {
  const { rows } = await db.execute<ErasureChoice & Record<string, unknown>>(sql`
    SELECT id, first_name || ' ' || last_name || CASE WHEN boat_number <> '' THEN ' #' || boat_number ELSE '' END AS label
    FROM competitors c WHERE NOT ${erasedRacer(sql`c.id`)}
    ORDER BY last_name COLLATE "und-x-icu", first_name COLLATE "und-x-icu", id
  `);
  return rows;
}

/** What the confirmation step shows before an erasure: who, and what stays and goes. */
export interface ErasurePreview {
  id: number;
  name: string;
  email: string | null;
  results: number;
  futureEntries: number;
  erased: boolean;
}

export async function erasurePreview(db: Database, competitorId: number): Promise<ErasurePreview | null> {
  const { rows } = await db.execute<ErasurePreview & Record<string, unknown>>(sql`
    SELECT c.id, c.first_name || ' ' || c.last_name AS name, c.email,
      (SELECT count(*)::int FROM race_results r WHERE r.competitor_id = c.id) AS results,
      (SELECT count(*)::int FROM race_registrations g JOIN races r ON r.id = g.race_id
        WHERE g.competitor_id = c.id AND r.status = 'upcoming') AS "futureEntries",
      ${erasedRacer(sql`c.id`)} AS erased
    FROM competitors c WHERE c.id = ${competitorId}
  `);
  return rows[0] ?? null;
}

/** The ledger, newest first, with each racer's label: what the screen lists as done. */
export async function erasedRacers(db: Database): Promise<{ id: number; label: string; erasedAt: Date }[]> {
  const { rows } = await db.execute<{ id: number; label: string; erasedAt: Date }>(sql`
    SELECT e.competitor_id AS id, coalesce(c.first_name || ' ' || c.last_name, '(no record)') AS label, e.erased_at AS "erasedAt"
    FROM erasures e LEFT JOIN competitors c ON c.id = e.competitor_id ORDER BY e.erased_at DESC, e.competitor_id DESC
  `);
  return rows.map((r) => ({ ...r, erasedAt: new Date(r.erasedAt) }));
}

/**
 * Everything the club holds about one racer (PIPA s. 17; issue 35 item 2), gathered in one
 * function: the racer's data page, its downloads and the owner's export for a request made on
 * paper all call `racerData`. SECTION_TABLES says which tables each section reads and
 * NOT_EXPORTED why the others that mention a racer are left out:
 * tests/integration/privacy-export.test.ts fails when a table with a competitor_id, e-mail or
 * telephone column is in neither.
 */
import { sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { heatName } from "~/lib/race-day/results-check";
import { AUDIT_KIND_WORDS, type DataRow, type RacerData, type SectionKey } from "~/lib/privacy/my-data";

/** The tables each section reads. */
export const SECTION_TABLES: Record<SectionKey, readonly string[]> = {
  registration: ["competitors"],
  consent: ["competitors"],
  emailPreferences: ["competitors"],
  raceEntries: ["race_registrations"],
  heatPlaces: ["heat_entries"],
  checkIns: ["race_check_ins"],
  duties: ["duty_places"],
  results: ["race_results"],
  // By the address on file (outbox_messages.recipient).
  emails: ["outbox_messages"],
  recordChanges: ["audit_log"],
  pendingChanges: ["pending_registration_changes"],
  requests: ["privacy_requests"],
  resultsChecks: ["results_check_requests"],
};

/** Tables that mention a racer or hold an address, and why the export leaves them out. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  // Sums of race_results kept by triggers (migrations 0016, 0017): the results themselves are exported.
  result_totals: "derived from race_results",
  race_entrants: "derived from race_results",
  // Links: only the SHA-256 of a random token, and when. The e-mails that carried them are in "emails".
  race_entry_links: "hashes of links e-mailed with race entries",
  message_links: "hashes of race e-mail preference links",
  privacy_links: "hashes of the links that open this data",
  // The duty roster's swaps: the link's hash, who asked whom, the answer; the e-mails they sent are in "emails".
  duty_swaps: "hashes of duty swap links and their answers",
  // Retention by inactivity: the link's hash and dates; the e-mail is in "emails", keeping it in "recordChanges".
  inactivity_notices: "hashes of the keep-my-details links, and when they were sent and answered",
  // The erasure ledger (decision 0053): an id and a date, for a racer who has no data page any more.
  erasures: "ids and dates of erasures made, nothing else",
  // The club's admins' own accounts, never a racer's.
  admins: "admins' own accounts",
  admin_links: "admins' own password reset and invitation links",
};

type Reader = Database | Tx;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

async function rows<T extends Record<string, unknown>>(db: Reader, query: ReturnType<typeof sql>): Promise<T[]> {
  return (await db.execute<T>(query)).rows as T[];
}

interface CompetitorRow extends Record<string, unknown> {
  first_name: string;
  last_name: string;
  boat_name: string | null;
  boat_number: string;
  boat_colour: string | null;
  boat_classes: string[];
  email: string | null;
  telephone: string | null;
  created_at: Date;
  updated_at: Date;
  pipa_consent: boolean;
  pipa_consent_at: Date | null;
  privacy_notice_version: number | null;
  notify_results: boolean;
  notify_reminders: boolean;
  duty_reminders: boolean;
}

/** Everything held about racer `competitorId`, or null when there is no such racer. Reads only. */
// eslint-disable-next-line max-lines-per-function -- one query per section of the export, in SECTION_TABLES' order, read in parallel
export async function racerData(db: Reader, competitorId: number): Promise<RacerData | null> {
  const [racer] = await rows<CompetitorRow>(db, sql`SELECT * FROM competitors WHERE id = ${competitorId}`);
  if (!racer) return null;

  const entries = await rows<{ title: string; date: string; boat_class: string; created_at: Date }>(
    db,
    sql`SELECT r.title, r.date::text AS date, e.boat_class, e.created_at
        FROM race_registrations e JOIN races r ON r.id = e.race_id
        WHERE e.competitor_id = ${competitorId} ORDER BY r.date, e.boat_class`,
  );
  const places = await rows<{ title: string; date: string; boat_class: string; heat_number: number; slot: number }>(
    db,
    sql`SELECT r.title, r.date::text AS date, he.boat_class, h.heat_number, he.slot
        FROM heat_entries he JOIN races r ON r.id = he.race_id JOIN heats h ON h.id = he.heat_id
        WHERE he.competitor_id = ${competitorId} ORDER BY r.date, he.boat_class, h.heat_number`,
  );
  const checkIns = await rows<{
    title: string;
    date: string;
    checked_in_at: Date | null;
    via: string | null;
    undone_at: Date | null;
  }>(
    db,
    sql`SELECT r.title, r.date::text AS date, c.checked_in_at, c.checked_in_via AS via, c.undone_at
        FROM race_check_ins c JOIN races r ON r.id = c.race_id
        WHERE c.competitor_id = ${competitorId} AND c.checked_in_at IS NOT NULL ORDER BY r.date`,
  );
  const duties = await rows<{ title: string; date: string; duty: string; taken_at: Date; taken_via: string }>(
    db,
    sql`SELECT r.title, r.date::text AS date, d.name AS duty, p.taken_at, p.taken_via
        FROM duty_places p JOIN race_duties d ON d.id = p.duty_id JOIN races r ON r.id = p.race_id
        WHERE p.competitor_id = ${competitorId} ORDER BY r.date`,
  );
  const results = await rows<{
    title: string;
    date: string;
    boat_class: string;
    heat_number: number;
    position: number;
    points: number | null;
    laps: number | null;
    best_lap: string | null;
    total_time: string | null;
    lap_time: string | null;
    laps_adjustment: number | null;
    laps_adjustment_reason: string | null;
  }>(
    db,
    sql`SELECT r.title, r.date::text AS date, x.boat_class, x.heat_number, x.position, x.points, x.laps, x.best_lap,
               x.total_time, x.lap_time, x.laps_adjustment, x.laps_adjustment_reason
        FROM race_results x JOIN races r ON r.id = x.race_id
        WHERE x.competitor_id = ${competitorId} ORDER BY r.date, x.boat_class, x.heat_number`,
  );
  // Only to the address on file: a message to an earlier address is not linked to the record.
  const emails = racer.email
    ? await rows<{ subject: string; created_at: Date; status: string; sent_at: Date | null }>(
        db,
        sql`SELECT subject, created_at, status, sent_at FROM outbox_messages
            WHERE lower(recipient) = lower(${racer.email}) ORDER BY created_at, id`,
      )
    : [];
  // Never the admin's name or id, nor the client address: what changed and when.
  const changes = await rows<{ at: Date; kind: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    db,
    sql`SELECT at, kind, changes FROM audit_log
        WHERE record_type = 'competitor' AND record_id = ${String(competitorId)} ORDER BY at, id`,
  );
  const pending = await rows<{
    created_at: Date;
    expires_at: Date;
    state: string;
    first_name: string;
    last_name: string;
    boat_name: string | null;
    boat_number: string;
    boat_classes: string[];
    email: string;
    telephone: string | null;
    race_emails: boolean;
  }>(
    db,
    // The database's clock decides expiry, as everywhere a time is compared.
    sql`SELECT *, CASE WHEN used_at IS NOT NULL THEN 'Done' WHEN expires_at > now() THEN 'Waiting' ELSE 'Expired' END AS state
        FROM pending_registration_changes WHERE competitor_id = ${competitorId} ORDER BY created_at, id`,
  );
  const requests = await rows<{
    kind: string;
    source: string;
    received_at: Date;
    due_at: Date | null;
    extended_until: Date | null;
    status: string;
    handled_at: Date | null;
    note: string;
  }>(
    db,
    sql`SELECT kind, source, received_at, due_at, extended_until, status, handled_at, note
        FROM privacy_requests WHERE competitor_id = ${competitorId} ORDER BY received_at, id`,
  );
  const checks = await rows<{
    title: string;
    boat_class: string;
    heat_number: number;
    filed_at: Date;
    problem: string;
    asked: string;
    outcome: string | null;
    reason: string | null;
  }>(
    db,
    sql`SELECT r.title, c.boat_class, c.heat_number, c.filed_at, c.problem, c.asked, c.outcome, c.reason
        FROM results_check_requests c JOIN races r ON r.id = c.race_id WHERE c.competitor_id = ${competitorId} ORDER BY c.filed_at, c.id`,
  );

  const sections: Record<SectionKey, DataRow[]> = {
    registration: [
      {
        firstName: racer.first_name,
        lastName: racer.last_name,
        boatName: racer.boat_name,
        boatNumber: racer.boat_number,
        boatColour: racer.boat_colour,
        boatClasses: racer.boat_classes.join(", "),
        email: racer.email,
        telephone: racer.telephone,
        registeredAt: iso(racer.created_at),
        updatedAt: iso(racer.updated_at),
      },
    ],
    consent: [
      { pipaConsent: racer.pipa_consent, givenAt: iso(racer.pipa_consent_at), noticeVersion: racer.privacy_notice_version },
    ],
    emailPreferences: [
      { resultsEmails: racer.notify_results, reminderEmails: racer.notify_reminders, dutyReminderEmails: racer.duty_reminders },
    ],
    raceEntries: entries.map((e) => ({ race: e.title, date: e.date, boatClass: e.boat_class, enteredAt: iso(e.created_at) })),
    heatPlaces: places.map((p) => ({ race: p.title, date: p.date, boatClass: p.boat_class, heat: p.heat_number, slot: p.slot })),
    checkIns: checkIns.map((c) => ({
      race: c.title,
      date: c.date,
      checkedInAt: iso(c.checked_in_at),
      how: c.via === "link" ? "Your entry link" : "By the club",
      undoneAt: iso(c.undone_at),
    })),
    duties: duties.map((d) => ({
      race: d.title,
      date: d.date,
      duty: d.duty,
      since: iso(d.taken_at),
      how: d.taken_via === "link" ? "Your entry link" : d.taken_via === "swap" ? "A swap you accepted" : "By the club",
    })),
    results: results.map((r) => ({
      race: r.title,
      date: r.date,
      boatClass: r.boat_class,
      heat: r.heat_number,
      position: r.position,
      points: r.points,
      laps: r.laps,
      bestLap: r.best_lap,
      totalTime: r.total_time,
      lapTime: r.lap_time,
      lapsAdjustment: r.laps_adjustment,
      lapsAdjustmentReason: r.laps_adjustment_reason,
    })),
    emails: emails.map((m) => ({ subject: m.subject, writtenAt: iso(m.created_at), status: m.status, sentAt: iso(m.sent_at) })),
    // One row per changed field; an entry without fields is one row saying what happened.
    recordChanges: changes.flatMap((c): DataRow[] => {
      const change = AUDIT_KIND_WORDS[c.kind] ?? c.kind;
      const fields = Object.entries(c.changes ?? {});
      if (fields.length === 0) return [{ at: iso(c.at), change, field: null, before: null, after: null }];
      return fields.map(([field, value]) => ({
        at: iso(c.at),
        change,
        field,
        before: shown(value?.before),
        after: shown(value?.after),
      }));
    }),
    pendingChanges: pending.map((p) => ({
      askedAt: iso(p.created_at),
      expiresAt: iso(p.expires_at),
      state: p.state,
      firstName: p.first_name,
      lastName: p.last_name,
      boatName: p.boat_name,
      boatNumber: p.boat_number,
      boatClasses: p.boat_classes.join(", "),
      email: p.email,
      telephone: p.telephone,
      raceEmails: p.race_emails,
    })),
    requests: requests.map((r) => ({
      kind: r.kind,
      source: r.source === "link" ? "By link" : "On paper",
      receivedAt: iso(r.received_at),
      dueAt: iso(r.extended_until ?? r.due_at),
      status: r.status,
      handledAt: iso(r.handled_at),
      note: r.note || null,
    })),
    resultsChecks: checks.map((c) => ({
      race: c.title,
      heat: heatName({ boatClass: c.boat_class, heatNumber: c.heat_number }),
      filedAt: iso(c.filed_at),
      problem: c.problem || null,
      asked: c.asked || null,
      outcome: c.outcome ?? "Waiting for a decision",
      reason: c.reason,
    })),
  };
  return {
    competitorId,
    name: `${racer.first_name} ${racer.last_name}`,
    generatedAt: new Date().toISOString(),
    sections,
  };
}

/** An audit value as one cell: text as it is, anything else as JSON. */
function shown(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

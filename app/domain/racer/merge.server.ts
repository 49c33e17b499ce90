/**
 * One racer, one record (issue 25 item 2): the likely duplicates, a merge's preview, and the merge
 * itself, which moves everything that points at the merged-away record to the one that stays and
 * removes it, in one transaction. result_totals and race_entrants follow race_results by their
 * triggers (migrations 0016, 0017), and the page cache by the change triggers on competitors and
 * race_results (db/data-changes.ts), all in the same commit.
 */
import { sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { isUniqueViolation } from "~/domain/platform/db-errors.server";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { erasedRacer } from "~/domain/racer/erased.server";
import { findDuplicates, type DuplicateReason } from "~/lib/racer/duplicates";

type Runner = Tx | Database;

/**
 * Every table with a foreign key to competitors, and what a merge counts in it. A new one must be
 * added here: tests/integration/competitor-merge.test.ts compares this list with the database's.
 */
export const REFERENCING_TABLES = {
  race_results: "results",
  heat_entries: "heat draw places",
  race_registrations: "race entries",
  race_entry_links: "manage-my-entry links",
  pending_registration_changes: "pending registration changes",
  message_links: "race e-mail links",
  privacy_requests: "privacy requests",
  privacy_links: "my-data links",
  race_check_ins: "race check-ins",
  results_check_requests: "requests for a results check",
  inactivity_notices: "keep-my-details notices",
  // The duty roster (issue 36 item 2): places on duty, and swaps asked of them (those they asked follow asker_id).
  duty_places: "duty places",
  duty_swaps: "duty swaps asked of them",
} as const;
type ReferencingTable = keyof typeof REFERENCING_TABLES;

export interface MergeRecord {
  id: number;
  firstName: string;
  lastName: string;
  name: string;
  email: string | null;
  telephone: string | null;
  boatName: string | null;
  boatNumber: string;
  boatColour: string | null;
  boatClasses: string[];
  notifyResults: boolean;
  notifyReminders: boolean;
  pipaConsent: boolean;
  pipaConsentAt: Date | null;
  privacyNoticeVersion: number | null;
  createdAt: Date;
  /** Erased at their request (decision 0053): never merged, either way. */
  erased: boolean;
  /** Rows that point at this record, per referencing table. */
  counts: Record<ReferencingTable, number>;
}

export interface DuplicateListItem {
  reasons: DuplicateReason[];
  a: { id: number; name: string; boatNumber: string; results: number };
  b: { id: number; name: string; boatNumber: string; results: number };
}

/**
 * The likely duplicate pairs (app/lib/racer/duplicates.ts), each with its two racers. Erased
 * racers are left out: their record holds no name to match, and may not be merged.
 */
export async function listDuplicates(db: Database): Promise<DuplicateListItem[]> {
  const { rows } = await db.execute<{
    id: number;
    firstName: string;
    lastName: string;
    email: string | null;
    boatNumber: string;
    results: number;
  }>(sql`
    SELECT c.id, c.first_name AS "firstName", c.last_name AS "lastName", c.email, c.boat_number AS "boatNumber",
      (SELECT count(*)::int FROM race_results r WHERE r.competitor_id = c.id) AS results
    FROM competitors c WHERE NOT ${erasedRacer(sql`c.id`)} ORDER BY c.id
  `);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const side = (id: number) => {
    const r = byId.get(id)!;
    return { id, name: `${r.firstName} ${r.lastName}`, boatNumber: r.boatNumber, results: r.results };
  };
  return findDuplicates(rows).map((pair) => ({ reasons: pair.reasons, a: side(pair.a), b: side(pair.b) }));
}

/** Every racer but the erased for the manual pick (a nickname the rules do not see), by name. */
export async function mergeChoices(db: Database): Promise<{ id: number; label: string }[]> {
  const { rows } = await db.execute<{ id: number; label: string }>(sql`
    SELECT id, first_name || ' ' || last_name || CASE WHEN boat_number <> '' THEN ' #' || boat_number ELSE '' END AS label
    FROM competitors WHERE NOT ${erasedRacer(sql`competitors.id`)} ORDER BY last_name COLLATE "und-x-icu", first_name COLLATE "und-x-icu", id
  `);
  return rows;
}

async function readRecord(db: Runner, id: number, lock: boolean): Promise<MergeRecord | null> {
  const { rows } = await db.execute<Omit<MergeRecord, "counts" | "name">>(sql`
    SELECT id, first_name AS "firstName", last_name AS "lastName", email, telephone, boat_name AS "boatName",
      boat_number AS "boatNumber", boat_colour AS "boatColour", boat_classes AS "boatClasses",
      notify_results AS "notifyResults", notify_reminders AS "notifyReminders", pipa_consent AS "pipaConsent",
      pipa_consent_at AS "pipaConsentAt", privacy_notice_version AS "privacyNoticeVersion", created_at AS "createdAt",
      ${erasedRacer(sql`competitors.id`)} AS erased
    FROM competitors WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}
  `);
  const row = rows[0];
  if (!row) return null;
  const counts = {} as Record<ReferencingTable, number>;
  for (const table of Object.keys(REFERENCING_TABLES) as ReferencingTable[]) {
    const { rows: n } = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE competitor_id = ${id}`,
    );
    counts[table] = n[0]!.n;
  }
  return { ...row, name: `${row.firstName} ${row.lastName}`, counts };
}

/**
 * The heats where both records have a result, or both have a place in one class's draw: merged,
 * one person would be in a heat twice. Named for the admin: "Spring Regatta (2026-06-14), Open, Heat 2".
 */
async function conflicts(db: Runner, keepId: number, goneId: number): Promise<string[]> {
  const { rows } = await db.execute<{ label: string }>(sql`
    SELECT label FROM (
      SELECT r.date, r.id, a.boat_class, a.heat_number,
        r.title || ' (' || r.date::text || '), ' || a.boat_class || ', Heat ' || a.heat_number || ': both have a result' AS label
      FROM race_results a JOIN race_results b USING (race_id, boat_class, heat_number) JOIN races r ON r.id = a.race_id
      WHERE a.competitor_id = ${keepId} AND b.competitor_id = ${goneId}
      UNION ALL
      SELECT r.date, r.id, a.boat_class, ha.heat_number,
        r.title || ' (' || r.date::text || '), ' || a.boat_class || ', Heat ' || ha.heat_number ||
          CASE WHEN ha.id = hb.id THEN ': both are in its draw' ELSE ' and Heat ' || hb.heat_number || ': both are in the draw' END AS label
      FROM heat_entries a JOIN heat_entries b USING (race_id, boat_class)
        JOIN heats ha ON ha.id = a.heat_id JOIN heats hb ON hb.id = b.heat_id JOIN races r ON r.id = a.race_id
      WHERE a.competitor_id = ${keepId} AND b.competitor_id = ${goneId}
    ) c ORDER BY date, id, boat_class, heat_number
  `);
  return [...new Set(rows.map((r) => r.label))];
}

export interface MergePreview {
  keep: MergeRecord;
  gone: MergeRecord;
  /** Heats that refuse the merge; empty when it can go ahead. */
  conflicts: string[];
  /** Blank fields of the record that stays that the merged-away one fills (names only). */
  filled: string[];
}

export type MergePreviewOutcome = { ok: true; preview: MergePreview } | { ok: false; reason: "not-found" | "same" | "erased" };

const FILLED_FIELDS = ["email", "telephone", "boatName", "boatColour"] as const;
const FIELD_LABELS = { email: "e-mail", telephone: "telephone", boatName: "boat name", boatColour: "boat colour" } as const;

function fills(keep: MergeRecord, gone: MergeRecord) {
  const values: Partial<Record<(typeof FILLED_FIELDS)[number], string>> = {};
  for (const field of FILLED_FIELDS) {
    const value = gone[field];
    if (!keep[field] && value) values[field] = value;
  }
  const classes = [...keep.boatClasses, ...gone.boatClasses.filter((c) => !keep.boatClasses.includes(c))];
  // A racer who asked for race e-mails on either record keeps getting them.
  const notifyResults = keep.notifyResults || gone.notifyResults;
  const notifyReminders = keep.notifyReminders || gone.notifyReminders;
  const consent = keep.pipaConsent ? null : gone.pipaConsent ? gone.pipaConsentAt : null;
  const filled = [
    ...Object.keys(values).map((field) => FIELD_LABELS[field as keyof typeof FIELD_LABELS]),
    ...(classes.length > keep.boatClasses.length ? ["boat classes"] : []),
    ...(notifyResults !== keep.notifyResults ? ["results e-mails"] : []),
    ...(notifyReminders !== keep.notifyReminders ? ["entry reminder e-mails"] : []),
    ...(consent ? ["PIPA consent"] : []),
  ];
  return { values, classes, notifyResults, notifyReminders, consent, filled };
}

async function preview(db: Runner, keepId: number, goneId: number, lock: boolean): Promise<MergePreviewOutcome> {
  if (keepId === goneId) return { ok: false, reason: "same" };
  // Locked in id order, so two merges of the same pair never wait for each other in a circle.
  const [first, second] = keepId < goneId ? [keepId, goneId] : [goneId, keepId];
  const a = await readRecord(db, first, lock);
  const b = await readRecord(db, second, lock);
  if (!a || !b) return { ok: false, reason: "not-found" };
  if (a.erased || b.erased) return { ok: false, reason: "erased" };
  const [keep, gone] = a.id === keepId ? [a, b] : [b, a];
  return { ok: true, preview: { keep, gone, conflicts: await conflicts(db, keepId, goneId), filled: fills(keep, gone).filled } };
}

/** What a merge of `goneId` into `keepId` would do, read without changing anything. */
export async function mergePreview(db: Database, keepId: number, goneId: number): Promise<MergePreviewOutcome> {
  return preview(db, keepId, goneId, false);
}

export type MergeOutcome =
  | { ok: true; keep: { id: number; name: string }; moved: Record<ReferencingTable, number> }
  | { ok: false; reason: "not-found" | "same" | "erased" }
  | { ok: false; reason: "conflict"; heats: string[] };

/**
 * Merges `goneId` into `keepId`: every row that points at the merged-away record moves, blank
 * fields of the one that stays are filled from it, the merged-away record is removed and the
 * audit log says so (ids and names only), in one transaction. Refused, with nothing changed, when
 * one person would then be in a heat twice.
 */
export async function mergeCompetitors(
  db: Database,
  keepId: number,
  goneId: number,
  actor: AuditActor = NO_ACTOR,
): Promise<MergeOutcome> {
  try {
    return await db.transaction(async (tx) => {
      const outcome = await preview(tx, keepId, goneId, true);
      if (!outcome.ok) return outcome;
      const { keep, gone, conflicts: heats } = outcome.preview;
      if (heats.length > 0) return { ok: false, reason: "conflict", heats } as const;
      // An entry both records hold for the same race and class is one entry.
      await tx.execute(sql`
        DELETE FROM race_registrations g USING race_registrations k
        WHERE g.competitor_id = ${goneId} AND k.competitor_id = ${keepId} AND k.race_id = g.race_id AND k.boat_class = g.boat_class
      `);
      // One check-in per race (issue 36 item 1): where both records have one, the checked-in one stays.
      await tx.execute(sql`
        DELETE FROM race_check_ins k USING race_check_ins g
        WHERE k.competitor_id = ${keepId} AND g.competitor_id = ${goneId} AND k.race_id = g.race_id
          AND g.checked_in_at IS NOT NULL AND g.undone_at IS NULL AND (k.checked_in_at IS NULL OR k.undone_at IS NOT NULL)
      `);
      await tx.execute(sql`
        DELETE FROM race_check_ins g USING race_check_ins k
        WHERE g.competitor_id = ${goneId} AND k.competitor_id = ${keepId} AND k.race_id = g.race_id
      `);
      // One duty per racer and race: where both records are on duty at a race, the kept record's place stays.
      await tx.execute(sql`
        DELETE FROM duty_places g USING duty_places k
        WHERE g.competitor_id = ${goneId} AND k.competitor_id = ${keepId} AND k.race_id = g.race_id
      `);
      await tx.execute(sql`UPDATE duty_swaps SET asker_id = ${keepId} WHERE asker_id = ${goneId}`);
      for (const table of Object.keys(REFERENCING_TABLES) as ReferencingTable[]) {
        await tx.execute(sql`UPDATE ${sql.identifier(table)} SET competitor_id = ${keepId} WHERE competitor_id = ${goneId}`);
      }
      await tx.execute(sql`DELETE FROM competitors WHERE id = ${goneId}`);
      // After the delete: the e-mail moves, and it is unique.
      const f = fills(keep, gone);
      await tx.execute(sql`
        UPDATE competitors SET
          email = coalesce(email, ${f.values.email ?? null}),
          telephone = coalesce(telephone, ${f.values.telephone ?? null}),
          boat_name = coalesce(boat_name, ${f.values.boatName ?? null}),
          boat_colour = coalesce(boat_colour, ${f.values.boatColour ?? null}),
          boat_classes = ${sql`ARRAY[${sql.join(
            f.classes.map((c) => sql`${c}`),
            sql`, `,
          )}]::text[]`},
          notify_results = ${f.notifyResults}, notify_reminders = ${f.notifyReminders},
          pipa_consent = pipa_consent OR ${f.consent !== null},
          pipa_consent_at = CASE WHEN pipa_consent THEN pipa_consent_at ELSE coalesce(${f.consent ? new Date(f.consent).toISOString() : null}::timestamptz, pipa_consent_at) END,
          privacy_notice_version = CASE WHEN pipa_consent THEN privacy_notice_version ELSE coalesce(${f.consent ? gone.privacyNoticeVersion : null}::integer, privacy_notice_version) END,
          updated_at = now()
        WHERE id = ${keepId}
      `);
      const moved = {} as Record<ReferencingTable, number>;
      for (const table of Object.keys(REFERENCING_TABLES) as ReferencingTable[]) moved[table] = gone.counts[table];
      await recordAudit(tx, {
        actor,
        kind: "competitor.merge",
        record: { type: "competitor", id: keepId },
        changes: {
          mergedId: { before: goneId, after: keepId },
          mergedName: { before: gone.name, after: keep.name },
          results: { before: keep.counts.race_results, after: keep.counts.race_results + gone.counts.race_results },
          ...(f.filled.length > 0 ? { filledFields: { before: null, after: f.filled.join(", ") } } : {}),
        },
      });
      return { ok: true, keep: { id: keep.id, name: keep.name }, moved } as const;
    });
  } catch (error) {
    // A result or draw place saved for both between the check and the move: the unique keys refuse it.
    if (isUniqueViolation(error)) return { ok: false, reason: "conflict", heats: ["a heat changed while merging; try again"] };
    throw error;
  }
}

/**
 * Results import (issue 25 item 1): an upload or pasted cells become a draft, the preview is
 * computed from the draft on every page load, and only the confirmation writes results: every
 * heat that changes is replaced in one transaction, audited, with the change log of an official
 * race. A heat the file repeats exactly is left alone, so importing the same file twice writes
 * nothing the second time.
 */
import { createHash } from "node:crypto";
import { and, asc, desc, eq, lt, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { competitors, importDrafts, importMappings, races } from "~/db/schema";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import { sameResults, type StoredResult } from "~/lib/race-day/result-changes";
import { cleanMapping, headerKey, recogniseHeaders, type ColumnMapping } from "~/lib/results-import/headers";
import type { ImportTable } from "~/lib/results-import/parse";
import { readImport } from "~/domain/results-import/read-import.server";
import { IMPORT_ENCODINGS, ImportFormError, type DraftSettings } from "~/domain/results-import/import-form.server";
import { DEFAULT_SETTINGS, planImport, type ImportPlan } from "~/lib/results-import/preview";
import type { KnownRacer } from "~/lib/results-import/match";
import { completeRaceWithResults } from "~/domain/race-day/race-completion.server";
import { heatResults, lockRaceForResults, markResultsUpdated, writeHeat } from "~/domain/race-day/heat-results.server";
import { eventLoopBreaks } from "~/lib/util/event-loop";

export type { DraftSettings };

export interface Draft {
  id: string;
  raceId: number;
  fileName: string;
  source: string;
  settings: DraftSettings;
}

const DRAFT_LIFETIME = sql`interval '1 day'`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function readSettings(value: unknown): DraftSettings {
  const v = (typeof value === "object" && value !== null ? value : {}) as Partial<DraftSettings>;
  return {
    defaultClass: typeof v.defaultClass === "string" ? v.defaultClass : DEFAULT_SETTINGS.defaultClass,
    defaultHeat: Number.isInteger(v.defaultHeat) ? v.defaultHeat! : DEFAULT_SETTINGS.defaultHeat,
    choices: typeof v.choices === "object" && v.choices !== null ? v.choices : {},
    mapping: Array.isArray(v.mapping) ? v.mapping : null,
    encoding: IMPORT_ENCODINGS.find((e) => e === v.encoding) ?? null,
  };
}

/** An upload that can be read becomes a draft; one that cannot is refused with why, nothing kept. */
export async function startImport(
  db: Database,
  input: { raceId: number; adminId: number | null; fileName: string; source: string; settings: DraftSettings },
): Promise<{ ok: true; id: string } | { ok: false; message: string }> {
  const parsed = await readImport(input.source);
  if (!parsed.ok) return parsed;
  const id = await createDraft(db, input);
  return id ? { ok: true, id } : { ok: false, message: "This race no longer exists." };
}

/**
 * Drafts an admin keeps at once (issue 31 item 12): a few tabs or races in progress. A new draft
 * replaces the admin's oldest, so previews of a 1 MB file in a loop keep at most this many
 * megabytes instead of a day's worth.
 */
export const DRAFTS_PER_ADMIN = 3;

/** Keeps the upload for its preview; drafts older than a day, and the admin's beyond the newest few, go at the same time. */
export async function createDraft(
  db: Database,
  input: { raceId: number; adminId: number | null; fileName: string; source: string; settings: DraftSettings },
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.delete(importDrafts).where(lt(importDrafts.createdAt, sql`now() - ${DRAFT_LIFETIME}`));
    const race = await tx.select({ id: races.id }).from(races).where(eq(races.id, input.raceId));
    if (race.length === 0) return null;
    // One admin's previews one at a time, so parallel ones cannot each keep the others' drafts.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`import-drafts:${input.adminId ?? "none"}`}))`);
    const [row] = await tx
      .insert(importDrafts)
      .values({ ...input, fileName: input.fileName.slice(0, 200) })
      .returning({ id: importDrafts.id });
    const mine = input.adminId === null ? sql`admin_id IS NULL` : eq(importDrafts.adminId, input.adminId);
    await tx.delete(importDrafts).where(
      and(
        mine,
        sql`${importDrafts.id} <> ${row!.id}`,
        sql`${importDrafts.id} NOT IN (${tx
          .select({ id: importDrafts.id })
          .from(importDrafts)
          .where(and(mine, sql`${importDrafts.id} <> ${row!.id}`))
          .orderBy(desc(importDrafts.createdAt), desc(importDrafts.id))
          .limit(DRAFTS_PER_ADMIN - 1)})`,
      ),
    );
    return row!.id;
  });
}

/** The admin's own draft for this race, while it lives. */
export async function loadDraft(db: Database, id: string, raceId: number, adminId: number | null): Promise<Draft | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select()
    .from(importDrafts)
    .where(
      and(
        eq(importDrafts.id, id),
        eq(importDrafts.raceId, raceId),
        adminId === null ? sql`admin_id IS NULL` : eq(importDrafts.adminId, adminId),
        sql`created_at > now() - ${DRAFT_LIFETIME}`,
      ),
    );
  return row
    ? { id: row.id, raceId: row.raceId, fileName: row.fileName, source: row.source, settings: readSettings(row.settings) }
    : null;
}

export async function updateDraftSettings(db: Database, draft: Draft, settings: DraftSettings): Promise<void> {
  await db.update(importDrafts).set({ settings }).where(eq(importDrafts.id, draft.id));
}

async function knownRacers(db: Database | Tx): Promise<KnownRacer[]> {
  return db
    .select({
      id: competitors.id,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      boatNumber: competitors.boatNumber,
    })
    .from(competitors)
    .orderBy(asc(competitors.id));
}

export type Preview =
  | { ok: true; table: ImportTable; mapping: ColumnMapping; remembered: boolean; plan: ImportPlan; digest: string }
  | { ok: false; message: string };

/**
 * What the confirmation of this plan would write, as one fingerprint. Hashed heat by heat with the
 * event loop given a turn between them: the largest plan as one JSON text held the site for tens of
 * milliseconds (issue 31 item 6).
 */
async function digestOf(plan: ImportPlan): Promise<string> {
  const pause = eventLoopBreaks();
  const hash = createHash("sha256");
  for (const heat of plan.heats) {
    if (heat.blocked) continue;
    hash.update(JSON.stringify(heat)).update("\n");
    await pause();
  }
  hash.update(JSON.stringify(plan.newRacers));
  return hash.digest("base64url").slice(0, 32);
}

/** The preview of a table read from a draft, with these settings (the mapping remembered for its headers when it has none). */
async function planPreview(db: Database | Tx, table: ImportTable, settings: DraftSettings): Promise<Preview & { ok: true }> {
  const key = headerKey(table.headers);
  let mapping = cleanMapping(settings.mapping, table.headers.length);
  let remembered = false;
  if (!mapping) {
    const [saved] = await db
      .select({ mapping: importMappings.mapping })
      .from(importMappings)
      .where(eq(importMappings.headerKey, key));
    mapping = saved ? cleanMapping(saved.mapping, table.headers.length) : null;
    remembered = mapping !== null;
  }
  mapping ??= recogniseHeaders(table.headers);
  const plan = await planImport(table, mapping, settings, await knownRacers(db));
  return { ok: true, table, mapping, remembered, plan, digest: await digestOf(plan) };
}

export async function previewDraft(db: Database, draft: Draft): Promise<Preview> {
  const parsed = await readImport(draft.source);
  return parsed.ok ? planPreview(db, parsed.table, draft.settings) : parsed;
}

export type ConfirmOutcome =
  | { ok: true; changed: string[]; added: string[]; unchanged: string[]; held: string[]; created: number; completed: boolean }
  | {
      ok: false;
      reason: "race-not-found" | "draft-not-found" | "changed" | "nothing" | "unreadable" | "refused";
      message?: string;
    };

export interface ConfirmInput {
  draftId: string;
  raceId: number;
  adminId: number | null;
  /** The fingerprint of the preview the admin confirmed. */
  digest: string;
  /** The draft, when the caller has loaded it already. */
  draft?: Draft;
  /**
   * The settings the confirming post gives (its mapping and choices), checked against the preview
   * the admin saw; saved whatever the outcome, so a refused confirmation shows them. An
   * ImportFormError it throws refuses the post ("refused", nothing written).
   */
  settingsOf?: (shown: Preview & { ok: true }) => DraftSettings;
}

const sameSettings = (a: DraftSettings, b: DraftSettings) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the draft's results if the preview the admin confirmed (`digest`) is still what the
 * draft, the mapping and the club's racers give now; otherwise nothing and "changed". The file is
 * read once and planned once (twice only when the post changes the settings), under the race's lock.
 */
export async function confirmImport(db: Database, input: ConfirmInput, actor: AuditActor = NO_ACTOR): Promise<ConfirmOutcome> {
  const draft = input.draft ?? (await loadDraft(db, input.draftId, input.raceId, input.adminId));
  if (!draft) return { ok: false, reason: "draft-not-found" };
  return db.transaction(async (tx) => {
    const race = await lockRaceForResults(tx, input.raceId);
    if (!race) return { ok: false, reason: "race-not-found" } as const;
    const parsed = await readImport(draft.source);
    if (!parsed.ok) return { ok: false, reason: "unreadable", message: parsed.message } as const;
    let preview = await planPreview(tx, parsed.table, draft.settings);
    if (input.settingsOf) {
      let settings: DraftSettings;
      try {
        settings = input.settingsOf(preview);
      } catch (error) {
        // A choice the preview does not offer: the admin's to fix, and nothing is written.
        if (error instanceof ImportFormError) return { ok: false, reason: "refused", message: error.message } as const;
        throw error;
      }
      if (!sameSettings(settings, draft.settings)) {
        await tx.update(importDrafts).set({ settings }).where(eq(importDrafts.id, draft.id));
        preview = await planPreview(tx, parsed.table, settings);
      }
    }
    if (preview.digest !== input.digest) return { ok: false, reason: "changed" } as const;
    const { plan } = preview;
    const importable = plan.heats.filter((h) => !h.blocked);
    const held = plan.heats.filter((h) => h.blocked).map(heatLabel);
    if (importable.length === 0) return { ok: false, reason: "nothing" } as const;

    await rememberMapping(tx, preview.table.headers, preview.mapping);
    await tx.delete(importDrafts).where(eq(importDrafts.id, draft.id));
    const racerIds = await createImportedRacers(tx, plan, actor);
    const written = await writeImportedHeats(tx, input.raceId, importable, racerIds, race.official, actor);
    const completed = await completeRaceWithResults(tx, input.raceId, actor);
    return { ok: true, ...written, held, created: plan.newRacers.length, completed } as const;
  });
}

/** The plan's new racers, created and audited; the function gives any planned racer's id. */
async function createImportedRacers(tx: Tx, plan: ImportPlan, actor: AuditActor): Promise<(racer: number | string) => number> {
  const ids = new Map<string, number>();
  for (const racer of plan.newRacers) {
    const [created] = await tx
      .insert(competitors)
      .values({
        firstName: racer.firstName,
        lastName: racer.lastName,
        boatNumber: racer.boatNumber,
        boatClasses: [racer.boatClass],
      })
      .returning({ id: competitors.id });
    ids.set(racer.key, created!.id);
    await recordAudit(tx, {
      actor,
      kind: "competitor.create",
      record: { type: "competitor", id: created!.id },
      changes: diffFields(null, {
        firstName: racer.firstName,
        lastName: racer.lastName,
        boatNumber: racer.boatNumber,
        source: "results import",
      }),
    });
  }
  return (racer) => (typeof racer === "number" ? racer : ids.get(racer)!);
}

/** Each importable heat written through the one heat writer, unless the file repeats it exactly; one audit entry. */
async function writeImportedHeats(
  tx: Tx,
  raceId: number,
  importable: ImportPlan["heats"],
  racerIds: (racer: number | string) => number,
  official: boolean,
  actor: AuditActor,
): Promise<{ changed: string[]; added: string[]; unchanged: string[] }> {
  const changed: string[] = [];
  // Written heats that had no results: "Imported", not "Replaced".
  const added: string[] = [];
  const unchanged: string[] = [];
  const auditBefore: Record<string, unknown> = {};
  const auditAfter: Record<string, unknown> = {};
  for (const planned of importable) {
    const heat = { raceId, boatClass: planned.boatClass, heatNumber: planned.heatNumber };
    const before = await heatResults(tx, heat);
    const after: StoredResult[] = planned.rows.map((r) => ({
      competitorId: racerIds(r.racer),
      position: r.position,
      laps: r.laps,
      lapTime: r.lapTime,
      bestLap: r.bestLap,
      totalTime: r.totalTime,
      lapsAdjustment: r.lapsAdjustment,
      lapsAdjustmentReason: r.lapsAdjustmentReason,
    }));
    const label = heatLabel(planned);
    // The same file again changes nothing: no write, no change log.
    if (sameResults(before, after)) {
      unchanged.push(label);
      continue;
    }
    changed.push(label);
    if (before.length === 0) added.push(label);
    await writeHeat(tx, heat, before, after, { official });
    auditBefore[label] = before.length ? before : null;
    auditAfter[label] = after;
  }
  if (changed.length > 0) {
    await markResultsUpdated(tx, raceId);
    await recordAudit(tx, {
      actor,
      kind: "results.import",
      record: { type: "race", id: raceId },
      changes: diffFields(auditBefore, auditAfter),
    });
  }
  return { changed, added, unchanged };
}

function heatLabel(heat: { boatClass: string; heatNumber: number }): string {
  return `${heat.boatClass} heat ${heat.heatNumber}`;
}

/** The confirmed mapping, for the next file with these headers; written only when it differs. */
async function rememberMapping(tx: Tx, headers: readonly string[], mapping: ColumnMapping): Promise<void> {
  const key = headerKey(headers);
  await tx
    .insert(importMappings)
    .values({ headerKey: key, mapping })
    .onConflictDoUpdate({
      target: importMappings.headerKey,
      set: { mapping, updatedAt: sql`now()` },
      setWhere: sql`${importMappings.mapping} IS DISTINCT FROM excluded.mapping`,
    });
}

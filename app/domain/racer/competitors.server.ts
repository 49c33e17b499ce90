/** Competitor management (admin only): the list with season totals, save, delete. */
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, raceResults } from "~/db/schema";
import type { CompetitorInput } from "~/lib/racer/competitor-schema";
import { isForeignKeyViolation, isUniqueViolation } from "~/domain/platform/db-errors.server";
import { byCompetitorName } from "~/domain/racer/competitor-order.server";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { erasedRacer, isErased } from "~/domain/racer/erased.server";
import { diffFields } from "~/lib/platform/audit";

export interface AdminCompetitor {
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
  wins: number;
  points: number;
  /** Erased at their request: the list offers no Edit (saveCompetitor refuses it anyway). */
  erased: boolean;
}

/** A racer's wins and points in the all-time standings (the championship's; the route hands them in). */
export interface RacerTotals {
  competitorId: number;
  wins: number;
  points: number;
}

/** Every competitor by last name, with wins and points from the standings (all classes), read meanwhile. */
export function listCompetitors(db: Database, totalsOf: PromiseLike<readonly RacerTotals[]>): Promise<AdminCompetitor[]> {
  return readCompetitors(db, totalsOf);
}

/** Racers a page on the admin's list. */
export const COMPETITORS_PAGE_SIZE = 50;

/**
 * The admin's list a page at a time (by last name, as listCompetitors): 200 racers made one page of
 * 765 KB for a phone to lay out and hydrate. `total` is how many racers there are in all.
 */
export async function competitorsPage(
  db: Database,
  totalsOf: PromiseLike<readonly RacerTotals[]>,
  window: { limit: number; offset: number },
): Promise<{ competitors: AdminCompetitor[]; total: number }> {
  const [list, [counted]] = await Promise.all([
    readCompetitors(db, totalsOf, window),
    db.select({ total: count() }).from(competitors),
  ]);
  return { competitors: list, total: counted?.total ?? 0 };
}

/** A racer's fields as an admin edits them: what the list shows and what a save audits. */
const auditedColumns = {
  firstName: competitors.firstName,
  lastName: competitors.lastName,
  email: competitors.email,
  telephone: competitors.telephone,
  boatName: competitors.boatName,
  boatNumber: competitors.boatNumber,
  boatColour: competitors.boatColour,
  boatClasses: competitors.boatClasses,
};

async function readCompetitors(
  db: Database,
  totalsOf: PromiseLike<readonly RacerTotals[]>,
  window?: { limit: number; offset: number },
): Promise<AdminCompetitor[]> {
  const query = db
    .select({ id: competitors.id, ...auditedColumns, erased: erasedRacer(competitors.id) })
    .from(competitors)
    .orderBy(...byCompetitorName())
    .$dynamic();
  const [rows, table] = await Promise.all([window ? query.limit(window.limit).offset(window.offset) : query, totalsOf]);
  const totals = new Map(table.map((s) => [s.competitorId, s]));
  return rows.map((row) => ({
    ...row,
    name: `${row.firstName} ${row.lastName}`,
    wins: totals.get(row.id)?.wins ?? 0,
    points: totals.get(row.id)?.points ?? 0,
  }));
}

export type SaveCompetitorOutcome =
  { ok: true; id: number; created: boolean } | { ok: false; reason: "duplicate-email" | "not-found" | "erased" };

/** Saves the competitor and its audit entry (the changed fields) in one transaction. */
export async function saveCompetitor(
  db: Database,
  input: CompetitorInput,
  actor: AuditActor = NO_ACTOR,
): Promise<SaveCompetitorOutcome> {
  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    telephone: input.telephone || null,
    boatName: input.boatName || null,
    boatNumber: input.boatNumber,
    boatColour: input.boatColour || null,
    boatClasses: input.boatClasses,
  };
  try {
    return await db.transaction(async (tx) => {
      if (input.id) {
        const [before] = await tx.select(auditedColumns).from(competitors).where(eq(competitors.id, input.id)).for("update");
        if (!before) return { ok: false, reason: "not-found" } as const;
        // Read after the row lock: an erasure that got there first has committed its ledger row.
        if (await isErased(tx, input.id)) return { ok: false, reason: "erased" } as const;
        await tx
          .update(competitors)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(competitors.id, input.id));
        const changes = diffFields(before, values);
        const record = { type: "competitor", id: input.id };
        await recordAudit(tx, { actor, kind: "competitor.update", record, changes });
        return { ok: true, id: input.id, created: false } as const;
      }
      // Added by an admin on the driver's behalf (paper form): consent was given on paper.
      const [row] = await tx
        .insert(competitors)
        .values({ ...values, pipaConsent: true, pipaConsentAt: sql`now()` })
        .returning({ id: competitors.id });
      const record = { type: "competitor", id: row!.id };
      await recordAudit(tx, { actor, kind: "competitor.create", record, changes: diffFields(null, values) });
      return { ok: true, id: row!.id, created: true } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-email" };
    throw error;
  }
}

export type DeleteCompetitorOutcome =
  { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "has-results"; results: number };

export async function deleteCompetitor(db: Database, id: number, actor: AuditActor = NO_ACTOR): Promise<DeleteCompetitorOutcome> {
  const [{ results } = { results: 0 }] = await db
    .select({ results: count() })
    .from(raceResults)
    .where(eq(raceResults.competitorId, id));
  if (results > 0) return { ok: false, reason: "has-results", results };
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.delete(competitors).where(eq(competitors.id, id)).returning(auditedColumns);
      if (!before) return { ok: false, reason: "not-found" } as const;
      const record = { type: "competitor", id };
      await recordAudit(tx, { actor, kind: "competitor.delete", record, changes: diffFields(before, null) });
      return { ok: true } as const;
    });
  } catch (error) {
    // A result saved between the count and the delete: the foreign key (RESTRICT) still refuses.
    if (isForeignKeyViolation(error)) return { ok: false, reason: "has-results", results: 1 };
    throw error;
  }
}

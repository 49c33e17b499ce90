/** Competitor management (admin only): the list with season totals, save, delete. */
import { count, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, raceResults } from "~/db/schema";
import type { CompetitorInput } from "~/lib/admin/admin-schemas";
import { isForeignKeyViolation, isUniqueViolation } from "~/domain/platform/db-errors.server";
import { standings } from "~/domain/races/public-queries.server";
import { byCompetitorName } from "~/domain/racer/competitor-order.server";

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
}

/** Every competitor by last name, with wins and points from the standings query (all classes). */
export async function listCompetitors(db: Database): Promise<AdminCompetitor[]> {
  const [rows, table] = await Promise.all([
    db
      .select({
        id: competitors.id,
        firstName: competitors.firstName,
        lastName: competitors.lastName,
        email: competitors.email,
        telephone: competitors.telephone,
        boatName: competitors.boatName,
        boatNumber: competitors.boatNumber,
        boatColour: competitors.boatColour,
        boatClasses: competitors.boatClasses,
      })
      .from(competitors)
      .orderBy(...byCompetitorName()),
    standings(db),
  ]);
  const totals = new Map(table.map((s) => [s.competitorId, s]));
  return rows.map((row) => ({
    ...row,
    name: `${row.firstName} ${row.lastName}`,
    wins: totals.get(row.id)?.wins ?? 0,
    points: totals.get(row.id)?.points ?? 0,
  }));
}

export type SaveCompetitorOutcome =
  { ok: true; id: number; created: boolean } | { ok: false; reason: "duplicate-email" | "not-found" };

export async function saveCompetitor(db: Database, input: CompetitorInput): Promise<SaveCompetitorOutcome> {
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
    if (input.id) {
      const [row] = await db
        .update(competitors)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(competitors.id, input.id))
        .returning({ id: competitors.id });
      return row ? { ok: true, id: row.id, created: false } : { ok: false, reason: "not-found" };
    }
    // Added by an admin on the driver's behalf (paper form): consent was given on paper.
    const [row] = await db
      .insert(competitors)
      .values({ ...values, pipaConsent: true, pipaConsentAt: sql`now()` })
      .returning({ id: competitors.id });
    return { ok: true, id: row!.id, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate-email" };
    throw error;
  }
}

export type DeleteCompetitorOutcome =
  { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "has-results"; results: number };

export async function deleteCompetitor(db: Database, id: number): Promise<DeleteCompetitorOutcome> {
  const [{ results } = { results: 0 }] = await db
    .select({ results: count() })
    .from(raceResults)
    .where(eq(raceResults.competitorId, id));
  if (results > 0) return { ok: false, reason: "has-results", results };
  try {
    const deleted = await db.delete(competitors).where(eq(competitors.id, id)).returning({ id: competitors.id });
    return deleted.length ? { ok: true } : { ok: false, reason: "not-found" };
  } catch (error) {
    // A result saved between the count and the delete: the foreign key (RESTRICT) still refuses.
    if (isForeignKeyViolation(error)) return { ok: false, reason: "has-results", results: 1 };
    throw error;
  }
}

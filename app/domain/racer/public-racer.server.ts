/**
 * A racer as any public page may show them: never e-mail or telephone, and whether they were
 * erased at their request (decision 0053).
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors } from "~/db/schema";
import { erasedRacer } from "~/domain/racer/erased.server";

export interface PublicCompetitor {
  id: number;
  name: string;
  firstName: string;
  lastName: string;
  boatName: string | null;
  boatNumber: string;
  boatClasses: string[];
}

/** The columns of a racer any page may show: never e-mail or telephone. */
export const publicCompetitorColumns = {
  id: competitors.id,
  firstName: competitors.firstName,
  lastName: competitors.lastName,
  boatName: competitors.boatName,
  boatNumber: competitors.boatNumber,
  boatClasses: competitors.boatClasses,
};

/**
 * A racer by id, and whether they were erased at their request (decision 0053): their pages then
 * answer 410, though their results stay under the anonymous label.
 */
export async function getCompetitor(db: Database, id: number): Promise<(PublicCompetitor & { erased: boolean }) | null> {
  const [row] = await db
    .select({
      ...publicCompetitorColumns,
      erased: erasedRacer(competitors.id),
    })
    .from(competitors)
    .where(eq(competitors.id, id));
  return row ? { ...row, name: `${row.firstName} ${row.lastName}` } : null;
}

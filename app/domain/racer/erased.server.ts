/** Whether a racer was erased at their request (the erasure ledger, decision 0053), for every feature's queries. */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";

/**
 * Whether the racer whose id is `id` (a column, or raw SQL such as sql`c.id`) was erased: their
 * pages answer 410 (Gone), and no list offers them to pick (race entry, head-to-head).
 */
export function erasedRacer(id: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM erasures WHERE erasures.competitor_id = ${id})`;
}

/** Whether the racer was erased: their pages answer 410 (Gone). */
export async function isErased(db: Tx | Database, competitorId: number): Promise<boolean> {
  const { rows } = await db.execute<{ erased: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM erasures WHERE competitor_id = ${competitorId}) AS erased`,
  );
  return rows[0]?.erased ?? false;
}

/**
 * SPEC leaves open how a race's status changes (issue 32): a race with saved results is
 * completed. Both ways of saving results (the results editor and the import) call this inside
 * their own transaction, after writing, so the results archive, the home page and the entry form
 * (which all read the status) follow the results at once. A cancelled race stays cancelled.
 */
import { and, eq, exists, sql } from "drizzle-orm";
import type { Tx } from "~/db/client";
import { raceResults, races } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";

/** Completes an upcoming race that now has results; true when this call changed its status. */
export async function completeRaceWithResults(tx: Tx, raceId: number, actor: AuditActor): Promise<boolean> {
  const completed = await tx
    .update(races)
    .set({ status: "completed" })
    .where(
      and(
        eq(races.id, raceId),
        eq(races.status, "upcoming"),
        exists(
          tx
            .select({ one: sql`1` })
            .from(raceResults)
            .where(eq(raceResults.raceId, raceId)),
        ),
      ),
    )
    .returning({ id: races.id });
  if (completed.length === 0) return false;
  await recordAudit(tx, {
    actor,
    kind: "race.update",
    record: { type: "race", id: raceId },
    changes: diffFields({ status: "upcoming" }, { status: "completed" }),
  });
  return true;
}

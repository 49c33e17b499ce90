/**
 * Race day: the public entry list of a race (and, later, its heats). Only public columns leave this
 * module: boat number, boat name and the driver's name, never e-mail or telephone.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, raceRegistrations, raceResultChanges, raceResults, races } from "~/db/schema";
import { classTabs } from "~/lib/platform/boat-classes";
import { compareBoatNumbers, type ClassEntries } from "~/lib/race-day/race-day";
import { resultsMailedNote } from "~/lib/registration/race-messages";
import { NO_MAIL } from "~/lib/platform/mail-setup";
import { queueResultsUp } from "~/domain/registration/race-messages.server";
import type { ClubSite } from "~/lib/platform/club";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import { officialBlocker } from "~/domain/race-day/results-checks.server";

/** Entrants of a race per class (club classes first), each class ordered by boat number. */
export async function entryList(db: Database, raceId: number): Promise<ClassEntries[]> {
  const rows = await db
    .select({
      boatClass: raceRegistrations.boatClass,
      competitorId: competitors.id,
      boatNumber: competitors.boatNumber,
      boatName: competitors.boatName,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
    })
    .from(raceRegistrations)
    .innerJoin(competitors, eq(competitors.id, raceRegistrations.competitorId))
    .where(eq(raceRegistrations.raceId, raceId))
    .orderBy(asc(raceRegistrations.boatClass), asc(competitors.id));
  const byClass = new Map<string, ClassEntries>();
  for (const row of rows) {
    const entries = byClass.get(row.boatClass) ?? { boatClass: row.boatClass, entrants: [] };
    entries.entrants.push({
      competitorId: row.competitorId,
      boatNumber: row.boatNumber,
      boatName: row.boatName,
      driver: `${row.firstName} ${row.lastName}`,
    });
    byClass.set(row.boatClass, entries);
  }
  const order = classTabs([...byClass.keys()]);
  return [...byClass.values()]
    .sort((a, b) => order.indexOf(a.boatClass) - order.indexOf(b.boatClass))
    .map((c) => ({
      ...c,
      entrants: c.entrants.sort((a, b) => compareBoatNumbers(a.boatNumber, b.boatNumber) || a.competitorId - b.competitorId),
    }));
}

export interface ResultsStatus {
  /** ISO time the results became official; null while provisional. */
  officialAt: string | null;
  /** ISO time a heat's results were last saved; null before the first save. */
  updatedAt: string | null;
  /** Whether any result is saved (entered at the lake or imported, with or without online entries). */
  hasResults: boolean;
  changes: { description: string; changedAt: string }[];
}

export async function resultsStatus(db: Database, raceId: number): Promise<ResultsStatus> {
  const [[race], [anyResult], changes] = await Promise.all([
    db.select({ officialAt: races.resultsOfficialAt, updatedAt: races.resultsUpdatedAt }).from(races).where(eq(races.id, raceId)),
    db.select({ id: raceResults.id }).from(raceResults).where(eq(raceResults.raceId, raceId)).limit(1),
    db
      .select({ description: raceResultChanges.description, changedAt: raceResultChanges.changedAt })
      .from(raceResultChanges)
      // Changes logged while a results check waited are shown with the request they answer.
      .where(and(eq(raceResultChanges.raceId, raceId), eq(raceResultChanges.provisional, false)))
      .orderBy(asc(raceResultChanges.changedAt), asc(raceResultChanges.id)),
  ]);
  return {
    officialAt: race?.officialAt?.toISOString() ?? null,
    updatedAt: race?.updatedAt?.toISOString() ?? null,
    hasResults: anyResult !== undefined,
    changes: changes.map((c) => ({ description: c.description, changedAt: c.changedAt.toISOString() })),
  };
}

export type OfficialOutcome =
  | {
      ok: true;
      message: string;
      /** When the results became official, if they already were (a second click, another admin). */
      alreadySince: Date | null;
    }
  | { ok: false; status: 404 | 409; message: string };

/**
 * Marks a race's results official now. Later changes go to its change log (admin-results.server.ts).
 * Asking again is harmless: the request wanted them official, and they are.
 */
export async function markResultsOfficial(
  db: Database,
  raceId: number,
  club: ClubSite & { mailServer?: boolean; timeZone: string },
  actor: AuditActor = NO_ACTOR,
): Promise<OfficialOutcome> {
  return db.transaction(async (tx) => {
    const [race] = await tx.select({ officialAt: races.resultsOfficialAt }).from(races).where(eq(races.id, raceId)).for("update");
    if (!race) return { ok: false, status: 404, message: "This race no longer exists." } as const;
    if (race.officialAt)
      return { ok: true, message: "The results are already official.", alreadySince: race.officialAt } as const;
    const [any] = await tx.select({ id: raceResults.id }).from(raceResults).where(eq(raceResults.raceId, raceId)).limit(1);
    if (!any) return { ok: false, status: 409, message: "There are no results to mark official yet." } as const;
    // Racers may still ask for a results check, or one waits for its decision (decision 0056).
    const blocked = await officialBlocker(tx, raceId, club.timeZone);
    if (blocked) return { ok: false, status: 409, message: blocked } as const;
    const officialAt = new Date();
    await tx.update(races).set({ resultsOfficialAt: officialAt }).where(eq(races.id, raceId));
    const changes = diffFields({ resultsOfficialAt: null }, { resultsOfficialAt: officialAt });
    await recordAudit(tx, { actor, kind: "results.official", record: { type: "race", id: raceId }, changes });
    // Official results are the ones worth an e-mail: queued with the mark, so never twice.
    const mailed = await queueResultsUp(tx, raceId, club);
    const message = "The results are official. Any later change is kept in the race's change log.";
    if (!mailed) return { ok: true, message, alreadySince: null } as const;
    const note = club.mailServer ? resultsMailedNote(mailed) : NO_MAIL.resultsMailed(mailed);
    return { ok: true, message: `${message} ${note}`, alreadySince: null } as const;
  });
}

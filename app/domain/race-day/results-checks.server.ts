/**
 * Requests for a results check (issue 36 item 3, decision 0056): the protest window before a
 * race's results are official. A racer files one from their entry link while the window is open
 * (results-check-window.ts has the rule); an admin decides it on the race's Heats page, linking an
 * accepted request to the change log entry its correction made (heat-results.server.ts logs the
 * saves made while a request waits); "Mark results official" waits for both. Only the racer's
 * name and the decision leave this module for the public page, never the racer's own words.
 */
import { and, asc, count, eq, gte, isNull, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import {
  competitors,
  raceEntryLinks,
  raceRegistrations,
  raceResultChanges,
  raceResults,
  races,
  resultsCheckRequests,
} from "~/db/schema";
import { hashToken } from "~/domain/platform/tokens.server";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { readResultsCheckMinutes } from "~/domain/race-day/results-check-setting.server";
import { formatClubDateTime } from "~/lib/util/dates";
import { resultsCheckClosesAt, isResultsCheckOpen } from "~/lib/race-day/results-check-window";
import {
  heatChoice,
  heatName,
  officialBlockedMessage,
  RESULTS_CHECK_LIMITS,
  type DecideResultsCheckInput,
  type FileResultsCheckInput,
  type ResultsCheckOutcome,
} from "~/lib/race-day/results-check";

type Reader = Database | Tx;

export interface ResultsCheckWindow {
  /** When requests close; null when no window runs (no save on the race's day, official results, setting 0). */
  closesAt: Date | null;
  open: boolean;
}

async function windowOf(
  db: Reader,
  race: { date: string; updatedAt: Date | null; officialAt: Date | null },
  timeZone: string,
  now: Date,
) {
  if (race.officialAt) return { closesAt: null, open: false };
  const minutes = await readResultsCheckMinutes(db);
  const closesAt = resultsCheckClosesAt({ raceDate: race.date, lastSavedAt: race.updatedAt, minutes, timeZone });
  return { closesAt, open: isResultsCheckOpen(closesAt, now) };
}

const raceColumns = { date: races.date, updatedAt: races.resultsUpdatedAt, officialAt: races.resultsOfficialAt };

/** The race's window now (the race page, the Heats page). */
export async function resultsCheckWindow(
  db: Reader,
  raceId: number,
  timeZone: string,
  now = new Date(),
): Promise<ResultsCheckWindow> {
  const [race] = await db.select(raceColumns).from(races).where(eq(races.id, raceId));
  return race ? windowOf(db, race, timeZone, now) : { closesAt: null, open: false };
}

/** Undecided requests of a race (a results save while one waits is logged: heat-results.server.ts). */
export async function undecidedResultsChecks(db: Reader, raceId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(resultsCheckRequests)
    .where(and(eq(resultsCheckRequests.raceId, raceId), isNull(resultsCheckRequests.outcome)));
  return row?.n ?? 0;
}

/**
 * Why the race's results may not be made official now, or null. Called by markResultsOfficial in
 * its transaction, after it has locked the race (filing locks it too, so neither slips past the other).
 */
export async function officialBlocker(tx: Tx, raceId: number, timeZone: string, now = new Date()): Promise<string | null> {
  const [window, undecided] = await Promise.all([
    resultsCheckWindow(tx, raceId, timeZone, now),
    undecidedResultsChecks(tx, raceId),
  ]);
  const openUntil = window.open ? clubTime(window.closesAt, timeZone) : null;
  return officialBlockedMessage({ openUntil, undecided });
}

function clubTime(at: Date | null, timeZone: string): string | null {
  return at ? formatClubDateTime(at, timeZone).time : null;
}

// --- The racer's side: the entry link -------------------------------------------------------

interface Entrant {
  raceId: number;
  title: string;
  competitorId: number;
  race: { date: string; updatedAt: Date | null; officialAt: Date | null };
}

async function entrantOf(db: Reader, token: string, lock: boolean): Promise<Entrant | null> {
  const query = db
    .select({
      raceId: raceEntryLinks.raceId,
      competitorId: raceEntryLinks.competitorId,
      usedAt: raceEntryLinks.usedAt,
      title: races.title,
      ...raceColumns,
    })
    .from(raceEntryLinks)
    .innerJoin(races, eq(races.id, raceEntryLinks.raceId))
    .where(eq(raceEntryLinks.tokenHash, hashToken(token)));
  // The race row: filing and "Mark results official" serialize on it.
  const [row] = await (lock ? query.for("update", { of: races }) : query);
  // A spent link is a withdrawn entry: nobody left to ask.
  if (!row || row.usedAt) return null;
  const { date, updatedAt, officialAt, ...rest } = row;
  return { ...rest, race: { date, updatedAt, officialAt } };
}

export interface HeatOption {
  value: string;
  label: string;
  boatClass: string;
  heatNumber: number;
}

/**
 * The heats a racer may ask about: every heat with results in a class they entered or raced in
 * (a racer left out of a heat's results must be able to say so); theirs are marked.
 */
async function heatsOf(db: Reader, raceId: number, competitorId: number): Promise<HeatOption[]> {
  const rows = await db.execute<{ boat_class: string; heat_number: number; mine: boolean }>(sql`
    SELECT r.boat_class, r.heat_number, bool_or(r.competitor_id = ${competitorId}) AS mine
      FROM ${raceResults} r
     WHERE r.race_id = ${raceId}
       AND r.boat_class IN (
         SELECT boat_class FROM ${raceRegistrations} WHERE race_id = ${raceId} AND competitor_id = ${competitorId}
         UNION SELECT boat_class FROM ${raceResults} WHERE race_id = ${raceId} AND competitor_id = ${competitorId})
     GROUP BY r.boat_class, r.heat_number
     ORDER BY r.boat_class, r.heat_number`);
  return rows.rows.map((r) => {
    const heat = { boatClass: r.boat_class, heatNumber: Number(r.heat_number) };
    return { ...heat, value: heatChoice(heat), label: `${heatName(heat)}${r.mine ? " (you raced)" : ""}` };
  });
}

async function isEntrant(db: Reader, raceId: number, competitorId: number): Promise<boolean> {
  const [row] = await db
    .execute<{ yes: boolean }>(
      sql`
    SELECT EXISTS (SELECT 1 FROM ${raceRegistrations} WHERE race_id = ${raceId} AND competitor_id = ${competitorId})
        OR EXISTS (SELECT 1 FROM ${raceResults} WHERE race_id = ${raceId} AND competitor_id = ${competitorId}) AS yes`,
    )
    .then((r) => r.rows);
  return row?.yes === true;
}

export interface OwnRequest {
  id: number;
  heat: string;
  problem: string;
  asked: string;
  outcome: ResultsCheckOutcome | null;
  reason: string | null;
  change: string | null;
}

async function ownRequests(db: Reader, raceId: number, competitorId: number): Promise<OwnRequest[]> {
  const rows = await db
    .select({
      id: resultsCheckRequests.id,
      boatClass: resultsCheckRequests.boatClass,
      heatNumber: resultsCheckRequests.heatNumber,
      problem: resultsCheckRequests.problem,
      asked: resultsCheckRequests.asked,
      outcome: resultsCheckRequests.outcome,
      reason: resultsCheckRequests.reason,
      change: raceResultChanges.description,
    })
    .from(resultsCheckRequests)
    .leftJoin(raceResultChanges, eq(raceResultChanges.id, resultsCheckRequests.changeId))
    .where(and(eq(resultsCheckRequests.raceId, raceId), eq(resultsCheckRequests.competitorId, competitorId)))
    .orderBy(asc(resultsCheckRequests.filedAt), asc(resultsCheckRequests.id));
  return rows.map(({ boatClass, heatNumber, change, ...r }) => ({
    ...r,
    heat: heatName({ boatClass, heatNumber }),
    change: change ?? null,
  }));
}

export type ResultsCheckOffer = {
  raceId: number;
  title: string;
  /** "15:40" (club time) while requests are open; null once closed. */
  openUntil: string | null;
  heats: HeatOption[];
  requests: OwnRequest[];
};

/**
 * What the entry link offers: null when the link is unknown or spent, or when no window ever ran
 * and the racer has filed nothing (the entry page then shows no results check at all).
 */
export async function resultsCheckOffer(
  db: Database,
  token: string,
  timeZone: string,
  now = new Date(),
): Promise<ResultsCheckOffer | null> {
  const entrant = await entrantOf(db, token, false);
  if (!entrant || !(await isEntrant(db, entrant.raceId, entrant.competitorId))) return null;
  const [window, heats, requests] = await Promise.all([
    windowOf(db, entrant.race, timeZone, now),
    heatsOf(db, entrant.raceId, entrant.competitorId),
    ownRequests(db, entrant.raceId, entrant.competitorId),
  ]);
  if (!window.open && requests.length === 0) return null;
  return {
    raceId: entrant.raceId,
    title: entrant.title,
    openUntil: window.open ? clubTime(window.closesAt, timeZone) : null,
    heats,
    requests,
  };
}

export type FileOutcome =
  | { kind: "filed"; id: number; heat: string }
  | { kind: "unknown" }
  | { kind: "not-entrant" }
  | { kind: "closed" }
  | { kind: "unknown-heat" }
  | { kind: "too-many-waiting" };

/** Files a request, in one transaction with its audit entry; refused outside the window. */
export async function fileResultsCheck(
  db: Database,
  token: string,
  input: FileResultsCheckInput,
  { timeZone, actor, now = new Date() }: { timeZone: string; actor: AuditActor; now?: Date },
): Promise<FileOutcome> {
  return db.transaction(async (tx) => {
    const entrant = await entrantOf(tx, token, true);
    if (!entrant) return { kind: "unknown" } as const;
    if (!(await isEntrant(tx, entrant.raceId, entrant.competitorId))) return { kind: "not-entrant" } as const;
    if (!(await windowOf(tx, entrant.race, timeZone, now)).open) return { kind: "closed" } as const;
    const heat = (await heatsOf(tx, entrant.raceId, entrant.competitorId)).find((h) => h.value === input.heat);
    if (!heat) return { kind: "unknown-heat" } as const;
    const [waiting] = await tx
      .select({ n: count() })
      .from(resultsCheckRequests)
      .where(
        and(
          eq(resultsCheckRequests.raceId, entrant.raceId),
          eq(resultsCheckRequests.competitorId, entrant.competitorId),
          isNull(resultsCheckRequests.outcome),
        ),
      );
    if ((waiting?.n ?? 0) >= RESULTS_CHECK_LIMITS.waitingPerRacer) return { kind: "too-many-waiting" } as const;
    const [row] = await tx
      .insert(resultsCheckRequests)
      .values({
        raceId: entrant.raceId,
        competitorId: entrant.competitorId,
        boatClass: heat.boatClass,
        heatNumber: heat.heatNumber,
        problem: input.problem,
        asked: input.asked,
      })
      .returning({ id: resultsCheckRequests.id });
    const name = heatName(heat);
    // The racer's own words stay in the request (and go with an erasure); the log says which and who.
    await recordAudit(tx, {
      actor,
      kind: "results-check.file",
      record: { type: "race", id: entrant.raceId },
      changes: { request: { before: null, after: `${name}, competitor ${entrant.competitorId} (request ${row!.id})` } },
    });
    return { kind: "filed", id: row!.id, heat: name } as const;
  });
}

// --- The public race page and the admin's Heats page ------------------------------------------

export interface PublicResultsCheck {
  id: number;
  name: string;
  heat: string;
  outcome: ResultsCheckOutcome | null;
  reason: string | null;
  change: string | null;
}

/** The race page's lines: the racer's name, the heat and the decision. Nothing the racer wrote, no contact data. */
export async function publicResultsChecks(db: Reader, raceId: number): Promise<PublicResultsCheck[]> {
  const rows = await db
    .select({
      id: resultsCheckRequests.id,
      name: sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}`,
      boatClass: resultsCheckRequests.boatClass,
      heatNumber: resultsCheckRequests.heatNumber,
      outcome: resultsCheckRequests.outcome,
      reason: resultsCheckRequests.reason,
      change: raceResultChanges.description,
    })
    .from(resultsCheckRequests)
    .innerJoin(competitors, eq(competitors.id, resultsCheckRequests.competitorId))
    .leftJoin(raceResultChanges, eq(raceResultChanges.id, resultsCheckRequests.changeId))
    .where(eq(resultsCheckRequests.raceId, raceId))
    .orderBy(asc(resultsCheckRequests.filedAt), asc(resultsCheckRequests.id));
  return rows.map(({ boatClass, heatNumber, change, ...r }) => ({
    ...r,
    heat: heatName({ boatClass, heatNumber }),
    change: change ?? null,
  }));
}

export interface AdminResultsCheck extends PublicResultsCheck {
  problem: string;
  asked: string;
  filedAt: Date;
}

export interface LoggedChange {
  id: number;
  description: string;
  changedAt: Date;
}

/** The Heats page: every request with the racer's words, and the change log entries a decision may name. */
export async function adminResultsChecks(
  db: Database,
  raceId: number,
): Promise<{ requests: AdminResultsCheck[]; changes: LoggedChange[] }> {
  const [shown, words] = await Promise.all([
    publicResultsChecks(db, raceId),
    db
      .select({
        id: resultsCheckRequests.id,
        problem: resultsCheckRequests.problem,
        asked: resultsCheckRequests.asked,
        filedAt: resultsCheckRequests.filedAt,
      })
      .from(resultsCheckRequests)
      .where(eq(resultsCheckRequests.raceId, raceId)),
  ]);
  const byId = new Map(words.map((w) => [w.id, w]));
  const requests = shown.map((r) => ({ ...r, ...byId.get(r.id)! }));
  const first = requests
    .filter((r) => r.outcome === null)
    .reduce<Date | null>((min, r) => (!min || r.filedAt < min ? r.filedAt : min), null);
  const changes = first
    ? await db
        .select({ id: raceResultChanges.id, description: raceResultChanges.description, changedAt: raceResultChanges.changedAt })
        .from(raceResultChanges)
        .where(and(eq(raceResultChanges.raceId, raceId), gte(raceResultChanges.changedAt, first)))
        .orderBy(asc(raceResultChanges.changedAt), asc(raceResultChanges.id))
    : [];
  return { requests, changes };
}

export type DecideOutcome = { ok: true; message: string } | { ok: false; status: 404 | 409 | 400; message: string };

/** An admin's decision, with its reason (and, accepted, the change it made), audited in the same transaction. */
export async function decideResultsCheck(
  db: Database,
  raceId: number,
  input: DecideResultsCheckInput,
  actor: AuditActor,
): Promise<DecideOutcome> {
  return db.transaction(async (tx) => {
    const [race] = await tx.select({ id: races.id }).from(races).where(eq(races.id, raceId)).for("update");
    if (!race) return { ok: false, status: 404, message: "This race no longer exists." } as const;
    const [request] = await tx
      .select({
        id: resultsCheckRequests.id,
        outcome: resultsCheckRequests.outcome,
        filedAt: resultsCheckRequests.filedAt,
        boatClass: resultsCheckRequests.boatClass,
        heatNumber: resultsCheckRequests.heatNumber,
      })
      .from(resultsCheckRequests)
      .where(and(eq(resultsCheckRequests.id, input.requestId), eq(resultsCheckRequests.raceId, raceId)))
      .for("update");
    if (!request) return { ok: false, status: 404, message: "This request no longer exists." } as const;
    if (request.outcome) return { ok: false, status: 409, message: `This request was already ${request.outcome}.` } as const;
    let changeId: number | null = null;
    if (input.outcome === "accepted") {
      const [change] = await tx
        .select({ id: raceResultChanges.id })
        .from(raceResultChanges)
        .where(
          and(
            eq(raceResultChanges.id, input.changeId!),
            eq(raceResultChanges.raceId, raceId),
            gte(raceResultChanges.changedAt, request.filedAt),
          ),
        );
      if (!change) {
        return {
          ok: false,
          status: 400,
          message: "Please choose a change to this race's results made after the request was filed.",
        } as const;
      }
      changeId = change.id;
    }
    await tx
      .update(resultsCheckRequests)
      .set({ outcome: input.outcome, reason: input.reason, changeId, decidedBy: actor.adminId, decidedAt: sql`now()` })
      .where(eq(resultsCheckRequests.id, request.id));
    await recordAudit(tx, {
      actor,
      kind: "results-check.decide",
      record: { type: "race", id: raceId },
      changes: {
        [`request ${request.id} (${heatName(request)})`]: { before: null, after: input.outcome },
        reason: { before: null, after: input.reason },
        ...(changeId ? { change: { before: null, after: changeId } } : {}),
      },
    });
    return { ok: true, message: `The request about ${heatName(request)} is ${input.outcome}.` } as const;
  });
}

/** The Heats page's section, its times formatted in the club's time zone (admin screens load no date library). */
export async function resultsChecksForAdmin(db: Database, raceId: number, timeZone: string) {
  const [window, { requests, changes }] = await Promise.all([
    resultsCheckWindow(db, raceId, timeZone),
    adminResultsChecks(db, raceId),
  ]);
  return {
    openUntil: window.open ? clubTime(window.closesAt, timeZone) : null,
    requests: requests.map(({ filedAt, ...r }) => ({
      ...r,
      filed: clubTime(filedAt, timeZone)!,
      filedAt: filedAt.toISOString(),
    })),
    changes: changes.map((c) => ({
      id: c.id,
      label: `${clubTime(c.changedAt, timeZone)} ${c.description}`.slice(0, 300),
      at: c.changedAt.toISOString(),
    })),
  };
}

/** The race page's section: until when racers may file (club time), and every request's public line. */
export async function raceResultsChecks(db: Database, raceId: number, timeZone: string) {
  const [window, list] = await Promise.all([resultsCheckWindow(db, raceId, timeZone), publicResultsChecks(db, raceId)]);
  return { openUntil: window.open ? clubTime(window.closesAt, timeZone) : null, list };
}

/**
 * The duty roster (issue 36 item 2, decision 0058): a race's duties (copied from the club's default
 * list the first time the roster is needed, then edited by an admin), and who is on each. A place
 * is filled in a transaction that locks its duty's row and counts: two people after the last
 * place wait for each other, and the second is told it was taken. A racer holds one duty per race
 * (a unique key), whoever fills it. Every change is audited with ids only (an erasure leaves no name).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { competitors, dutyPlaces, raceDuties, raceEntryLinks, raceRosters, races } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { isUniqueViolation } from "~/domain/platform/db-errors.server";
import { hashToken } from "~/domain/platform/tokens.server";
import { erasedRacer } from "~/domain/racer/erased.server";
import { byCompetitorName } from "~/domain/racer/competitor-order.server";
import { readDefaultDuties } from "~/domain/race-day/duty-settings.server";
import { DUTY_LIMITS, DUTY_WARN_DAYS, type DutyDefinition } from "~/lib/race-day/duties";

type Reader = Database | Tx;

export interface RosterPerson {
  competitorId: number;
  name: string;
}

export interface RosterDuty {
  id: number;
  name: string;
  places: number;
  people: RosterPerson[];
}

/** The race's duties with who is on each, in the roster's order; null when the race has no roster yet. */
export async function raceRoster(db: Reader, raceId: number): Promise<RosterDuty[] | null> {
  const [made] = await db.select({ raceId: raceRosters.raceId }).from(raceRosters).where(eq(raceRosters.raceId, raceId));
  if (!made) return null;
  const duties = await db
    .select({ id: raceDuties.id, name: raceDuties.name, places: raceDuties.places })
    .from(raceDuties)
    .where(eq(raceDuties.raceId, raceId))
    .orderBy(asc(raceDuties.position), asc(raceDuties.id));
  const people = await db
    .select({
      dutyId: dutyPlaces.dutyId,
      competitorId: dutyPlaces.competitorId,
      name: sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}`,
    })
    .from(dutyPlaces)
    .innerJoin(competitors, eq(competitors.id, dutyPlaces.competitorId))
    .where(eq(dutyPlaces.raceId, raceId))
    .orderBy(asc(dutyPlaces.takenAt));
  return duties.map((d) => ({
    ...d,
    people: people.filter((p) => p.dutyId === d.id).map(({ competitorId, name }) => ({ competitorId, name })),
  }));
}

/** Makes the race's roster from the club's default list, once: a roster an admin emptied stays empty. */
async function ensureRoster(tx: Tx, raceId: number): Promise<void> {
  const [made] = await tx.insert(raceRosters).values({ raceId }).onConflictDoNothing().returning({ raceId: raceRosters.raceId });
  if (!made) return;
  const defaults = await readDefaultDuties(tx);
  if (defaults.length === 0) return;
  await tx.insert(raceDuties).values(defaults.map((d, position) => ({ raceId, name: d.name, places: d.places, position })));
}

/** The duty a racer holds at a race, if any. */
async function dutyOf(db: Reader, raceId: number, competitorId: number) {
  const [row] = await db
    .select({ dutyId: dutyPlaces.dutyId, name: raceDuties.name })
    .from(dutyPlaces)
    .innerJoin(raceDuties, eq(raceDuties.id, dutyPlaces.dutyId))
    .where(and(eq(dutyPlaces.raceId, raceId), eq(dutyPlaces.competitorId, competitorId)));
  return row ?? null;
}

export type TakeOutcome =
  { kind: "taken"; duty: string } | { kind: "full"; duty: string } | { kind: "already"; duty: string } | { kind: "unknown-duty" };

/**
 * Puts a racer on a duty of the race, in the caller's transaction: the duty's row is locked, its
 * people counted; a racer already on a duty at this race is told which.
 */
export async function takePlace(
  tx: Tx,
  place: { raceId: number; dutyId: number; competitorId: number; via: "link" | "admin" | "swap" },
  actor: AuditActor,
): Promise<TakeOutcome> {
  const [duty] = await tx
    .select({ name: raceDuties.name, places: raceDuties.places })
    .from(raceDuties)
    .where(and(eq(raceDuties.id, place.dutyId), eq(raceDuties.raceId, place.raceId)))
    .for("update");
  if (!duty) return { kind: "unknown-duty" };
  const held = await dutyOf(tx, place.raceId, place.competitorId);
  if (held) return { kind: "already", duty: held.name };
  const [{ n } = { n: 0 }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(dutyPlaces)
    .where(eq(dutyPlaces.dutyId, place.dutyId));
  if (n >= duty.places) return { kind: "full", duty: duty.name };
  await tx.insert(dutyPlaces).values({
    dutyId: place.dutyId,
    raceId: place.raceId,
    competitorId: place.competitorId,
    takenVia: place.via,
  });
  await recordAudit(tx, {
    actor,
    kind: "duty.take",
    record: { type: "race", id: place.raceId },
    changes: { [`duty ${place.dutyId}`]: { before: null, after: `competitor ${place.competitorId} (${place.via})` } },
  });
  return { kind: "taken", duty: duty.name };
}

/** Takes a racer off a duty; the duty's name, or null when they were not on it. Pending swaps of that place end with it. */
async function leavePlace(tx: Tx, raceId: number, dutyId: number, competitorId: number, actor: AuditActor) {
  const [left] = await tx
    .delete(dutyPlaces)
    .where(and(eq(dutyPlaces.raceId, raceId), eq(dutyPlaces.dutyId, dutyId), eq(dutyPlaces.competitorId, competitorId)))
    .returning({ dutyId: dutyPlaces.dutyId });
  if (!left) return null;
  await tx.execute(sql`
    UPDATE duty_swaps SET answer = 'replaced', answered_at = now()
     WHERE duty_id = ${dutyId} AND asker_id = ${competitorId} AND answer IS NULL`);
  await recordAudit(tx, {
    actor,
    kind: "duty.leave",
    record: { type: "race", id: raceId },
    changes: { [`duty ${dutyId}`]: { before: `competitor ${competitorId}`, after: null } },
  });
  const [duty] = await tx.select({ name: raceDuties.name }).from(raceDuties).where(eq(raceDuties.id, dutyId));
  return duty?.name ?? "";
}

// --- The admin's roster ------------------------------------------------------------------------

/** A refused change, thrown to roll back its transaction (and the roster's first copy with it). */
class Refused<T> extends Error {
  constructor(readonly outcome: T) {
    super("refused");
  }
}

/**
 * An admin's change to the race's roster, by duty name, in one transaction that first makes the
 * roster from the default list if need be. A refusal rolls everything back: a refused change (and
 * the page's GET, which only reads) leaves the database as it was.
 */
async function onRoster<T extends { kind: string }>(
  db: Database,
  raceId: number,
  done: T["kind"],
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await ensureRoster(tx, raceId);
      const outcome = await change(tx);
      if (outcome.kind !== done) throw new Refused(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome as T;
    throw error;
  }
}

/** The duty of this race called `name`, its row locked. */
async function dutyNamed(tx: Tx, raceId: number, name: string) {
  const [duty] = await tx
    .select({ id: raceDuties.id, name: raceDuties.name, places: raceDuties.places })
    .from(raceDuties)
    .where(and(eq(raceDuties.raceId, raceId), eq(raceDuties.name, name)))
    .for("update");
  return duty ?? null;
}

export async function assignDuty(db: Database, raceId: number, dutyName: string, competitorId: number, actor: AuditActor) {
  try {
    return await onRoster<TakeOutcome>(db, raceId, "taken", async (tx) => {
      const duty = await dutyNamed(tx, raceId, dutyName);
      if (!duty) return { kind: "unknown-duty" };
      return takePlace(tx, { raceId, dutyId: duty.id, competitorId, via: "admin" }, actor);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { kind: "already", duty: (await dutyOf(db, raceId, competitorId))?.name ?? "" } as const;
  }
}

export type RemoveOutcome = { kind: "left"; duty: string } | { kind: "not-on-duty" };

export function removeFromDuty(db: Database, raceId: number, dutyName: string, competitorId: number, actor: AuditActor) {
  return onRoster<RemoveOutcome>(db, raceId, "left", async (tx) => {
    const duty = await dutyNamed(tx, raceId, dutyName);
    const left = duty && (await leavePlace(tx, raceId, duty.id, competitorId, actor));
    return left === null ? { kind: "not-on-duty" } : { kind: "left", duty: left };
  });
}

export type RosterEditOutcome =
  | { kind: "done"; duty: string }
  | { kind: "unknown-duty" }
  | { kind: "same-name"; duty: string }
  | { kind: "too-many" }
  | { kind: "too-few"; duty: string; people: number }
  | { kind: "not-empty"; duty: string };

async function auditRoster(tx: Tx, raceId: number, actor: AuditActor, before: string | null, after: string | null) {
  await recordAudit(tx, {
    actor,
    kind: "duty.roster",
    record: { type: "race", id: raceId },
    changes: { duty: { before, after } },
  });
}

const peopleOn = async (tx: Tx, dutyId: number) =>
  (
    await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(dutyPlaces)
      .where(eq(dutyPlaces.dutyId, dutyId))
  )[0]?.n ?? 0;

export function addDuty(db: Database, raceId: number, duty: DutyDefinition, actor: AuditActor): Promise<RosterEditOutcome> {
  return onRoster<RosterEditOutcome>(db, raceId, "done", async (tx) => {
    // The race's row orders two admins adding at once.
    await tx.select({ id: races.id }).from(races).where(eq(races.id, raceId)).for("update");
    const existing = await tx.select({ name: raceDuties.name }).from(raceDuties).where(eq(raceDuties.raceId, raceId));
    if (existing.some((d) => d.name.toLowerCase() === duty.name.toLowerCase())) return { kind: "same-name", duty: duty.name };
    if (existing.length >= DUTY_LIMITS.maxDuties) return { kind: "too-many" };
    await tx.insert(raceDuties).values({ raceId, name: duty.name, places: duty.places, position: existing.length });
    await auditRoster(tx, raceId, actor, null, `${duty.name} ${duty.places}`);
    return { kind: "done", duty: duty.name };
  });
}

/** A new number of people; never below the people on it now. */
export function changeDutyPlaces(
  db: Database,
  raceId: number,
  dutyName: string,
  places: number,
  actor: AuditActor,
): Promise<RosterEditOutcome> {
  return onRoster<RosterEditOutcome>(db, raceId, "done", async (tx) => {
    const duty = await dutyNamed(tx, raceId, dutyName);
    if (!duty) return { kind: "unknown-duty" };
    const n = await peopleOn(tx, duty.id);
    if (places < n) return { kind: "too-few", duty: duty.name, people: n };
    if (places !== duty.places) {
      await tx.update(raceDuties).set({ places }).where(eq(raceDuties.id, duty.id));
      await auditRoster(tx, raceId, actor, `${duty.name} ${duty.places}`, `${duty.name} ${places}`);
    }
    return { kind: "done", duty: duty.name };
  });
}

/** Removes a duty nobody is on. */
export function removeDuty(db: Database, raceId: number, dutyName: string, actor: AuditActor): Promise<RosterEditOutcome> {
  return onRoster<RosterEditOutcome>(db, raceId, "done", async (tx) => {
    const duty = await dutyNamed(tx, raceId, dutyName);
    if (!duty) return { kind: "unknown-duty" };
    if ((await peopleOn(tx, duty.id)) > 0) return { kind: "not-empty", duty: duty.name };
    await tx.delete(raceDuties).where(eq(raceDuties.id, duty.id));
    await auditRoster(tx, raceId, actor, `${duty.name} ${duty.places}`, null);
    return { kind: "done", duty: duty.name };
  });
}

/** The admin's racer picker (the results editor's: name and boat number), without erased racers. */
export async function rosterRacerOptions(db: Database): Promise<{ id: number; label: string }[]> {
  const rows = await db
    .select({ id: competitors.id, first: competitors.firstName, last: competitors.lastName, number: competitors.boatNumber })
    .from(competitors)
    .where(sql`NOT ${erasedRacer(competitors.id)}`)
    .orderBy(...byCompetitorName());
  return rows.map((r) => ({ id: r.id, label: `${r.first} ${r.last}${r.number ? ` #${r.number}` : ""}` }));
}

// --- The racer's side: the entry link ------------------------------------------------------------

export interface LinkRacer {
  raceId: number;
  competitorId: number;
  title: string;
  date: string;
  location: string;
  name: string;
  firstName: string;
}

/**
 * The entrant behind an entry link while the race's roster is open to them: the link not spent,
 * the race upcoming and not past, and the racer still entered.
 */
export async function linkRacer(db: Reader, token: string, today: string): Promise<LinkRacer | null> {
  const [row] = await db
    .select({
      raceId: raceEntryLinks.raceId,
      competitorId: raceEntryLinks.competitorId,
      title: races.title,
      date: races.date,
      location: races.location,
      firstName: competitors.firstName,
      name: sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}`,
    })
    .from(raceEntryLinks)
    .innerJoin(races, eq(races.id, raceEntryLinks.raceId))
    .innerJoin(competitors, eq(competitors.id, raceEntryLinks.competitorId))
    .where(
      and(
        eq(raceEntryLinks.tokenHash, hashToken(token)),
        sql`${raceEntryLinks.usedAt} IS NULL`,
        eq(races.status, "upcoming"),
        sql`${races.date} >= ${today}::date`,
        sql`EXISTS (SELECT 1 FROM race_registrations g WHERE g.race_id = ${raceEntryLinks.raceId} AND g.competitor_id = ${raceEntryLinks.competitorId})`,
      ),
    );
  return row ?? null;
}

/** The race's roster as it is, or, before it is first needed, the club's default list with nobody on it. Reads only. */
export async function rosterOrDefault(db: Database, raceId: number): Promise<RosterDuty[]> {
  const roster = await raceRoster(db, raceId);
  if (roster) return roster;
  return (await readDefaultDuties(db)).map((d, i) => ({ id: -(i + 1), name: d.name, places: d.places, people: [] }));
}

export interface LinkDuties {
  racer: LinkRacer;
  roster: RosterDuty[];
  /** The duty this racer holds. */
  mine: string | null;
  free: number;
  /** Giving a duty up is for before race day; on the day, a swap. */
  mayWithdraw: boolean;
}

/** What the entry link shows of the roster. Reads only (mail scanners open links): the roster is made by the first volunteer. */
export async function linkDuties(db: Database, token: string, today: string): Promise<LinkDuties | null> {
  const racer = await linkRacer(db, token, today);
  if (!racer) return null;
  const roster = await rosterOrDefault(db, racer.raceId);
  const mine = roster.find((d) => d.people.some((p) => p.competitorId === racer.competitorId));
  return {
    racer,
    roster,
    mine: mine?.name ?? null,
    free: roster.reduce((sum, d) => sum + Math.max(0, d.places - d.people.length), 0),
    mayWithdraw: racer.date > today,
  };
}

/** The entry link page's line about duties; null when the race needs none or the roster is closed to this link. */
export async function linkDutySummary(db: Database, token: string, today: string) {
  const view = await linkDuties(db, token, today);
  return view && view.roster.length > 0 ? { mine: view.mine, free: view.free } : null;
}

export type LinkTakeOutcome = TakeOutcome | { kind: "closed" };

/** A racer takes a free place of the duty called `duty` (by name: the roster may not be made yet). */
export async function volunteerByLink(
  db: Database,
  token: string,
  duty: string,
  today: string,
  actor: AuditActor,
): Promise<LinkTakeOutcome> {
  const racer = await linkRacer(db, token, today);
  if (!racer) return { kind: "closed" };
  try {
    return await db.transaction(async (tx) => {
      await ensureRoster(tx, racer.raceId);
      const [found] = await tx
        .select({ id: raceDuties.id })
        .from(raceDuties)
        .where(and(eq(raceDuties.raceId, racer.raceId), eq(raceDuties.name, duty)));
      if (!found) return { kind: "unknown-duty" } as const;
      return takePlace(tx, { raceId: racer.raceId, dutyId: found.id, competitorId: racer.competitorId, via: "link" }, actor);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const held = await dutyOf(db, racer.raceId, racer.competitorId);
    return { kind: "already", duty: held?.name ?? "" };
  }
}

export type LinkLeaveOutcome =
  { kind: "left"; duty: string } | { kind: "closed" } | { kind: "race-day" } | { kind: "not-on-duty" };

export async function withdrawByLink(db: Database, token: string, today: string, actor: AuditActor): Promise<LinkLeaveOutcome> {
  const racer = await linkRacer(db, token, today);
  if (!racer) return { kind: "closed" };
  if (racer.date <= today) return { kind: "race-day" };
  return db.transaction(async (tx) => {
    const held = await dutyOf(tx, racer.raceId, racer.competitorId);
    if (!held) return { kind: "not-on-duty" } as const;
    const duty = await leavePlace(tx, racer.raceId, held.dutyId, racer.competitorId, actor);
    return duty === null ? ({ kind: "not-on-duty" } as const) : ({ kind: "left", duty } as const);
  });
}

// --- The admin overview ------------------------------------------------------------------------

export interface UnfilledRace {
  id: number;
  title: string;
  date: string;
  free: number;
}

/**
 * Races within DUTY_WARN_DAYS with a free duty place: by their roster, or, before it is made, by
 * the club's default list (nobody is on those duties yet).
 */
export async function racesWithFreeDuties(db: Database, today: string): Promise<UnfilledRace[]> {
  const defaults = (await readDefaultDuties(db)).reduce((sum, d) => sum + d.places, 0);
  const { rows } = await db.execute<{ id: number; title: string; date: string; free: number }>(sql`
    SELECT r.id, r.title, r.date::text AS date,
           CASE WHEN EXISTS (SELECT 1 FROM race_rosters o WHERE o.race_id = r.id)
                THEN (SELECT coalesce(sum(d.places - (SELECT count(*) FROM duty_places p WHERE p.duty_id = d.id)), 0)
                        FROM race_duties d WHERE d.race_id = r.id)::int
                ELSE ${defaults}::int END AS free
      FROM races r
     WHERE r.status = 'upcoming' AND r.date BETWEEN ${today}::date AND ${today}::date + ${DUTY_WARN_DAYS}::int
     ORDER BY r.date, r.id`);
  return rows.filter((r) => r.free > 0);
}

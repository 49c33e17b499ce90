/**
 * Heat draws of a race: stored in `heats` and `heat_entries`, written in transactions
 * that lock the race row, so two admins drawing at once cannot interleave. A class's draw can be
 * redrawn until it is locked or its first result is saved; boats can be moved until it is locked.
 */
import { and, asc, count, eq, max, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { competitors, heatEntries, heats, raceRegistrations, raceResults, races } from "~/db/schema";
import { classTabs } from "~/lib/platform/boat-classes";
import { drawHeats, newSeed, seedHeats, type DrawMethod } from "~/lib/race-day/heat-draw";
import { countOf } from "~/lib/util/plural";
import { compareBoatNumbers, type Entrant } from "~/lib/race-day/race-day";
import { standings } from "~/domain/championship/all-time-standings.server";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import { splitByCheckIn } from "~/domain/race-day/check-in.server";

export interface HeatView {
  heatNumber: number;
  boats: Entrant[];
}

export interface ClassDraw {
  boatClass: string;
  method: DrawMethod | null;
  seed: number | null;
  locked: boolean;
  hasResults: boolean;
  heats: HeatView[];
  /** Entered for the class but in no heat (entered after the draw). */
  unplaced: Entrant[];
}

const driver = sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}`;

/** Every class with entrants or heats at this race, club classes first. Only public columns. */
export async function raceHeats(db: Database, raceId: number): Promise<ClassDraw[]> {
  const [heatRows, entryRows, registered, resultClasses] = await Promise.all([
    db
      .select({
        boatClass: heats.boatClass,
        heatNumber: heats.heatNumber,
        method: heats.method,
        seed: heats.seed,
        locked: heats.locked,
      })
      .from(heats)
      .where(eq(heats.raceId, raceId))
      .orderBy(asc(heats.boatClass), asc(heats.heatNumber)),
    db
      .select({
        boatClass: heatEntries.boatClass,
        heatNumber: heats.heatNumber,
        competitorId: competitors.id,
        boatNumber: competitors.boatNumber,
        boatName: competitors.boatName,
        driver,
      })
      .from(heatEntries)
      .innerJoin(heats, eq(heats.id, heatEntries.heatId))
      .innerJoin(competitors, eq(competitors.id, heatEntries.competitorId))
      .where(eq(heatEntries.raceId, raceId))
      .orderBy(asc(heatEntries.slot)),
    db
      .select({
        boatClass: raceRegistrations.boatClass,
        competitorId: competitors.id,
        boatNumber: competitors.boatNumber,
        boatName: competitors.boatName,
        driver,
      })
      .from(raceRegistrations)
      .innerJoin(competitors, eq(competitors.id, raceRegistrations.competitorId))
      .where(eq(raceRegistrations.raceId, raceId)),
    db.selectDistinct({ boatClass: raceResults.boatClass }).from(raceResults).where(eq(raceResults.raceId, raceId)),
  ]);
  const names = new Set([...heatRows.map((h) => h.boatClass), ...registered.map((r) => r.boatClass)]);
  const withResults = new Set(resultClasses.map((r) => r.boatClass));
  return classTabs([...names])
    .filter((c) => names.has(c))
    .map((boatClass) => {
      const own = heatRows.filter((h) => h.boatClass === boatClass);
      const placed = entryRows.filter((e) => e.boatClass === boatClass);
      const inHeat = new Set(placed.map((e) => e.competitorId));
      const entrant = ({ competitorId, boatNumber, boatName, driver }: Entrant) => ({
        competitorId,
        boatNumber,
        boatName,
        driver,
      });
      return {
        boatClass,
        method: own[0]?.method ?? null,
        seed: own[0]?.seed ?? null,
        locked: own.some((h) => h.locked),
        hasResults: withResults.has(boatClass),
        heats: own.map((h) => ({
          heatNumber: h.heatNumber,
          boats: placed.filter((e) => e.heatNumber === h.heatNumber).map(entrant),
        })),
        unplaced: registered
          .filter((r) => r.boatClass === boatClass && !inHeat.has(r.competitorId))
          .map(entrant)
          .sort((a, b) => compareBoatNumbers(a.boatNumber, b.boatNumber)),
      };
    });
}

export type HeatOutcome = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

async function lockRace(tx: Tx, raceId: number) {
  const [race] = await tx
    .select({ id: races.id, heatSize: races.heatSize })
    .from(races)
    .where(eq(races.id, raceId))
    .for("update");
  return race ?? null;
}

async function classLocked(tx: Tx, raceId: number, boatClass: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(heats)
    .where(and(eq(heats.raceId, raceId), eq(heats.boatClass, boatClass), eq(heats.locked, true)));
  return row!.n > 0;
}

const RACE_GONE = { ok: false, status: 404, message: "This race no longer exists." } as const;
const LOCKED = (boatClass: string) => ({ ok: false, status: 409, message: `The ${boatClass} draw is locked.` }) as const;

// eslint-disable-next-line max-lines-per-function -- one transaction: lock, read the entries and check-ins, draw, write, audit, in that order
export async function drawClass(
  db: Database,
  input: { raceId: number; boatClass: string; method: DrawMethod; heatSize: number; seed?: number; checkedInOnly?: boolean },
  actor: AuditActor = NO_ACTOR,
): Promise<HeatOutcome> {
  // Standings are read before the transaction: they do not change because of a draw.
  const ranked = input.method === "standings" ? (await standings(db, input.boatClass)).map((s) => s.competitorId) : [];
  // eslint-disable-next-line max-lines-per-function -- the draw's one transaction, step by step
  return db.transaction(async (tx) => {
    if (!(await lockRace(tx, input.raceId))) return RACE_GONE;
    if (await classLocked(tx, input.raceId, input.boatClass)) return LOCKED(input.boatClass);
    const [results] = await tx
      .select({ n: count() })
      .from(raceResults)
      .where(and(eq(raceResults.raceId, input.raceId), eq(raceResults.boatClass, input.boatClass)));
    if (results!.n > 0) {
      return {
        ok: false,
        status: 409,
        message: `${input.boatClass} results are already saved, so its heats cannot be drawn again.`,
      } as const;
    }
    let entrants = (
      await tx
        .select({ id: raceRegistrations.competitorId })
        .from(raceRegistrations)
        .where(and(eq(raceRegistrations.raceId, input.raceId), eq(raceRegistrations.boatClass, input.boatClass)))
    ).map((r) => r.id);
    if (entrants.length === 0) return { ok: false, status: 409, message: `Nobody has entered ${input.boatClass} yet.` } as const;
    // Race day (issue 36 item 1): the boats at the lake only; the others can join as late arrivals.
    let leftOut: string[] = [];
    if (input.checkedInOnly) {
      ({ kept: entrants, leftOut } = await splitByCheckIn(tx, input.raceId, entrants));
      if (entrants.length === 0)
        return { ok: false, status: 409, message: `No ${input.boatClass} boat is checked in yet.` } as const;
    }

    let seed: number | null = null;
    let groups: number[][];
    if (input.method === "random") {
      seed = input.seed ?? newSeed();
      groups = drawHeats(entrants, input.heatSize, seed);
    } else {
      const rank = new Map(ranked.map((id, i) => [id, i]));
      const order = [...entrants].sort((a, b) => (rank.get(a) ?? Infinity) - (rank.get(b) ?? Infinity) || a - b);
      groups = seedHeats(order, input.heatSize);
    }

    const previous = await drawnHeats(tx, input.raceId, input.boatClass);
    await tx.delete(heats).where(and(eq(heats.raceId, input.raceId), eq(heats.boatClass, input.boatClass)));
    const created = await tx
      .insert(heats)
      .values(
        groups.map((_, i) => ({
          raceId: input.raceId,
          boatClass: input.boatClass,
          heatNumber: i + 1,
          method: input.method,
          seed,
        })),
      )
      .returning({ id: heats.id, heatNumber: heats.heatNumber });
    await tx.insert(heatEntries).values(
      created.flatMap((heat) =>
        groups[heat.heatNumber - 1]!.map((competitorId, slot) => ({
          heatId: heat.id,
          raceId: input.raceId,
          boatClass: input.boatClass,
          competitorId,
          slot: slot + 1,
        })),
      ),
    );
    await tx.update(races).set({ heatSize: input.heatSize }).where(eq(races.id, input.raceId));
    const field = `${input.boatClass} heats`;
    await recordAudit(tx, {
      actor,
      kind: "heats.draw",
      record: { type: "race", id: input.raceId },
      changes: {
        ...diffFields({ [field]: previous.length ? previous : null }, { [field]: groups }),
        ...diffFields({ method: null, seed: null }, { method: input.method, seed }),
        ...(input.checkedInOnly ? diffFields({ "left out, not checked in": null }, { "left out, not checked in": leftOut }) : {}),
      },
    });
    const how = seed === null ? "seeded by the standings" : `seed ${seed}`;
    return {
      ok: true,
      message: `${input.boatClass}: ${countOf(groups.length, "heat")} drawn (${how}).${
        leftOut.length > 0 ? ` Left out, not checked in: ${leftOut.join(", ")}.` : ""
      }`,
    } as const;
  });
}

// eslint-disable-next-line max-lines-per-function -- one transaction: lock, check the heat and the late arrival, move, audit, in that order
export async function moveBoat(
  db: Database,
  input: { raceId: number; boatClass: string; competitorId: number; heatNumber: number; late?: boolean },
  actor: AuditActor = NO_ACTOR,
): Promise<HeatOutcome> {
  return db.transaction(async (tx) => {
    const race = await lockRace(tx, input.raceId);
    if (!race) return RACE_GONE;
    // A late arrival (a boat in no heat) joins a heat until the class's first result, even in a
    // locked draw (issue 36 item 1); moving a boat between heats stops at the lock.
    if (input.late) {
      const [results] = await tx
        .select({ n: count() })
        .from(raceResults)
        .where(and(eq(raceResults.raceId, input.raceId), eq(raceResults.boatClass, input.boatClass)));
      if (results!.n > 0) {
        return {
          ok: false,
          status: 409,
          message: `${input.boatClass} results are already saved: late arrivals can no longer join a heat.`,
        } as const;
      }
    } else if (await classLocked(tx, input.raceId, input.boatClass)) return LOCKED(input.boatClass);
    const [target] = await tx
      .select({ id: heats.id })
      .from(heats)
      .where(and(eq(heats.raceId, input.raceId), eq(heats.boatClass, input.boatClass), eq(heats.heatNumber, input.heatNumber)));
    if (!target) return { ok: false, status: 404, message: `${input.boatClass} has no heat ${input.heatNumber}.` } as const;
    const [entered] = await tx
      .select({ id: raceRegistrations.id })
      .from(raceRegistrations)
      .where(
        and(
          eq(raceRegistrations.raceId, input.raceId),
          eq(raceRegistrations.boatClass, input.boatClass),
          eq(raceRegistrations.competitorId, input.competitorId),
        ),
      );
    const [current] = await tx
      .select({ heatId: heatEntries.heatId, heatNumber: heats.heatNumber })
      .from(heatEntries)
      .innerJoin(heats, eq(heats.id, heatEntries.heatId))
      .where(
        and(
          eq(heatEntries.raceId, input.raceId),
          eq(heatEntries.boatClass, input.boatClass),
          eq(heatEntries.competitorId, input.competitorId),
        ),
      );
    if (!entered && !current)
      return { ok: false, status: 404, message: `That boat is not entered in ${input.boatClass}.` } as const;
    if (input.late && current)
      return { ok: false, status: 409, message: `That boat is already in heat ${current.heatNumber}.` } as const;
    if (current?.heatId === target.id) return { ok: true, message: `The boat is already in heat ${input.heatNumber}.` } as const;
    const [inTarget] = await tx
      .select({ n: count(), last: max(heatEntries.slot) })
      .from(heatEntries)
      .where(eq(heatEntries.heatId, target.id));
    if (inTarget!.n >= race.heatSize) {
      return {
        ok: false,
        status: 409,
        message: `Heat ${input.heatNumber} already has ${countOf(race.heatSize, "boat")}, the most this race allows.`,
      } as const;
    }
    if (current) {
      await tx
        .delete(heatEntries)
        .where(and(eq(heatEntries.heatId, current.heatId), eq(heatEntries.competitorId, input.competitorId)));
    }
    await tx.insert(heatEntries).values({
      heatId: target.id,
      raceId: input.raceId,
      boatClass: input.boatClass,
      competitorId: input.competitorId,
      slot: (inTarget!.last ?? 0) + 1,
    });
    const field = `${input.boatClass} heat of competitor ${input.competitorId}`;
    await recordAudit(tx, {
      actor,
      kind: "heats.move",
      record: { type: "race", id: input.raceId },
      changes: diffFields({ [field]: current?.heatNumber ?? null }, { [field]: input.heatNumber }),
    });
    return { ok: true, message: `Boat moved to ${input.boatClass} heat ${input.heatNumber}.` } as const;
  });
}

export async function lockDraw(
  db: Database,
  input: { raceId: number; boatClass: string },
  actor: AuditActor = NO_ACTOR,
): Promise<HeatOutcome> {
  return db.transaction(async (tx) => {
    const heatsOfClass = and(eq(heats.raceId, input.raceId), eq(heats.boatClass, input.boatClass));
    const wasLocked = await classLocked(tx, input.raceId, input.boatClass);
    const locked = await tx.update(heats).set({ locked: true }).where(heatsOfClass).returning({ id: heats.id });
    if (locked.length === 0) return { ok: false, status: 404, message: `${input.boatClass} has no heats to lock.` } as const;
    const field = `${input.boatClass} draw locked`;
    const changes = diffFields({ [field]: wasLocked }, { [field]: true });
    await recordAudit(tx, { actor, kind: "heats.lock", record: { type: "race", id: input.raceId }, changes });
    return { ok: true, message: `The ${input.boatClass} draw is locked.` } as const;
  });
}

/** A class's current draw: the competitor ids of each heat, in heat and slot order. */
async function drawnHeats(tx: Tx, raceId: number, boatClass: string): Promise<number[][]> {
  const rows = await tx
    .select({ heatNumber: heats.heatNumber, competitorId: heatEntries.competitorId })
    .from(heatEntries)
    .innerJoin(heats, eq(heats.id, heatEntries.heatId))
    .where(and(eq(heatEntries.raceId, raceId), eq(heatEntries.boatClass, boatClass)))
    .orderBy(asc(heats.heatNumber), asc(heatEntries.slot));
  const groups: number[][] = [];
  for (const row of rows) (groups[row.heatNumber - 1] ??= []).push(row.competitorId);
  return groups.map((g) => g ?? []);
}

/** A race's heat size and the title the admin page shows. */
export async function heatRace(db: Database, raceId: number) {
  const [race] = await db
    .select({ id: races.id, title: races.title, date: races.date, heatSize: races.heatSize })
    .from(races)
    .where(eq(races.id, raceId));
  return race ?? null;
}

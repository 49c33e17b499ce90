/**
 * Race registration (SPEC section 4): the pickers' data, and entering a driver for a race in one or
 * more classes. The UNIQUE (race_id, competitor_id, boat_class) constraint makes duplicates
 * impossible; all chosen classes are saved together or not at all.
 */
import { and, asc, eq, gte } from "drizzle-orm";
import type { Database } from "../../db/client";
import { competitors, raceRegistrations, races } from "../../db/schema";
import type { RaceRegistration } from "../lib/registration";
import { byCompetitorName } from "./competitor-order.server";

export interface DriverOption {
  id: number;
  firstName: string;
  lastName: string;
  boatNumber: string;
}

export interface RaceOption {
  id: number;
  title: string;
  date: string;
  location: string;
}

/** Registered drivers by last name; only what the picker shows (never e-mail or telephone). */
export async function listDrivers(db: Database): Promise<DriverOption[]> {
  return db
    .select({
      id: competitors.id,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      boatNumber: competitors.boatNumber,
    })
    .from(competitors)
    .orderBy(...byCompetitorName());
}

/** Races still open for entry: status upcoming and dated today or later (club time zone), soonest first. */
export async function listOpenRaces(db: Database, today: string): Promise<RaceOption[]> {
  return db
    .select({ id: races.id, title: races.title, date: races.date, location: races.location })
    .from(races)
    .where(and(eq(races.status, "upcoming"), gte(races.date, today)))
    .orderBy(asc(races.date), asc(races.id));
}

export type RaceEntryOutcome =
  | { kind: "registered"; boatClasses: string[] }
  | { kind: "already-registered"; boatClass: string }
  | { kind: "race-unknown" }
  | { kind: "race-closed" }
  | { kind: "driver-unknown" };

/** Thrown inside the transaction to roll back the classes inserted before a duplicate was found. */
class AlreadyRegistered extends Error {
  constructor(readonly boatClass: string) {
    super("already registered");
  }
}

export async function registerForRace(db: Database, entry: RaceRegistration, today: string): Promise<RaceEntryOutcome> {
  try {
    return await db.transaction(async (tx) => {
      // FOR SHARE: the race cannot be completed or deleted while this entry is being written.
      const [race] = await tx
        .select({ status: races.status, date: races.date })
        .from(races)
        .where(eq(races.id, entry.raceId))
        .for("share");
      if (!race) return { kind: "race-unknown" } as const;
      if (race.status !== "upcoming" || race.date < today) return { kind: "race-closed" } as const;
      const [driver] = await tx
        .select({ id: competitors.id })
        .from(competitors)
        .where(eq(competitors.id, entry.competitorId))
        .for("share");
      if (!driver) return { kind: "driver-unknown" } as const;

      const inserted = await tx
        .insert(raceRegistrations)
        .values(entry.boatClasses.map((boatClass) => ({ raceId: entry.raceId, competitorId: entry.competitorId, boatClass })))
        .onConflictDoNothing()
        .returning({ boatClass: raceRegistrations.boatClass });
      const missing = entry.boatClasses.find((c) => !inserted.some((row) => row.boatClass === c));
      if (missing) throw new AlreadyRegistered(missing);
      return { kind: "registered", boatClasses: entry.boatClasses } as const;
    });
  } catch (error) {
    if (error instanceof AlreadyRegistered) return { kind: "already-registered", boatClass: error.boatClass };
    throw error;
  }
}

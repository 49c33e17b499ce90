/**
 * Race registration (SPEC section 4): the pickers' data, and entering a driver for a race in one or
 * more classes. The UNIQUE (race_id, competitor_id, boat_class) constraint makes duplicates
 * impossible; all chosen classes are saved together or not at all.
 */
import { and, asc, eq, gte, not, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, raceRegistrations, races } from "~/db/schema";
import type { EntryWindow } from "~/lib/races/entry-window";
import { mailEntryLink } from "~/domain/registration/entry-links.server";
import type { ClubSite } from "~/lib/platform/club";
import type { RaceRegistration } from "~/lib/registration/registration";
import { byCompetitorName } from "~/domain/racer/competitor-order.server";
import { erasedRacer } from "~/domain/racer/erased.server";

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

/**
 * Registered drivers by last name; only what the picker shows (never e-mail or telephone). A racer
 * erased at their request is not offered: they no longer enter races (decision 0053).
 */
export async function listDrivers(db: Database): Promise<DriverOption[]> {
  return db
    .select({
      id: competitors.id,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      boatNumber: competitors.boatNumber,
    })
    .from(competitors)
    .where(not(erasedRacer(competitors.id)))
    .orderBy(...byCompetitorName());
}

/** Entries are taken now: the race's window (if it has one) is open, by the database's clock. */
const windowOpen = sql`(${races.entriesOpenAt} IS NULL OR ${races.entriesOpenAt} <= now()) AND (${races.entriesCloseAt} IS NULL OR ${races.entriesCloseAt} > now())`;

/**
 * Races open for entry: status upcoming, dated today or later (club time zone) and within their
 * entry window, soonest first.
 */
export async function listOpenRaces(db: Database, today: string): Promise<RaceOption[]> {
  return db
    .select({ id: races.id, title: races.title, date: races.date, location: races.location })
    .from(races)
    .where(and(eq(races.status, "upcoming"), gte(races.date, today), windowOpen))
    .orderBy(asc(races.date), asc(races.id));
}

/** A race's entry window (both sides null when it has none). */
export async function raceEntryWindow(db: Database, raceId: number): Promise<EntryWindow> {
  const [row] = await db
    .select({ opensAt: races.entriesOpenAt, closesAt: races.entriesCloseAt })
    .from(races)
    .where(eq(races.id, raceId));
  return row ?? { opensAt: null, closesAt: null };
}

export type RaceEntryOutcome =
  | { kind: "registered"; boatClasses: string[] }
  | { kind: "already-registered"; boatClass: string }
  | { kind: "race-unknown" }
  | { kind: "race-closed" }
  /** Outside the race's entry window: `window` says when it opens or closed. */
  | { kind: "window-closed"; window: EntryWindow }
  | { kind: "driver-unknown" };

/** Thrown inside the transaction to roll back the classes inserted before a duplicate was found. */
class AlreadyRegistered extends Error {
  constructor(readonly boatClass: string) {
    super("already registered");
  }
}

/** With `club`, the racer's address on file gets the entry's "manage my entry" link (race-entry-links.server.ts). */
export async function registerForRace(
  db: Database,
  entry: RaceRegistration,
  today: string,
  club?: ClubSite,
): Promise<RaceEntryOutcome> {
  try {
    return await db.transaction(async (tx) => {
      // FOR SHARE: the race cannot be completed or deleted while this entry is being written.
      const [race] = await tx
        .select({
          status: races.status,
          date: races.date,
          opensAt: races.entriesOpenAt,
          closesAt: races.entriesCloseAt,
          windowOpen: sql<boolean>`${windowOpen}`,
        })
        .from(races)
        .where(eq(races.id, entry.raceId))
        .for("share");
      if (!race) return { kind: "race-unknown" } as const;
      if (race.status !== "upcoming" || race.date < today) return { kind: "race-closed" } as const;
      // The database's clock decides, as everywhere a time is compared.
      if (!race.windowOpen) return { kind: "window-closed", window: { opensAt: race.opensAt, closesAt: race.closesAt } } as const;
      const [driver] = await tx
        .select({ id: competitors.id })
        .from(competitors)
        .where(and(eq(competitors.id, entry.competitorId), not(erasedRacer(competitors.id))))
        .for("share");
      if (!driver) return { kind: "driver-unknown" } as const;

      const inserted = await tx
        .insert(raceRegistrations)
        .values(entry.boatClasses.map((boatClass) => ({ raceId: entry.raceId, competitorId: entry.competitorId, boatClass })))
        .onConflictDoNothing()
        .returning({ boatClass: raceRegistrations.boatClass });
      const missing = entry.boatClasses.find((c) => !inserted.some((row) => row.boatClass === c));
      if (missing) throw new AlreadyRegistered(missing);
      if (club) await mailEntryLink(tx, entry, club);
      return { kind: "registered", boatClasses: entry.boatClasses } as const;
    });
  } catch (error) {
    if (error instanceof AlreadyRegistered) return { kind: "already-registered", boatClass: error.boatClass };
    throw error;
  }
}

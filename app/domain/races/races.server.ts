/** Race management (admin only): list, save, delete, and each race's entries. */
import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, raceRegistrations, races } from "~/db/schema";
import type { RaceInput } from "~/lib/admin/admin-schemas";
import { fromClubLocalInput } from "~/lib/registration/entry-window";
import { raceColumns, type PublicRace } from "~/domain/races/public-queries.server";
import { byCompetitorName } from "~/domain/racer/competitor-order.server";

export interface AdminRace extends PublicRace {
  countsForChampionship: boolean;
  entriesOpenAt: Date | null;
  entriesCloseAt: Date | null;
  resultCount: number;
  entryCount: number;
}

export async function listAdminRaces(db: Database): Promise<AdminRace[]> {
  return db
    .select({
      ...raceColumns,
      countsForChampionship: races.countsForChampionship,
      entriesOpenAt: races.entriesOpenAt,
      entriesCloseAt: races.entriesCloseAt,
      resultCount: sql<number>`(SELECT count(*)::int FROM race_results rr WHERE rr.race_id = "races"."id")`,
      entryCount: sql<number>`(SELECT count(*)::int FROM race_registrations reg WHERE reg.race_id = "races"."id")`,
    })
    .from(races)
    .orderBy(asc(races.date), asc(races.id));
}

/** `timeZone`: the club's, in which the entry window was typed. */
export async function saveRace(
  db: Database,
  input: RaceInput,
  timeZone: string,
): Promise<{ ok: true; id: number; created: boolean } | { ok: false }> {
  const values = {
    title: input.title,
    date: input.date,
    location: input.location,
    description: input.description,
    imageUrl: input.imageUrl || null,
    status: input.status,
    countsForChampionship: input.countsForChampionship ?? false,
    // The schema has checked both parse and are in order.
    entriesOpenAt: input.entriesOpen ? fromClubLocalInput(input.entriesOpen, timeZone) : null,
    entriesCloseAt: input.entriesClose ? fromClubLocalInput(input.entriesClose, timeZone) : null,
  };
  if (input.id) {
    const [row] = await db
      .update(races)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(races.id, input.id))
      .returning({ id: races.id });
    return row ? { ok: true, id: row.id, created: false } : { ok: false };
  }
  const [row] = await db.insert(races).values(values).returning({ id: races.id });
  return { ok: true, id: row!.id, created: true };
}

/** Deletes the race with its results and entries (the admin was told how many results first). */
export async function deleteRace(db: Database, id: number): Promise<{ ok: boolean; results: number }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM race_results WHERE race_id = ${id}`);
    const deleted = await tx.delete(races).where(eq(races.id, id)).returning({ id: races.id });
    return { ok: deleted.length > 0, results: rows[0]?.n ?? 0 };
  });
}

export interface RaceEntry {
  competitorId: number;
  firstName: string;
  lastName: string;
  boatName: string | null;
  boatNumber: string;
  boatClass: string;
  registeredAt: Date;
}

/** Who entered the race in which class, by class then name. */
const entryColumns = {
  competitorId: competitors.id,
  firstName: competitors.firstName,
  lastName: competitors.lastName,
  boatName: competitors.boatName,
  boatNumber: competitors.boatNumber,
  boatClass: raceRegistrations.boatClass,
  registeredAt: raceRegistrations.createdAt,
};

export async function raceEntries(db: Database, raceId: number): Promise<RaceEntry[]> {
  return db
    .select(entryColumns)
    .from(raceRegistrations)
    .innerJoin(competitors, eq(competitors.id, raceRegistrations.competitorId))
    .where(eq(raceRegistrations.raceId, raceId))
    .orderBy(asc(raceRegistrations.boatClass), ...byCompetitorName());
}

/** Entries of every race, grouped by race id, for the races page. */
export async function entriesByRace(db: Database): Promise<Record<number, RaceEntry[]>> {
  const rows = await db
    .select({ raceId: raceRegistrations.raceId, ...entryColumns })
    .from(raceRegistrations)
    .innerJoin(competitors, eq(competitors.id, raceRegistrations.competitorId))
    .orderBy(asc(raceRegistrations.boatClass), ...byCompetitorName());
  const out: Record<number, RaceEntry[]> = {};
  for (const { raceId, ...entry } of rows) (out[raceId] ??= []).push(entry);
  return out;
}

export async function getRaceTitle(db: Database, id: number): Promise<{ title: string; date: string } | null> {
  const [row] = await db.select({ title: races.title, date: races.date }).from(races).where(eq(races.id, id));
  return row ?? null;
}

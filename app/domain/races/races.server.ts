/** Race management (admin only): list, save, delete, and each race's entries. */
import { and, asc, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { competitors, raceRegistrations, races } from "~/db/schema";
import type { RaceInput } from "~/lib/races/race-schema";
import { fromClubLocalInput } from "~/lib/races/entry-window";
import { raceColumns, type PublicRace } from "~/domain/races/public-queries.server";
import { byCompetitorName } from "~/domain/racer/competitor-order.server";
import { NO_ACTOR, recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { diffFields } from "~/lib/platform/audit";
import type { ImageRef } from "~/lib/platform/image-ref";

export interface AdminRace extends PublicRace {
  countsForChampionship: boolean;
  entriesOpenAt: Date | null;
  entriesCloseAt: Date | null;
  resultCount: number;
  entryCount: number;
  /** An uploaded picture (issue 24 item 2). */
  image: ImageRef | null;
}

/** The races of one view of the admin list (`adminRaceDays`), oldest first; every race without `days`. */
export async function listAdminRaces(db: Database, days?: { from: string; to: string | null }): Promise<AdminRace[]> {
  const within = days ? and(gte(races.date, days.from), days.to === null ? undefined : lte(races.date, days.to)) : undefined;
  return db
    .select({
      ...raceColumns,
      countsForChampionship: races.countsForChampionship,
      entriesOpenAt: races.entriesOpenAt,
      entriesCloseAt: races.entriesCloseAt,
      resultCount: sql<number>`(SELECT count(*)::int FROM race_results rr WHERE rr.race_id = "races"."id")`,
      entryCount: sql<number>`(SELECT count(*)::int FROM race_registrations reg WHERE reg.race_id = "races"."id")`,
      image: sql<ImageRef | null>`(SELECT json_build_object('hash', i.hash, 'width', i.width, 'height', i.height, 'widths', i.widths) FROM images i WHERE i.hash = "races"."image_hash")`,
    })
    .from(races)
    .where(within)
    .orderBy(asc(races.date), asc(races.id));
}

/** The years before `thisYear` that have races, newest first, with how many: the admin list's other pages. */
export async function pastRaceYears(db: Database, thisYear: number): Promise<{ year: number; races: number }[]> {
  return db
    .select({ year: sql<number>`extract(year from ${races.date})::int`, races: sql<number>`count(*)::int` })
    .from(races)
    .where(lt(races.date, `${thisYear}-01-01`))
    .groupBy(sql`1`)
    .orderBy(sql`1 DESC`);
}

const auditedColumns = {
  title: races.title,
  date: races.date,
  location: races.location,
  description: races.description,
  imageUrl: races.imageUrl,
  status: races.status,
  countsForChampionship: races.countsForChampionship,
  entriesOpenAt: races.entriesOpenAt,
  entriesCloseAt: races.entriesCloseAt,
};

/** `timeZone`: the club's, in which the entry window was typed. Saved with its audit entry. */
export async function saveRace(
  db: Database,
  input: RaceInput,
  timeZone: string,
  actor: AuditActor = NO_ACTOR,
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
  return db.transaction(async (tx) => {
    if (input.id) {
      const [before] = await tx.select(auditedColumns).from(races).where(eq(races.id, input.id)).for("update");
      if (!before) return { ok: false } as const;
      await tx
        .update(races)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(races.id, input.id));
      const changes = diffFields(before, values);
      await recordAudit(tx, { actor, kind: "race.update", record: { type: "race", id: input.id }, changes });
      return { ok: true, id: input.id, created: false } as const;
    }
    const [row] = await tx.insert(races).values(values).returning({ id: races.id });
    const changes = diffFields(null, values);
    await recordAudit(tx, { actor, kind: "race.create", record: { type: "race", id: row!.id }, changes });
    return { ok: true, id: row!.id, created: true } as const;
  });
}

/** Deletes the race with its results and entries (the admin was told how many results first). */
export async function deleteRace(
  db: Database,
  id: number,
  actor: AuditActor = NO_ACTOR,
): Promise<{ ok: boolean; results: number }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM race_results WHERE race_id = ${id}`);
    const [before] = await tx.delete(races).where(eq(races.id, id)).returning(auditedColumns);
    const results = rows[0]?.n ?? 0;
    if (before) {
      const changes = diffFields({ ...before, results }, null);
      await recordAudit(tx, { actor, kind: "race.delete", record: { type: "race", id }, changes });
    }
    return { ok: Boolean(before), results };
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
/** The entries of the given races (all races without `raceIds`), by race. */
export async function entriesByRace(db: Database, raceIds?: number[]): Promise<Record<number, RaceEntry[]>> {
  if (raceIds?.length === 0) return {};
  const rows = await db
    .select({ raceId: raceRegistrations.raceId, ...entryColumns })
    .from(raceRegistrations)
    .innerJoin(competitors, eq(competitors.id, raceRegistrations.competitorId))
    .where(raceIds ? inArray(raceRegistrations.raceId, raceIds) : undefined)
    .orderBy(asc(raceRegistrations.boatClass), ...byCompetitorName());
  const out: Record<number, RaceEntry[]> = {};
  for (const { raceId, ...entry } of rows) (out[raceId] ??= []).push(entry);
  return out;
}

export async function getRaceTitle(db: Database, id: number): Promise<{ title: string; date: string } | null> {
  const [row] = await db.select({ title: races.title, date: races.date }).from(races).where(eq(races.id, id));
  return row ?? null;
}

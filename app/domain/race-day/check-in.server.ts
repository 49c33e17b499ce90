/**
 * Check-in at the lake (issue 36 item 1, decision 0055): one row per racer and race in
 * race_check_ins. Every change runs in a transaction that locks that row, so two admins (or an
 * admin and the racer) checking in one boat at once make one check-in. Admin taps carry a key
 * kept in check_in_taps: a tap sent again (replayed after the connection returned) is answered
 * from there and applied once.
 */
import { TZDate } from "@date-fns/tz";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { checkInTaps, competitors, raceCheckIns, raceEntryLinks, raceRegistrations, races } from "~/db/schema";
import { recordAudit, type AuditActor } from "~/domain/platform/audit.server";
import { hashToken } from "~/domain/platform/tokens.server";
import { readForm } from "~/domain/platform/read-form.server";
import {
  checkInTapSchema,
  checkInWindow,
  decideTap,
  type CheckInSettings,
  type CheckInState,
  type CheckInTap,
  type CheckInWindow,
  type ClubClock,
  CHECK_IN,
  timeOfDay,
  type EntryCheckInBlock,
} from "~/lib/race-day/check-in";
import { readCheckInSettings } from "~/domain/race-day/check-in-settings.server";
import { clubToday, formatClubDateTime, formatLongDate } from "~/lib/util/dates";
import { boatEntryLabel, compareBoatNumbers } from "~/lib/race-day/race-day";
import { classTabs } from "~/lib/platform/boat-classes";
import { erasedRacer } from "~/domain/racer/erased.server";
import type { NoShowRace } from "~/lib/race-day/no-shows";

/** The club's wall clock now: `today` is the club's day (a pinned one in browser tests). */
export function clubClock(timeZone: string, today: string, now: Date = new Date()): ClubClock {
  const zoned = new TZDate(now, timeZone);
  return { day: today, minutes: zoned.getHours() * 60 + zoned.getMinutes() };
}

/** Checked in now: set and not undone. */
const isCheckedIn = sql<boolean>`(${raceCheckIns.checkedInAt} IS NOT NULL AND ${raceCheckIns.undoneAt} IS NULL)`;

/** How long a tap's key is remembered: far longer than any phone stays offline at the lake. */
const TAP_MEMORY = sql`interval '7 days'`;

async function lockedState(tx: Tx, raceId: number, competitorId: number) {
  // Made on the first change, then locked: concurrent taps on one boat queue here.
  await tx.insert(raceCheckIns).values({ raceId, competitorId }).onConflictDoNothing();
  const [row] = await tx
    .select({ checkedIn: isCheckedIn, version: raceCheckIns.version, checkedInAt: raceCheckIns.checkedInAt })
    .from(raceCheckIns)
    .where(and(eq(raceCheckIns.raceId, raceId), eq(raceCheckIns.competitorId, competitorId)))
    .for("update");
  return row!;
}

// ---------------------------------------------------------------------------------------------
// The racer's entry link
// ---------------------------------------------------------------------------------------------

export type LinkCheckIn =
  | { kind: "unknown" }
  /** The link's entry is empty (withdrawn): nothing to check in. */
  | { kind: "not-entered" }
  | {
      kind: "ready";
      window: CheckInWindow;
      checkedInAt: Date | null;
      /** The entry, for a page whose withdrawals have closed (entries close before race day). */
      entry: { raceId: number; title: string; date: string; name: string; classes: string[] };
    };

async function linkEntry(db: Database | Tx, token: string) {
  const [row] = await db
    .select({
      raceId: raceEntryLinks.raceId,
      competitorId: raceEntryLinks.competitorId,
      usedAt: raceEntryLinks.usedAt,
      date: races.date,
      title: races.title,
      name: sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}`,
      cancelled: sql<boolean>`${races.status} = 'cancelled'`,
      classes: sql<string[]>`ARRAY(SELECT g.boat_class FROM race_registrations g
        WHERE g.race_id = ${raceEntryLinks.raceId} AND g.competitor_id = ${raceEntryLinks.competitorId} ORDER BY g.boat_class)`,
    })
    .from(raceEntryLinks)
    .innerJoin(races, eq(races.id, raceEntryLinks.raceId))
    .innerJoin(competitors, eq(competitors.id, raceEntryLinks.competitorId))
    .where(eq(raceEntryLinks.tokenHash, hashToken(token)));
  return row ?? null;
}

/** What the entry link's page shows about check-in. Reads only (mail scanners open links). */
export async function linkCheckInView(
  db: Database,
  token: string,
  settings: CheckInSettings,
  clock: ClubClock,
): Promise<LinkCheckIn> {
  const entry = await linkEntry(db, token);
  if (!entry) return { kind: "unknown" };
  if (entry.usedAt || entry.classes.length === 0) return { kind: "not-entered" };
  const [row] = await db
    .select({ checkedInAt: raceCheckIns.checkedInAt, checkedIn: isCheckedIn })
    .from(raceCheckIns)
    .where(and(eq(raceCheckIns.raceId, entry.raceId), eq(raceCheckIns.competitorId, entry.competitorId)));
  return {
    kind: "ready",
    window: checkInWindow(entry.date, settings, clock, entry.cancelled),
    checkedInAt: row?.checkedIn ? row.checkedInAt : null,
    entry: { raceId: entry.raceId, title: entry.title, date: entry.date, name: entry.name, classes: entry.classes },
  };
}

export type LinkCheckInOutcome =
  | { kind: "unknown" }
  | { kind: "not-entered" }
  | { kind: "closed"; window: Exclude<CheckInWindow, { state: "open" }> }
  | { kind: "checked-in"; at: Date }
  | { kind: "already"; at: Date };

/**
 * The racer checks in from their link: only the link's own entry at the link's own race (the
 * link is the only thing that names them), inside the window. Checking in twice is one check-in.
 */
export async function checkInByLink(
  db: Database,
  token: string,
  settings: CheckInSettings,
  clock: ClubClock,
  address: string | null,
): Promise<LinkCheckInOutcome> {
  return db.transaction(async (tx) => {
    const entry = await linkEntry(tx, token);
    if (!entry) return { kind: "unknown" } as const;
    if (entry.usedAt || entry.classes.length === 0) return { kind: "not-entered" } as const;
    const window = checkInWindow(entry.date, settings, clock, entry.cancelled);
    if (window.state !== "open") return { kind: "closed", window } as const;
    const state = await lockedState(tx, entry.raceId, entry.competitorId);
    if (state.checkedIn) return { kind: "already", at: state.checkedInAt! } as const;
    const row = await setStateAs(
      tx,
      entry.raceId,
      entry.competitorId,
      "in",
      { via: "link", adminId: null },
      {
        adminId: null,
        username: "(racer's entry link)",
        address,
      },
    );
    return { kind: "checked-in", at: row.checkedInAt! } as const;
  });
}

async function setStateAs(
  tx: Tx,
  raceId: number,
  competitorId: number,
  action: "in" | "undo",
  by: { via: "link" | "admin"; adminId: number | null },
  actor: AuditActor,
) {
  const where = and(eq(raceCheckIns.raceId, raceId), eq(raceCheckIns.competitorId, competitorId));
  const set =
    action === "in"
      ? { checkedInAt: sql`now()`, checkedInVia: by.via, checkedInBy: by.adminId, undoneAt: null, undoneBy: null }
      : { undoneAt: sql`now()`, undoneBy: by.adminId };
  const [row] = await tx
    .update(raceCheckIns)
    .set({ ...set, version: sql`${raceCheckIns.version} + 1` })
    .where(where)
    .returning({ version: raceCheckIns.version, checkedInAt: raceCheckIns.checkedInAt });
  await recordAudit(tx, {
    actor,
    kind: action === "in" ? "checkin.in" : "checkin.undo",
    record: { type: "race", id: raceId },
    changes: { [`competitor ${competitorId} checked in`]: { before: action !== "in", after: action === "in" } },
  });
  return row!;
}

// ---------------------------------------------------------------------------------------------
// The admin's list
// ---------------------------------------------------------------------------------------------

/** What one tap came to, as the phone shows it; stored under the tap's key and answered again on a replay. */
export interface TapOutcome {
  kind: "done" | "already" | "conflict" | "not-entered";
  competitorId: number;
  /** The boat's state after the tap (or as it stood, when nothing was changed). */
  state: CheckInState;
  /** Stored and replayed: the answer is the first one, whatever happened since. */
  replayed?: boolean;
}

/** An admin's tap: check in or undo, applied once per key, refused as a conflict when the boat changed since the phone saw it. */
export async function applyTap(db: Database, raceId: number, tap: CheckInTap, actor: AuditActor): Promise<TapOutcome> {
  return db.transaction(async (tx) => {
    // A second request with this key waits here for the first to commit, then reads its answer.
    const claimed = await tx
      .insert(checkInTaps)
      .values({ key: tap.key, raceId, outcome: {} })
      .onConflictDoNothing()
      .returning({ key: checkInTaps.key });
    if (claimed.length === 0) {
      const [earlier] = await tx
        .select({ outcome: checkInTaps.outcome, raceId: checkInTaps.raceId })
        .from(checkInTaps)
        .where(eq(checkInTaps.key, tap.key));
      const outcome = earlier?.outcome as TapOutcome | undefined;
      // A key is one tap on one boat of one race: anything else reusing it changes nothing.
      if (!outcome || earlier!.raceId !== raceId || outcome.competitorId !== tap.competitorId) {
        return { kind: "not-entered", competitorId: tap.competitorId, state: { checkedIn: false, version: 0 } };
      }
      return { ...outcome, replayed: true };
    }
    await tx.delete(checkInTaps).where(sql`${checkInTaps.createdAt} < now() - ${TAP_MEMORY}`);
    const outcome = await tapOnce(tx, raceId, tap, actor);
    await tx.update(checkInTaps).set({ outcome }).where(eq(checkInTaps.key, tap.key));
    return outcome;
  });
}

async function tapOnce(tx: Tx, raceId: number, tap: CheckInTap, actor: AuditActor): Promise<TapOutcome> {
  const [entered] = await tx
    .select({ id: raceRegistrations.id })
    .from(raceRegistrations)
    // An erased racer's entries at past races stay for the results, but their check-ins are gone for good.
    .where(
      and(
        eq(raceRegistrations.raceId, raceId),
        eq(raceRegistrations.competitorId, tap.competitorId),
        sql`NOT ${erasedRacer(raceRegistrations.competitorId)}`,
      ),
    )
    .limit(1);
  if (!entered) return { kind: "not-entered", competitorId: tap.competitorId, state: { checkedIn: false, version: 0 } };
  const current = await lockedState(tx, raceId, tap.competitorId);
  const state = { checkedIn: current.checkedIn, version: current.version };
  const decision = decideTap(state, { action: tap.intent, basis: tap.basis });
  if (decision !== "apply") return { kind: decision, competitorId: tap.competitorId, state };
  const row = await setStateAs(tx, raceId, tap.competitorId, tap.intent, { via: "admin", adminId: actor.adminId }, actor);
  return { kind: "done", competitorId: tap.competitorId, state: { checkedIn: tap.intent === "in", version: row.version } };
}

export interface CheckInRow {
  competitorId: number;
  boatNumber: string;
  boatName: string | null;
  driver: string;
  classes: string[];
  checkedIn: boolean;
  version: number;
  checkedInAt: Date | null;
  via: "link" | "admin" | null;
}

/** The race's entrants, one row per racer (their classes together), by boat number. */
export async function checkInList(db: Database, raceId: number): Promise<CheckInRow[]> {
  const rows = await db
    .select({
      competitorId: competitors.id,
      boatNumber: competitors.boatNumber,
      boatName: competitors.boatName,
      driver: sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}`,
      classes: sql<string[]>`array_agg(${raceRegistrations.boatClass} ORDER BY ${raceRegistrations.boatClass})`,
      checkedIn: sql<boolean>`coalesce(bool_or(${isCheckedIn}), false)`,
      version: sql<number>`coalesce(max(${raceCheckIns.version}), 0)::int`,
      checkedInAt: sql<Date | null>`max(${raceCheckIns.checkedInAt}) FILTER (WHERE ${isCheckedIn})`,
      via: sql<"link" | "admin" | null>`max(${raceCheckIns.checkedInVia}) FILTER (WHERE ${isCheckedIn})`,
    })
    .from(raceRegistrations)
    .innerJoin(competitors, eq(competitors.id, raceRegistrations.competitorId))
    .leftJoin(
      raceCheckIns,
      and(eq(raceCheckIns.raceId, raceRegistrations.raceId), eq(raceCheckIns.competitorId, raceRegistrations.competitorId)),
    )
    .where(eq(raceRegistrations.raceId, raceId))
    .groupBy(competitors.id)
    .orderBy(asc(competitors.id));
  return rows
    .map((r) => ({ ...r, checkedInAt: r.checkedInAt === null ? null : new Date(r.checkedInAt) }))
    .sort((a, b) => compareBoatNumbers(a.boatNumber, b.boatNumber) || a.driver.localeCompare(b.driver));
}

export interface ClassCheckIns {
  boatClass: string;
  entered: number;
  checkedIn: number;
}

/** Per class: how many entered and how many of them are checked in (club classes first). */
export async function checkInCounts(db: Database, raceId: number): Promise<ClassCheckIns[]> {
  const rows = await db
    .select({
      boatClass: raceRegistrations.boatClass,
      entered: sql<number>`count(*)::int`,
      checkedIn: sql<number>`count(*) FILTER (WHERE ${isCheckedIn})::int`,
    })
    .from(raceRegistrations)
    .leftJoin(
      raceCheckIns,
      and(eq(raceCheckIns.raceId, raceRegistrations.raceId), eq(raceCheckIns.competitorId, raceRegistrations.competitorId)),
    )
    .where(eq(raceRegistrations.raceId, raceId))
    .groupBy(raceRegistrations.boatClass);
  const byClass = new Map(rows.map((r) => [r.boatClass, r]));
  return classTabs([...byClass.keys()])
    .filter((c) => byClass.has(c))
    .map((c) => byClass.get(c)!);
}

/** The competitor ids checked in at a race (the heat draw's "only boats checked in"). */
export async function checkedInIds(db: Database | Tx, raceId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: raceCheckIns.competitorId })
    .from(raceCheckIns)
    .where(and(eq(raceCheckIns.raceId, raceId), isCheckedIn));
  return new Set(rows.map((r) => r.id));
}

// ---------------------------------------------------------------------------------------------
// No-shows
// ---------------------------------------------------------------------------------------------

/**
 * Entrants who never checked in, once the race day is over. Counted only at races where check-in
 * was used (at least one boat checked in, even if undone later): before that, nobody could have.
 * A racer with a result at the race raced, so is never a no-show. Cancelled races have none. An
 * erased racer has none either: their check-ins went with the erasure, and so does the record.
 */
const noShowRows = (today: string) => sql`
  SELECT g.race_id, g.competitor_id
    FROM race_registrations g
    JOIN races r ON r.id = g.race_id
   WHERE r.date < ${today}::date
     AND r.status <> 'cancelled'
     AND EXISTS (SELECT 1 FROM race_check_ins u WHERE u.race_id = g.race_id AND u.checked_in_at IS NOT NULL)
     AND NOT EXISTS (SELECT 1 FROM race_check_ins c WHERE c.race_id = g.race_id AND c.competitor_id = g.competitor_id
                       AND c.checked_in_at IS NOT NULL AND c.undone_at IS NULL)
     AND NOT EXISTS (SELECT 1 FROM race_results x WHERE x.race_id = g.race_id AND x.competitor_id = g.competitor_id)
     AND NOT ${erasedRacer(sql`g.competitor_id`)}
   GROUP BY g.race_id, g.competitor_id`;

/** No-shows per race (races without any are absent), for the given races. */
export async function noShowCounts(db: Database, raceIds: readonly number[], today: string): Promise<Map<number, number>> {
  if (raceIds.length === 0) return new Map();
  const { rows } = await db.execute<{ race_id: number; n: number }>(sql`
    SELECT race_id, count(*)::int AS n FROM (${noShowRows(today)}) s
     WHERE race_id IN (${sql.join(
       raceIds.map((id) => sql`${id}`),
       sql`, `,
     )})
     GROUP BY race_id`);
  return new Map(rows.map((r) => [Number(r.race_id), Number(r.n)]));
}

/** The races a racer entered and never came to, newest first (the racer's admin record). */
export async function racerNoShows(
  db: Database,
  competitorIds: readonly number[],
  today: string,
): Promise<Map<number, NoShowRace[]>> {
  if (competitorIds.length === 0) return new Map();
  const { rows } = await db.execute<{ competitor_id: number; race_id: number; title: string; date: string }>(sql`
    SELECT s.competitor_id, r.id AS race_id, r.title, to_char(r.date, 'YYYY-MM-DD') AS date
      FROM (${noShowRows(today)}) s JOIN races r ON r.id = s.race_id
     WHERE s.competitor_id IN (${sql.join(
       competitorIds.map((id) => sql`${id}`),
       sql`, `,
     )})
     ORDER BY r.date DESC, r.id DESC`);
  const out = new Map<number, NoShowRace[]>();
  for (const r of rows) {
    const list = out.get(Number(r.competitor_id)) ?? [];
    list.push({ raceId: Number(r.race_id), title: r.title, date: r.date });
    out.set(Number(r.competitor_id), list);
  }
  return out;
}

/** A tap posted by the list's form or its script: the tap, or the message that refuses it. */
export async function readTap(request: Request): Promise<{ ok: true; tap: CheckInTap } | { ok: false; message: string }> {
  const parsed = checkInTapSchema.safeParse(Object.fromEntries(await readForm(request, checkInTapSchema)));
  return parsed.success ? { ok: true, tap: parsed.data } : { ok: false, message: parsed.error.issues[0]!.message };
}

/**
 * The heat draw's "only boats checked in": the entrants who are, and labels ("#5 Tidal Flash") of
 * those left out, so the draw's answer can say who they are.
 */
export async function splitByCheckIn(tx: Tx, raceId: number, entrants: readonly number[]) {
  const here = await checkedInIds(tx, raceId);
  const out = entrants.filter((id) => !here.has(id));
  const labels =
    out.length === 0
      ? []
      : await tx
          .select({
            boatNumber: competitors.boatNumber,
            boatName: competitors.boatName,
            driver: sql<string>`${competitors.firstName} || ' ' || ${competitors.lastName}`,
          })
          .from(competitors)
          .where(
            sql`${competitors.id} IN (${sql.join(
              out.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          );
  return {
    kept: entrants.filter((id) => here.has(id)),
    leftOut: labels.sort((a, b) => compareBoatNumbers(a.boatNumber, b.boatNumber)).map((b) => boatEntryLabel(b)),
  };
}

/** The link's check-in as the page shows it; null once the race day is over (or the entry is empty). */
export async function linkCheckIn(db: Database, token: string, config: { timeZone: string; pinnedToday?: string }) {
  const clock = clubClock(config.timeZone, clubToday(config));
  const view = await linkCheckInView(db, token, await readCheckInSettings(db), clock);
  if (view.kind !== "ready" || view.window.state === "over") return null;
  const block: EntryCheckInBlock = view.checkedInAt
    ? { state: "checked-in", text: CHECK_IN.already(formatClubDateTime(view.checkedInAt, config.timeZone).time) }
    : view.window.state === "before"
      ? { state: "before", text: CHECK_IN.opens(timeOfDay(view.window.opens.minutes), formatLongDate(view.window.opens.day)) }
      : { state: "open" };
  return { block, entry: { kind: "entry" as const, ...view.entry } };
}

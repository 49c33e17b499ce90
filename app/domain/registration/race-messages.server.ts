/**
 * Opt-in race messages (decision 0022). Each message carries its own link to the driver's
 * preferences (random token, only its hash stored), which is also the RFC 8058 one-click
 * unsubscribe address. A race message is queued in the transaction that records it in
 * race_messages, so it goes out once whatever the number of instances, restarts or clicks.
 */
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { Database, Tx } from "~/db/client";
import { competitors, messageLinks, raceMessages, raceRegistrations, raceResults, races } from "~/db/schema";
import { formatEntryTime } from "~/lib/races/entry-window";
import {
  entryReminderMessage,
  MESSAGE_LINK_DAYS,
  preferencesPath,
  resultsUpMessage,
  unsubscribeHeaders,
  unsubscribePath,
  type OwnResult,
  type Preferences,
} from "~/lib/registration/race-messages";
import { enqueue, type OutgoingMessage } from "~/domain/platform/outbox.server";
import { hashToken, newToken } from "~/domain/platform/tokens.server";
import type { ClubSite } from "~/lib/platform/club";

type Reader = Database | Tx;

export interface MessageLink {
  preferencesUrl: string;
  unsubscribeUrl: string;
}

/** A new link to one driver's preferences, valid MESSAGE_LINK_DAYS. */
export async function issueMessageLink(tx: Reader, competitorId: number, siteUrl: string): Promise<MessageLink> {
  const token = newToken();
  await tx.insert(messageLinks).values({
    tokenHash: hashToken(token),
    competitorId,
    expiresAt: sql`now() + ${`${MESSAGE_LINK_DAYS} days`}::interval`,
  });
  return { preferencesUrl: siteUrl + preferencesPath(token), unsubscribeUrl: siteUrl + unsubscribePath(token) };
}

/**
 * "Results are up" for every entrant of the race (registered, or in its results) who opted in and
 * has an address, with their own positions. Returns how many were queued; 0 when already sent.
 */
export async function queueResultsUp(tx: Tx, raceId: number, club: ClubSite): Promise<number> {
  const [race] = await tx.select({ title: races.title, date: races.date }).from(races).where(eq(races.id, raceId));
  if (!race) return 0;
  const [claimed] = await tx
    .insert(raceMessages)
    .values({ raceId, kind: "results-up", recipients: 0 })
    .onConflictDoNothing()
    .returning({ raceId: raceMessages.raceId });
  if (!claimed) return 0;

  const entrants = sql`(
    SELECT competitor_id FROM ${raceRegistrations} WHERE race_id = ${raceId}
    UNION SELECT competitor_id FROM ${raceResults} WHERE race_id = ${raceId}
  )`;
  const recipients = await tx
    .select({ id: competitors.id, firstName: competitors.firstName, email: competitors.email })
    .from(competitors)
    .where(and(eq(competitors.notifyResults, true), isNotNull(competitors.email), sql`${competitors.id} IN ${entrants}`))
    .orderBy(competitors.id);
  if (recipients.length === 0) return 0;

  const results = await tx
    .select({
      competitorId: raceResults.competitorId,
      boatClass: raceResults.boatClass,
      heatNumber: raceResults.heatNumber,
      position: raceResults.position,
      points: raceResults.points,
    })
    .from(raceResults)
    .where(
      and(
        eq(raceResults.raceId, raceId),
        inArray(
          raceResults.competitorId,
          recipients.map((r) => r.id),
        ),
      ),
    )
    .orderBy(raceResults.boatClass, raceResults.heatNumber, raceResults.position);

  const messages: OutgoingMessage[] = [];
  for (const recipient of recipients) {
    const link = await issueMessageLink(tx, recipient.id, club.siteUrl);
    const own: OwnResult[] = results.filter((r) => r.competitorId === recipient.id);
    messages.push({
      kind: "results-up",
      to: recipient.email!,
      ...resultsUpMessage({
        clubName: club.clubName,
        firstName: recipient.firstName,
        race,
        results: own,
        raceUrl: `${club.siteUrl}/results/${raceId}`,
        preferencesUrl: link.preferencesUrl,
      }),
      headers: unsubscribeHeaders(link.unsubscribeUrl),
    });
  }
  await enqueue(tx, messages, club);
  await tx
    .update(raceMessages)
    .set({ recipients: messages.length })
    .where(and(eq(raceMessages.raceId, raceId), eq(raceMessages.kind, "results-up")));
  return messages.length;
}

async function competitorByToken(db: Reader, token: string, lock = false) {
  const query = db
    .select({
      id: competitors.id,
      firstName: competitors.firstName,
      lastName: competitors.lastName,
      notifyResults: competitors.notifyResults,
      notifyReminders: competitors.notifyReminders,
      dutyReminders: competitors.dutyReminders,
    })
    .from(messageLinks)
    .innerJoin(competitors, eq(competitors.id, messageLinks.competitorId))
    .where(and(eq(messageLinks.tokenHash, hashToken(token)), gt(messageLinks.expiresAt, sql`now()`)));
  const [row] = lock ? await query.for("update", { of: competitors }) : await query;
  return row ?? null;
}

export type PreferencesView = { kind: "found"; name: string; preferences: Preferences } | { kind: "unknown" };

export async function viewPreferences(db: Database, token: string): Promise<PreferencesView> {
  const row = await competitorByToken(db, token);
  if (!row) return { kind: "unknown" };
  return {
    kind: "found",
    name: `${row.firstName} ${row.lastName}`,
    preferences: { notifyResults: row.notifyResults, notifyReminders: row.notifyReminders, dutyReminders: row.dutyReminders },
  };
}

/** Sets the driver's choices; `null` when the link is unknown or expired. */
export async function savePreferences(db: Database, token: string, preferences: Preferences): Promise<Preferences | null> {
  return db.transaction(async (tx) => {
    const row = await competitorByToken(tx, token, true);
    if (!row) return null;
    await tx
      .update(competitors)
      .set({
        notifyResults: preferences.notifyResults,
        notifyReminders: preferences.notifyReminders,
        dutyReminders: preferences.dutyReminders,
      })
      .where(eq(competitors.id, row.id));
    return preferences;
  });
}

export function unsubscribe(db: Database, token: string): Promise<Preferences | null> {
  return savePreferences(db, token, { notifyResults: false, notifyReminders: false, dutyReminders: false });
}

/** Expired links are useless: dropped with the other housekeeping. */
export async function pruneMessageLinks(db: Database): Promise<number> {
  const { rowCount } = await db.execute(sql`DELETE FROM message_links WHERE expires_at < now()`);
  return rowCount ?? 0;
}

/** How long before entries close the reminder goes out. */
export const REMINDER_LEAD_HOURS = 24;

/**
 * The entry reminder for every race whose entries close within the next day and are open now:
 * to drivers who asked for reminders, have an address and have not entered that race. Each race
 * is claimed in race_messages in its own transaction, so several instances and restarts send it once.
 * Returns how many e-mails were queued.
 */
export async function queueEntryReminders(db: Database, club: ClubSite, timeZone: string, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: races.id, title: races.title, date: races.date, location: races.location, closesAt: races.entriesCloseAt })
    .from(races)
    .where(
      and(
        eq(races.status, "upcoming"),
        isNotNull(races.entriesCloseAt),
        gt(races.entriesCloseAt, now),
        sql`${races.entriesCloseAt} <= ${now}::timestamptz + make_interval(hours => ${REMINDER_LEAD_HOURS})`,
        sql`(${races.entriesOpenAt} IS NULL OR ${races.entriesOpenAt} <= ${now}::timestamptz)`,
        sql`NOT EXISTS (SELECT 1 FROM ${raceMessages} m WHERE m.race_id = ${races.id} AND m.kind = 'entry-reminder')`,
      ),
    )
    .orderBy(races.entriesCloseAt);
  let queued = 0;
  for (const race of due) {
    queued += await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(raceMessages)
        .values({ raceId: race.id, kind: "entry-reminder", recipients: 0 })
        .onConflictDoNothing()
        .returning({ raceId: raceMessages.raceId });
      if (!claimed) return 0;
      const recipients = await tx
        .select({ id: competitors.id, firstName: competitors.firstName, email: competitors.email })
        .from(competitors)
        .where(
          and(
            eq(competitors.notifyReminders, true),
            isNotNull(competitors.email),
            sql`NOT EXISTS (SELECT 1 FROM ${raceRegistrations} r WHERE r.race_id = ${race.id} AND r.competitor_id = ${competitors.id})`,
          ),
        )
        .orderBy(competitors.id);
      const messages: OutgoingMessage[] = [];
      for (const recipient of recipients) {
        const link = await issueMessageLink(tx, recipient.id, club.siteUrl);
        messages.push({
          kind: "entry-reminder",
          to: recipient.email!,
          ...entryReminderMessage({
            clubName: club.clubName,
            firstName: recipient.firstName,
            race,
            closesAt: `on ${formatEntryTime(race.closesAt!, timeZone)}`,
            raceUrl: `${club.siteUrl}/calendar/${race.id}`,
            entryUrl: `${club.siteUrl}/race-registration`,
            preferencesUrl: link.preferencesUrl,
          }),
          headers: unsubscribeHeaders(link.unsubscribeUrl),
        });
      }
      await enqueue(tx, messages, club);
      await tx
        .update(raceMessages)
        .set({ recipients: messages.length })
        .where(and(eq(raceMessages.raceId, race.id), eq(raceMessages.kind, "entry-reminder")));
      return messages.length;
    });
  }
  return queued;
}

/**
 * Duty reminders (issue 36 item 2, decision 0058): 7 days and 1 day before the race, to each person
 * on duty who has not said no (on by default; the race e-mails' preferences page and one-click
 * unsubscribe turn it off), through the outbox and its per-recipient cap. Each is claimed on its place's row
 * (week_reminder_at, day_reminder_at) in the transaction that queues it: sent once, whatever the
 * number of instances or runs.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { enqueue } from "~/domain/platform/outbox.server";
import { erasedRacer } from "~/domain/racer/erased.server";
import { issueMessageLink } from "~/domain/registration/race-messages.server";
import { unsubscribeHeaders } from "~/lib/registration/race-messages";
import { dutyReminderDue, type DutyReminderKind } from "~/lib/race-day/duties";
import { dutyReminderMessage } from "~/lib/race-day/duty-messages";
import type { ClubSite } from "~/lib/platform/club";

interface DuePlace extends Record<string, unknown> {
  duty_id: number;
  competitor_id: number;
  race_id: number;
  date: string;
  title: string;
  location: string;
  duty: string;
  first_name: string;
  email: string;
  week_sent: boolean;
  day_sent: boolean;
}

const COLUMN: Record<DutyReminderKind, string> = { week: "week_reminder_at", day: "day_reminder_at" };

/** Queues every duty reminder due today (the club's `today`); returns how many were queued. */
export async function queueDutyReminders(db: Database, club: ClubSite, today: string): Promise<number> {
  const { rows } = await db.execute<DuePlace>(sql`
    SELECT p.duty_id, p.competitor_id, p.race_id, r.date::text AS date, r.title, r.location, d.name AS duty,
           c.first_name, c.email, p.week_reminder_at IS NOT NULL AS week_sent, p.day_reminder_at IS NOT NULL AS day_sent
      FROM duty_places p
      JOIN race_duties d ON d.id = p.duty_id
      JOIN races r ON r.id = p.race_id
      JOIN competitors c ON c.id = p.competitor_id
     WHERE r.status = 'upcoming' AND r.date BETWEEN ${today}::date AND ${today}::date + 7
       AND c.duty_reminders AND c.email IS NOT NULL AND NOT ${erasedRacer(sql`c.id`)}
       AND (p.week_reminder_at IS NULL OR p.day_reminder_at IS NULL)
     ORDER BY r.date, p.duty_id, p.competitor_id`);
  let queued = 0;
  for (const place of rows) {
    const kind = dutyReminderDue(place.date, today);
    if (!kind || (kind === "week" ? place.week_sent : place.day_sent)) continue;
    queued += await db.transaction(async (tx) => {
      const { rowCount } = await tx.execute(sql`
        UPDATE duty_places SET ${sql.identifier(COLUMN[kind])} = now()
         WHERE duty_id = ${place.duty_id} AND competitor_id = ${place.competitor_id} AND ${sql.identifier(COLUMN[kind])} IS NULL`);
      if (!rowCount) return 0;
      const link = await issueMessageLink(tx, place.competitor_id, club.siteUrl);
      const sent = await enqueue(
        tx,
        [
          {
            kind: `duty-reminder-${kind}`,
            to: place.email,
            ...dutyReminderMessage({
              clubName: club.clubName,
              firstName: place.first_name,
              duty: place.duty,
              kind,
              race: place,
              raceUrl: `${club.siteUrl}/calendar/${place.race_id}`,
              preferencesUrl: link.preferencesUrl,
            }),
            headers: unsubscribeHeaders(link.unsubscribeUrl),
          },
        ],
        club,
      );
      return sent.length;
    });
  }
  return queued;
}

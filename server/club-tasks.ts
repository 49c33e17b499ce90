/**
 * The club's background tasks that need the club as its settings hold it at each run (its name,
 * address, time zone and number of years may change while the server runs): the entry reminders
 * (decision 0022), the duty reminders (decision 0058) and retention by inactivity (decision 0054).
 * Each runs on a timer (server/periodic.ts) on every instance; each claims its work in the
 * database, so an e-mail is queued once whatever the number of instances.
 */
import type { Database } from "~/db/client";
import { runInactivityRetention } from "~/domain/privacy/inactivity.server";
import { queueDutyReminders } from "~/domain/race-day/duty-reminders.server";
import { queueEntryReminders } from "~/domain/registration/race-messages.server";
import type { ClubSite } from "~/lib/platform/club";
import type { Logger } from "~/server/logger";
import { runPeriodically } from "~/server/periodic";

/** The club at the moment a task runs. */
export interface ClubNow {
  club: ClubSite;
  timeZone: string;
  /** The club's date, pinned in tests. */
  today: string;
  inactiveYears: number;
}

export interface ClubTask {
  /** How the log names it: "<name> failed"; a run that did something logs `doneMessage`. */
  name: string;
  doneMessage: string;
  firstAfterMs: number;
  everyMs: number;
  /** Runs once; returns what to log when it did something, null when it found nothing to do. */
  run: (db: Database, now: ClubNow) => Promise<Record<string, number> | null>;
}

const queued = (n: number) => (n ? { queued: n } : null);

export const CLUB_TASKS: readonly ClubTask[] = [
  {
    name: "entry reminders",
    doneMessage: "entry reminders queued",
    firstAfterMs: 10_000,
    everyMs: 5 * 60_000,
    run: (db, now) => queueEntryReminders(db, now.club, now.timeZone).then(queued),
  },
  {
    name: "duty reminders",
    doneMessage: "duty reminders queued",
    firstAfterMs: 15_000,
    everyMs: 5 * 60_000,
    run: (db, now) => queueDutyReminders(db, now.club, now.today).then(queued),
  },
  {
    name: "retention by inactivity",
    doneMessage: "retention by inactivity",
    firstAfterMs: 60_000,
    everyMs: 60 * 60_000,
    run: (db, now) =>
      runInactivityRetention(db, now.club, now.inactiveYears).then(({ notified, removed }) =>
        notified || removed ? { notified, removed } : null,
      ),
  },
];

/** Starts every club task; the returned stop waits for the runs in progress. */
export function scheduleClubTasks(
  db: Database,
  clubNow: () => Promise<ClubNow>,
  log: Pick<Logger, "info" | "error">,
  tasks: readonly ClubTask[] = CLUB_TASKS,
): () => Promise<void> {
  const stops = tasks.map((task) =>
    runPeriodically(
      () =>
        clubNow()
          .then((now) => task.run(db, now))
          .then((fields) => {
            if (fields) log.info(fields, task.doneMessage);
          })
          .catch((error: unknown) => log.error({ err: error }, `${task.name} failed`)),
      task.firstAfterMs,
      task.everyMs,
    ),
  );
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

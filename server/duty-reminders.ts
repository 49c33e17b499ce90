/**
 * Every few minutes, queues the duty reminders that are due (app/domain/race-day/duty-reminders.server.ts,
 * decision 0058): 7 days and 1 day before a race. Every instance may run it: each reminder is claimed
 * on its duty place's row, once.
 */
import type { Database } from "~/db/client";
import { queueDutyReminders } from "~/domain/race-day/duty-reminders.server";
import type { ClubSite } from "~/lib/platform/club";
import type { Logger } from "~/server/logger";
import { runPeriodically } from "~/server/periodic";

export function scheduleDutyReminders(
  db: Database,
  /** The club as its settings hold it at each run (its name, address and time zone may change). */
  club: () => Promise<{ club: ClubSite; today: string }>,
  log: Pick<Logger, "info" | "error">,
  intervalMs = 5 * 60_000,
): () => Promise<void> {
  return runPeriodically(
    () =>
      club()
        .then(({ club: now, today }) => queueDutyReminders(db, now, today))
        .then((queued) => {
          if (queued) log.info({ queued }, "duty reminders queued");
        })
        .catch((error: unknown) => log.error({ err: error }, "duty reminders failed")),
    15_000,
    intervalMs,
  );
}

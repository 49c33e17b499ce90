/**
 * Every few minutes, queues the entry reminders that are due (app/domain/registration/race-messages.server.ts,
 * decision 0022). Every instance may run it: a race's reminder is claimed in the database, once.
 */
import type { Database } from "~/db/client";
import { queueEntryReminders } from "~/domain/registration/race-messages.server";
import type { ClubSite } from "~/lib/platform/club";
import type { Logger } from "~/server/logger";
import { runPeriodically } from "~/server/periodic";

export function scheduleEntryReminders(
  db: Database,
  /** The club as its settings hold it at each run (its name, address and time zone may change). */
  club: () => Promise<{ club: ClubSite; timeZone: string }>,
  log: Pick<Logger, "info" | "error">,
  intervalMs = 5 * 60_000,
): () => Promise<void> {
  return runPeriodically(
    () =>
      club()
        .then(({ club: now, timeZone }) => queueEntryReminders(db, now, timeZone))
        .then((queued) => {
          if (queued) log.info({ queued }, "entry reminders queued");
        })
        .catch((error: unknown) => log.error({ err: error }, "entry reminders failed")),
    10_000,
    intervalMs,
  );
}

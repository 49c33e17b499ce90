/**
 * Every hour, retention by inactivity (app/domain/privacy/inactivity.server.ts, issue 35 item 5):
 * contact details removed where a notice's days are over, then the new notices e-mailed. Beside the
 * hourly pruning (prunePrivacy), here because it needs the club as its settings hold it at each run
 * (its number of years, its name and address). Every instance may run it: a run holds a lock.
 */
import type { Database } from "~/db/client";
import { runInactivityRetention } from "~/domain/privacy/inactivity.server";
import type { ClubSite } from "~/lib/platform/club";
import type { Logger } from "~/server/logger";
import { runPeriodically } from "~/server/periodic";

export function scheduleInactivityRetention(
  db: Database,
  club: () => Promise<{ club: ClubSite; inactiveYears: number }>,
  log: Pick<Logger, "info" | "error">,
  intervalMs = 60 * 60_000,
): () => Promise<void> {
  return runPeriodically(
    () =>
      club()
        .then(({ club: now, inactiveYears }) => runInactivityRetention(db, now, inactiveYears))
        .then(({ notified, removed }) => {
          if (notified || removed) log.info({ notified, removed }, "retention by inactivity");
        })
        .catch((error: unknown) => log.error({ err: error }, "retention by inactivity failed")),
    60_000,
    intervalMs,
  );
}

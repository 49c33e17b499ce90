/**
 * Changes to the data public pages show: every write to these tables bumps the sequence
 * `public_data_version` and sends NOTIFY data_changed (migration 0006). A table added by a later
 * migration that public pages read goes in this list: start-up attaches the trigger.
 */
import pg from "pg";

export const PUBLIC_DATA_TABLES = [
  "competitors",
  "races",
  "race_results",
  "race_registrations",
  "seasons",
  "heats",
  "heat_entries",
  "race_result_changes",
  // The club's name, words and links are on every page (/admin/settings).
  "club_settings",
  "news",
  // A race page reads its uploaded image's size and widths (issue 24 item 2).
  "images",
  // A race page's "12 of 15 boats checked in" (issue 36 item 1).
  "race_check_ins",
  // A race page's requests for a results check and their outcomes (issue 36 item 3).
  "results_check_requests",
  // A race page's duty roster (issue 36 item 2): names only.
  "race_rosters",
  "race_duties",
  "duty_places",
] as const;
export const DATA_CHANGED_CHANNEL = "data_changed";
/** NOTIFY race_changed, payload the race id: a race's results, heats or marks changed (migration 0012). */
export const RACE_CHANGED_CHANNEL = "race_changed";

/** Attaches the change trigger to every public table that exists (idempotent; under a lock). */
export async function watchPublicTables(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock(hashtext('watch_public_table'))");
    await client.query(
      `SELECT watch_public_table(t::regclass) FROM unnest($1::text[]) AS t
        WHERE to_regclass(t) IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(t) AND tgname = 'public_data_changed')`,
      [PUBLIC_DATA_TABLES],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The current data version (changes with every write to a public table). */
export async function dataVersion(pool: pg.Pool): Promise<string> {
  const { rows } = await pool.query<{ version: string }>(
    "SELECT (last_value::text || ':' || is_called::text) AS version FROM public_data_version",
  );
  return rows[0]!.version;
}

export interface DataChangeListener {
  /** True while the LISTEN connection is up: only then may cached pages be served. */
  listening(): boolean;
  stop(): Promise<void>;
}

/**
 * A dedicated connection LISTENing for data changes, reconnecting with backoff when it drops.
 * `onChange` runs on every notification, and whenever notifications may have been missed (the
 * connection dropped or came back) or the version moved (a poll, in case one was lost).
 */
// eslint-disable-next-line max-lines-per-function -- the listener's life (connect, listen, reconnect with back-off, stop) shares one connection's state
export function listenForDataChanges({
  connectionString,
  pool,
  onChange,
  onRaceChange,
  onError,
  pollMs = 5_000,
}: {
  connectionString: string;
  pool: pg.Pool;
  onChange: (reason: string) => void;
  /** Runs for each race whose live page changed (live results); after `onChange` of the same write. */
  onRaceChange?: (raceId: number) => void;
  onError: (error: unknown) => void;
  pollMs?: number;
}): DataChangeListener {
  let client: pg.Client | undefined;
  let up = false;
  let stopped = false;
  let delay = 500;
  let retry: NodeJS.Timeout | undefined;
  let lastVersion: string | undefined;

  const down = (error?: unknown) => {
    if (error) onError(error);
    const wasUp = up;
    up = false;
    client?.removeAllListeners();
    client?.end().catch(() => undefined);
    client = undefined;
    if (wasUp) onChange("listener disconnected");
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, delay);
      retry.unref();
      delay = Math.min(delay * 2, 30_000);
    }
  };

  const connect = async () => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on("error", down);
    next.on("end", () => client === next && down());
    next.on("notification", (message) => {
      if (message.channel === DATA_CHANGED_CHANNEL) onChange(message.payload ?? "change");
      else if (message.channel === RACE_CHANGED_CHANNEL) {
        const raceId = Number(message.payload);
        // The race's page must be rendered afresh before its live listeners refetch it.
        if (Number.isSafeInteger(raceId) && raceId > 0) {
          onChange(RACE_CHANGED_CHANNEL);
          onRaceChange?.(raceId);
        }
      }
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${DATA_CHANGED_CHANNEL}; LISTEN ${RACE_CHANGED_CHANNEL}`);
      if (stopped || client !== next) return void next.end().catch(() => undefined);
      lastVersion = await dataVersion(pool);
      up = true;
      delay = 500;
      // Anything may have changed while nobody listened.
      onChange("listener connected");
    } catch (error) {
      if (client === next) down(error);
    }
  };

  // Belt and braces: a notification lost in transit still shows up as a new version.
  const poll = setInterval(() => {
    if (!up) return;
    dataVersion(pool).then(
      (version) => {
        if (lastVersion !== undefined && version !== lastVersion) onChange("data version moved");
        lastVersion = version;
      },
      () => undefined,
    );
  }, pollMs);
  poll.unref();

  void connect();
  return {
    listening: () => up,
    async stop() {
      stopped = true;
      clearInterval(poll);
      if (retry) clearTimeout(retry);
      up = false;
      const c = client;
      client = undefined;
      c?.removeAllListeners();
      await c?.end().catch(() => undefined);
    },
  };
}

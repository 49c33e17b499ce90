import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "~/db/schema";

export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** The handle a `db.transaction` callback gets: what a write that is one step of a larger one takes. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

// Race dates are calendar days: keep PostgreSQL's `date` as the "yyyy-MM-dd" string it sends,
// never a JavaScript Date that a time zone could shift by a day.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export function createPool(connectionString: string, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server must not crash the process; the next query reconnects.
  pool.on("error", () => undefined);
  return pool;
}

export function createDatabase(pool: pg.Pool): Database {
  return drizzle(pool, { schema });
}

/**
 * Data a browser test builds for itself, written straight into a test site's database as the
 * integration tests' factories do (tests/support/factories.ts), so no test depends on what another
 * test running in parallel writes. The sites run an embedded PostgreSQL in
 * club-e2e-data-<port> (tests/support/scratch-dir.ts) and leave their socket directory and
 * password there for shell commands (db/embedded-postgres.ts); we connect the same way. Nothing in
 * the application changes for this: no test-only route, no backdoor.
 *
 * Tests that build data do it on the own-data site (OWN_DATA_SITE: empty, admin from ADMIN_*),
 * never on the demo site that read-only tests read, and keep to their own rows: names made unique
 * per call (`uniqueName`), their own races, their own class or year for standings.
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { addDays, format, parseISO } from "date-fns";
import { createDatabase, createPool, type Database } from "~/db/client";
import { createCompetitor, createHeat, createRace, createRegistration, createResult } from "../support/factories";
import { siteDataDir } from "../support/scratch-dir";

const DEMO_PORT = Number(process.env.E2E_PORT ?? 4100);
export const OWN_DATA_PORT = DEMO_PORT + 3;
export const OWN_DATA_SITE = `http://localhost:${OWN_DATA_PORT}`;

/** The club's "today" the servers of this run use (TEST_TODAY, fixed by playwright.config.ts). */
export function today(): string {
  const pinned = process.env.TEST_TODAY;
  if (!pinned) throw new Error("TEST_TODAY is not set: run the browser tests through playwright.config.ts");
  return pinned;
}

/** A day `offset` days from the run's "today". */
export function dayFromToday(offset: number): string {
  return format(addDays(parseISO(today()), offset), "yyyy-MM-dd");
}

/** A connection string to the database of the test site on `port`. */
export async function siteDatabaseUrl(port: number): Promise<string> {
  const dataDir = siteDataDir(port);
  const socketDir = (await readFile(path.join(dataDir, ".pg-socket"), "utf8")).trim();
  const password = (await readFile(path.join(dataDir, ".pg-password"), "utf8")).trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@localhost/postgres?host=${encodeURIComponent(socketDir)}&port=5432`;
}

/** Runs `build` against the site's database (own-data site by default), then disconnects. */
export async function withSiteDatabase<T>(build: (db: Database) => Promise<T>, port = OWN_DATA_PORT): Promise<T> {
  const pool = createPool(await siteDatabaseUrl(port), 2);
  try {
    return await build(createDatabase(pool));
  } finally {
    await pool.end();
  }
}

/** A capitalised word no other test (nor a later run) uses: "Qxkfbm". */
export function uniqueName(): string {
  const letters = [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join("");
  return letters[0]!.toUpperCase() + letters.slice(1);
}

/** A racer with a unique last name; the label the race entry form shows for them. */
export async function createDriver(
  db: Database,
  values: { firstName: string; lastName?: string; boatNumber: string; boatName?: string; boatClasses?: string[] },
) {
  const lastName = values.lastName ?? uniqueName();
  const row = await createCompetitor(db, {
    email: `${values.firstName.toLowerCase()}.${lastName.toLowerCase()}.${uniqueName().toLowerCase()}@example.com`,
    boatName: null,
    ...values,
    lastName,
  });
  return {
    ...row,
    label: `${row.firstName} ${row.lastName} - Boat #${row.boatNumber}`,
    name: `${row.firstName} ${row.lastName}`,
  };
}

export { createCompetitor, createHeat, createRace, createRegistration, createResult };

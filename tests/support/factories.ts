/** Test data with sensible defaults; each test states only what matters to it. */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client";
import { adminById, adminNamed, upsertAdmin } from "~/domain/admin/auth.server";
import { admins, competitors, heatEntries, heats, raceRegistrations, raceResults, races } from "~/db/schema";

let counter = 0;
const next = () => ++counter;
/**
 * Starts the numbering again at 1: a Vitest worker runs many files with one copy of this module
 * (vitest.config.ts), and each file gets the names, e-mails and boat numbers it would get alone
 * (tests/support/fresh-factories.ts calls this before each file).
 */
export function restartNumbering() {
  counter = 0;
}

export async function createCompetitor(db: Database, overrides: Partial<typeof competitors.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(competitors)
    .values({
      firstName: `Racer${n}`,
      lastName: `Tester${n}`,
      email: `racer${n}.${Date.now()}@example.com`,
      telephone: `441-555-${String(n).padStart(4, "0")}`,
      boatName: `Boat ${n}`,
      boatNumber: String(n),
      boatClasses: ["Open"],
      pipaConsent: true,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createRace(db: Database, overrides: Partial<typeof races.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(races)
    .values({
      title: `Race ${n}`,
      date: "2026-06-01",
      location: "Ferry Reach Park",
      description: "A club race on the reach.",
      status: "completed",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createResult(
  db: Database,
  values: { raceId: number; competitorId: number; position: number } & Partial<typeof raceResults.$inferInsert>,
) {
  const [row] = await db
    .insert(raceResults)
    .values({ boatClass: "Open", heatNumber: 1, ...values })
    .returning();
  return row!;
}

export async function createRegistration(db: Database, values: typeof raceRegistrations.$inferInsert) {
  const [row] = await db.insert(raceRegistrations).values(values).returning();
  return row!;
}

/** One heat of a race's draw with these boats in this order (as a seeded draw would store it). */
export async function createHeat(
  db: Database,
  values: { raceId: number; boatClass: string; heatNumber: number; competitorIds: number[] },
) {
  const [heat] = await db
    .insert(heats)
    .values({ raceId: values.raceId, boatClass: values.boatClass, heatNumber: values.heatNumber, method: "random", seed: 1 })
    .returning();
  if (values.competitorIds.length > 0) {
    await db.insert(heatEntries).values(
      values.competitorIds.map((competitorId, i) => ({
        heatId: heat!.id,
        raceId: values.raceId,
        boatClass: values.boatClass,
        competitorId,
        slot: i + 1,
      })),
    );
  }
  return heat!;
}

/** A TOTP secret for test admins (base32, 32 characters = 160 bits). */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/**
 * An admin whose account is complete (an e-mail address, TOTP on with TEST_TOTP_SECRET), so the
 * admin area opens to their sessions: what an invited admin has after the invitation. Use
 * upsertAdmin itself to test an account that still lacks them.
 */
export async function createAdmin(
  db: Database,
  username: string,
  password: string,
  options: { role?: "owner" | "results_officer"; email?: string; twoFactor?: boolean } = {},
) {
  const { admin } = await upsertAdmin(db, username, password, { role: options.role });
  await db
    .update(admins)
    .set({
      email: options.email ?? `${username.toLowerCase().replace(/[^a-z0-9._-]/g, "-")}.${next()}@example.org`,
      ...(options.twoFactor === false ? {} : { totpSecret: TEST_TOTP_SECRET, totpEnabledAt: new Date() }),
    })
    .where(eq(admins.id, admin.id));
  return { admin: (await adminById(db, admin.id))!, totpSecret: TEST_TOTP_SECRET };
}

/**
 * Makes an existing admin (e.g. the one ADMIN_USERNAME creates at start) a complete account, as
 * its owner would on first sign-in: an e-mail address and TOTP on with TEST_TOTP_SECRET, each
 * kept if it is already set. Sign in with signInOverHttp / signInResponse (tests/support/admin-http.ts).
 */
export async function completeAccount(db: Database, username: string) {
  const admin = await adminNamed(db, username);
  if (!admin) throw new Error(`no admin named ${username}`);
  await db
    .update(admins)
    .set({
      email: sql`coalesce(${admins.email}, ${`${admin.username.toLowerCase()}@example.org`})`,
      totpSecret: sql`coalesce(${admins.totpSecret}, ${TEST_TOTP_SECRET})`,
      totpEnabledAt: sql`coalesce(${admins.totpEnabledAt}, now())`,
    })
    .where(eq(admins.id, admin.id));
  return (await adminById(db, admin.id))!;
}

/** The SQLSTATE helpers judged on errors real PostgreSQL raises through Drizzle (which wraps them). */
import { describe, expect, it } from "vitest";
import { raceResults } from "~/db/schema";
import { isExclusionViolation, isForeignKeyViolation, isUniqueViolation, pgErrorCode } from "~/domain/platform/db-errors.server";
import { useTestDatabase } from "../support/database";
import { createCompetitor, createRace } from "../support/factories";

const { db } = await useTestDatabase();

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the statement to fail");
}

describe("PostgreSQL error helpers", () => {
  it("a second competitor with the same e-mail (any case) is a unique violation", async () => {
    await createCompetitor(db, { email: "same.address@example.com" });
    const error = await failure(createCompetitor(db, { email: "Same.Address@example.com" }));
    expect(pgErrorCode(error)).toBe("23505");
    expect(isUniqueViolation(error)).toBe(true);
    expect(isForeignKeyViolation(error)).toBe(false);
  });

  it("a result for a competitor that does not exist is a foreign key violation", async () => {
    const race = await createRace(db);
    const error = await failure(
      db
        .insert(raceResults)
        .values({ raceId: race.id, competitorId: 2_000_000_000, position: 1, boatClass: "Open", heatNumber: 1 }),
    );
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(isUniqueViolation(error)).toBe(false);
    expect(isExclusionViolation(error)).toBe(false);
  });

  it("anything that is not a database error has no code", () => {
    for (const value of [new Error("plain"), null, undefined, "23505", { code: "ENOENT" }]) {
      expect(pgErrorCode(value)).toBeUndefined();
      expect(isUniqueViolation(value)).toBe(false);
    }
  });
});

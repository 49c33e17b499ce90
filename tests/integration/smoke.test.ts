import { expect, it } from "vitest";
import { useTestDatabase } from "../support/database";
import { createCompetitor } from "../support/factories";

const { db } = await useTestDatabase();

it("gives each file a fresh database", async () => {
  const racer = await createCompetitor(db);
  expect(racer.id).toBeGreaterThan(0);
});

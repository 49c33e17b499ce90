import { expect, it } from "vitest";
import { seedDemoData } from "../../db/demo-data";
import { clubTables, createBackup, decodeBackup, encodeBackup, restoreBackup } from "~/domain/backup.server";
import { createTestDatabase, useTestDatabase } from "../support/database";
import { createRegistration } from "../support/factories";

const original = await useTestDatabase();

async function snapshot(pool: import("pg").Pool) {
  const client = await pool.connect();
  try {
    const out: Record<string, unknown[]> = {};
    for (const table of await clubTables(client)) {
      out[table] = (await client.query(`SELECT * FROM ${table} ORDER BY 1`)).rows;
    }
    return out;
  } finally {
    client.release();
  }
}

it("round trip: backup -> empty database -> restore gives identical data", async () => {
  await seedDemoData(original.db, { timeZone: "Atlantic/Bermuda" });
  await createRegistration(original.db, { raceId: 12, competitorId: 2, boatClass: "Open" });
  const before = await snapshot(original.pool);
  expect(before.race_results!.length).toBeGreaterThan(100);

  const file = encodeBackup(await createBackup(original.pool));

  const target = await createTestDatabase();
  try {
    const counts = await restoreBackup(target.pool, decodeBackup(file));
    expect(counts.competitors).toBe(20);
    expect(await snapshot(target.pool)).toEqual(before);

    // New rows continue after the restored ids.
    const { rows } = await target.pool.query(
      "INSERT INTO races (title, date) VALUES ('After restore', '2030-01-01') RETURNING id",
    );
    expect(rows[0].id).toBeGreaterThan(Math.max(...before.races!.map((r) => (r as { id: number }).id)));

    // A restore never mixes into a database that has data.
    await expect(restoreBackup(target.pool, decodeBackup(file))).rejects.toThrow(/needs an empty database/);
  } finally {
    await target.drop();
  }
});

it("refuses a file that is not a backup", () => {
  expect(() => decodeBackup(Buffer.from("hello"))).toThrow(/not a backup/);
});

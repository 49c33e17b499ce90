import { expect, it } from "vitest";
import { seedDemoData } from "~/db/demo-data";
import { clubToday } from "~/lib/util/dates";
import { clubTables, createBackup, decodeBackup, encodeBackup, restoreBackup } from "~/domain/admin/backup.server";
import { recordAudit } from "~/domain/platform/audit.server";
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
  await seedDemoData(original.db, { today: clubToday({ timeZone: "Atlantic/Bermuda" }) });
  await createRegistration(original.db, { raceId: 12, competitorId: 2, boatClass: "Open" });
  // A queued e-mail too: its id column is GENERATED ALWAYS.
  await original.pool.query(
    "INSERT INTO outbox_messages (kind, recipient, subject, body) VALUES ('registration', 'a@example.com', 'Hi', 'Body')",
  );
  // An audit entry travels with the backup, and the restore adds its own.
  await recordAudit(original.db, {
    actor: { adminId: 1, username: "treasurer", address: "192.0.2.7" },
    kind: "race.update",
    record: { type: "race", id: 12 },
    changes: { title: { before: "Old", after: "New" } },
  });
  const before = await snapshot(original.pool);
  expect(before.audit_log).toHaveLength(1);
  expect(before.race_results!.length).toBeGreaterThan(100);

  const file = encodeBackup(await createBackup(original.pool));

  const target = await createTestDatabase();
  try {
    const counts = await restoreBackup(target.pool, decodeBackup(file));
    expect(counts.competitors).toBe(20);
    const restored = await snapshot(target.pool);
    const restoreEntry = restored.audit_log!.pop() as { kind: string; admin_username: string };
    expect(restoreEntry).toMatchObject({ kind: "restore", admin_username: "(shell)" });
    expect(restored).toEqual(before);
    // The derived tables (not in the file) are rebuilt by the restore: same standings, same fields.
    for (const derived of [
      "SELECT * FROM result_totals ORDER BY competitor_id, boat_class, position",
      "SELECT * FROM race_entrants ORDER BY race_id, boat_class, competitor_id",
    ]) {
      const rebuilt = (await target.pool.query(derived)).rows;
      expect(rebuilt.length).toBeGreaterThan(0);
      expect(rebuilt).toEqual((await original.pool.query(derived)).rows);
    }
    expect(decodeBackup(file).tables).not.toHaveProperty("result_totals");
    expect(decodeBackup(file).tables).not.toHaveProperty("race_entrants");

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

it("keeps the newest 14 daily backups in DATA_DIR/backups", async () => {
  const { mkdtemp, readdir, writeFile, rm } = await import("node:fs/promises");
  const os = await import("node:os");
  const path = await import("node:path");
  const { backupNow } = await import("~/server/backup-schedule");
  const dir = await mkdtemp(path.join(os.tmpdir(), "club-backups-"));
  try {
    for (let day = 1; day <= 15; day++) {
      await writeFile(path.join(dir, `club-backup-2020-01-${String(day).padStart(2, "0")}T00-00-00-000Z.json.gz`), "old");
    }
    const file = await backupNow(original.pool, dir);
    const left = (await readdir(dir)).sort();
    expect(left).toHaveLength(14);
    expect(left).toContain(path.basename(file));
    expect(left[0]).toBe("club-backup-2020-01-03T00-00-00-000Z.json.gz");
    expect(decodeBackup(await (await import("node:fs/promises")).readFile(file)).tables.competitors).toHaveLength(20);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it("writes one daily backup when several instances share the directory, and none while the newest is fresh", async () => {
  const { mkdtemp, readdir, rm } = await import("node:fs/promises");
  const os = await import("node:os");
  const path = await import("node:path");
  const { backupIfDue } = await import("~/server/backup-schedule");
  const dir = await mkdtemp(path.join(os.tmpdir(), "club-backups-"));
  try {
    // Two instances (the container stack's replicas) checking at once on one volume.
    const written = await Promise.all([backupIfDue(original.pool, dir), backupIfDue(original.pool, dir)]);
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await backupIfDue(original.pool, dir)).toBeNull();
    expect(await readdir(dir)).toHaveLength(1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

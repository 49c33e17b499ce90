/**
 * db/schema.ts (what the code's queries are typed against) must say what the SQL migrations
 * build. A fresh database migrated from db/migrations is read back from pg_catalog and compared
 * with Drizzle's table configs: tables, columns (type, nullability, primary key), unique
 * constraints and indexes (not CHECK or EXCLUDE constraints, which Drizzle cannot express). And
 * an applied migration that is edited afterwards is refused.
 */
import { is, SQL } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { migrate, migrationChecksum, migrations } from "~/db/migrate";
import { createTestDatabase, useTestDatabase } from "../support/database";
import { startServer } from "../support/server-process";

const { pool } = await useTestDatabase();

const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

interface Shape {
  columns: string[];
  indexes: string[];
}

function describeIndex(name: string, unique: boolean, columns: string[], partial: boolean): string {
  return `${unique ? "unique " : ""}${name} (${columns.join(", ")})${partial ? " where ..." : ""}`;
}

/** What Drizzle believes, per table. */
function drizzleShape(): Record<string, Shape> {
  const shapes: Record<string, Shape> = {};
  for (const table of tables) {
    const config = getTableConfig(table);
    // A composite primary key is declared on the table, not on its columns.
    const inCompositeKey = new Set(config.primaryKeys.flatMap((key) => key.columns.map((c) => c.name)));
    const columns = config.columns.map(
      (c) =>
        `${c.name} ${c.getSQLType()}${c.notNull || inCompositeKey.has(c.name) ? " not null" : ""}${c.primary || inCompositeKey.has(c.name) ? " primary key" : ""}`,
    );
    const indexes = [
      ...config.indexes.map((i) =>
        describeIndex(
          i.config.name!,
          Boolean(i.config.unique),
          i.config.columns.map((c) => (is(c, SQL) ? "expression" : (c as { name: string }).name)),
          Boolean(i.config.where),
        ),
      ),
      ...config.uniqueConstraints.map((u) =>
        describeIndex(
          u.getName() ?? "(unnamed)",
          true,
          u.columns.map((c) => c.name),
          false,
        ),
      ),
      ...config.columns.filter((c) => c.isUnique).map((c) => describeIndex(c.uniqueName!, true, [c.name], false)),
    ];
    shapes[config.name] = { columns: columns.sort(), indexes: indexes.sort() };
  }
  return shapes;
}

/** What the migrations built, per table. */
async function databaseShape(): Promise<Record<string, Shape>> {
  const { rows: columns } = await pool.query<{
    table: string;
    column: string;
    type: string;
    not_null: boolean;
    primary: boolean;
  }>(`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS not_null,
           EXISTS (SELECT 1 FROM pg_index ix WHERE ix.indrelid = c.oid AND ix.indisprimary AND a.attnum = ANY (ix.indkey)) AS primary
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE c.relkind = 'r' AND c.relname <> 'schema_migrations'`);
  const { rows: indexes } = await pool.query<{
    table: string;
    name: string;
    unique: boolean;
    partial: boolean;
    columns: string[];
  }>(`
    SELECT t.relname AS table, i.relname AS name, ix.indisunique AS unique, ix.indpred IS NOT NULL AS partial,
           array(
             SELECT coalesce(a.attname::text, 'expression')
             FROM unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
             LEFT JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum AND k.attnum > 0
             ORDER BY k.ord
           )::text[] AS columns
    FROM pg_index ix
    JOIN pg_class i ON i.oid = ix.indexrelid
    JOIN pg_class t ON t.oid = ix.indrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'public'
    WHERE NOT ix.indisprimary AND t.relname <> 'schema_migrations'
      -- EXCLUDE constraints have no Drizzle form; like CHECKs they live only in the SQL.
      AND NOT EXISTS (SELECT 1 FROM pg_constraint x WHERE x.conindid = ix.indexrelid AND x.contype = 'x')`);
  const shapes: Record<string, Shape> = {};
  for (const c of columns) {
    (shapes[c.table] ??= { columns: [], indexes: [] }).columns.push(
      `${c.column} ${c.type}${c.not_null ? " not null" : ""}${c.primary ? " primary key" : ""}`,
    );
  }
  for (const i of indexes) shapes[i.table]!.indexes.push(describeIndex(i.name, i.unique, i.columns, i.partial));
  for (const shape of Object.values(shapes)) {
    shape.columns.sort();
    shape.indexes.sort();
  }
  return shapes;
}

describe("db/schema.ts against the migrated database", () => {
  it("has the same tables, columns (type, nullability, primary key), unique constraints and indexes", async () => {
    const actual = await databaseShape();
    const declared = drizzleShape();
    expect(Object.keys(actual).length).toBeGreaterThanOrEqual(8); // the comparison has something to compare
    expect(Object.keys(declared).sort()).toEqual(Object.keys(actual).sort());
    for (const table of Object.keys(actual)) expect(declared[table], table).toEqual(actual[table]);
  });
});

describe("migration checksums", () => {
  it("records the sha-256 of every applied migration", async () => {
    const { rows } = await pool.query<{ name: string; checksum: string }>(
      "SELECT name, checksum FROM schema_migrations ORDER BY name",
    );
    expect(rows).toEqual(migrations.map((m) => ({ name: m.name, checksum: migrationChecksum(m.sql) })));
  });

  it("records missing checksums of a database migrated before they existed, and refuses an edited migration", async () => {
    const t = await createTestDatabase();
    try {
      await t.pool.query("UPDATE schema_migrations SET checksum = NULL");
      expect(await migrate(t.pool)).toEqual([]);
      const { rows } = await t.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM schema_migrations WHERE checksum IS NULL",
      );
      expect(rows[0]!.n).toBe(0);

      const edited = migrations.map((m, i) => (i === 0 ? { ...m, sql: `${m.sql}\nCREATE INDEX sneaky ON races (title);` } : m));
      await expect(migrate(t.pool, edited)).rejects.toThrow(
        `Migration ${migrations[0]!.name} was edited after it was applied to this database`,
      );
      // Nothing of the edited file ran.
      const { rows: sneaky } = await t.pool.query("SELECT 1 FROM pg_class WHERE relname = 'sneaky'");
      expect(sneaky).toEqual([]);
      // A line-ending change is not an edit.
      const crlf = migrations.map((m) => ({ ...m, sql: m.sql.replace(/\n/g, "\r\n") }));
      expect(await migrate(t.pool, crlf)).toEqual([]);
    } finally {
      await t.drop();
    }
  });

  it("stops the site at start with one clear line when an applied migration was edited", { timeout: 60_000 }, async () => {
    const t = await createTestDatabase();
    try {
      // The same as editing the file after it was applied: the recorded checksum no longer matches.
      await t.pool.query("UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE name = $1", [migrations[0]!.name]);
      const server = await startServer({ DATABASE_URL: t.url, DEMO_DATA: "0" }, { waitUntilServing: false });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `Could not start the site: Migration ${migrations[0]!.name} was edited after it was applied to this database`,
      );
    } finally {
      await t.drop();
    }
  });
});

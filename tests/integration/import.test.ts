import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { IMPORT_FILES, importClubData, type ImportTable } from "~/domain/old-site/import.server";
import { standings } from "~/domain/championship/all-time-standings.server";
import { resultsForRaces } from "~/domain/races/public-queries.server";
import { getCompetitor } from "~/domain/racer/public-racer.server";
import { createTestDatabase, useTestDatabase } from "../support/database";

const FIXTURE = path.join(import.meta.dirname, "../fixtures/old-site-export");

async function exportFiles(): Promise<Record<ImportTable, string>> {
  const entries = await Promise.all(
    IMPORT_FILES.map(async (t) => [t, await readFile(path.join(FIXTURE, `${t}.csv`), "utf8")] as const),
  );
  return Object.fromEntries(entries) as Record<ImportTable, string>;
}

async function tableCounts(pool: import("pg").Pool) {
  const { rows } = await pool.query(
    `SELECT (SELECT count(*) FROM competitors)::int AS competitors, (SELECT count(*) FROM races)::int AS races,
            (SELECT count(*) FROM race_results)::int AS results, (SELECT count(*) FROM race_registrations)::int AS registrations`,
  );
  return rows[0];
}

describe("import of the example export", async () => {
  const { db, pool } = await useTestDatabase();

  it("imports every row, keeping ids and reading the class list", async () => {
    const report = await importClubData(pool, await exportFiles());
    expect(report.problems).toEqual([]);
    expect(report.imported).toBe(true);
    expect(await tableCounts(pool)).toEqual({ competitors: 5, races: 3, results: 11, registrations: 3 });

    const keisha = await getCompetitor(db, 5);
    expect(keisha?.name).toBe("Keisha Outerbridge");
    expect(keisha?.boatClasses).toEqual(["Open", "Superboat"]);
    expect((await getCompetitor(db, 9))?.boatClasses).toEqual(["Open"]);
    expect((await getCompetitor(db, 9))?.boatName).toBe("Longtail, the second");

    const results = await resultsForRaces(db, [101]);
    expect(results.filter((r) => r.boatClass === "Superboat")).toHaveLength(2); // both spellings, one class
    expect((await standings(db, "Superboat"))[0]?.name).toBe("Colin Pearman");

    // One audit entry for the import, in its transaction: who (the shell) and the row counts.
    const { rows: audit } = await pool.query("SELECT kind, admin_username, changes FROM audit_log");
    expect(audit).toEqual([
      { kind: "import", admin_username: "(shell)", changes: { rows: { before: null, after: report.counts } } },
    ]);
  });

  it("changes nothing when run again", async () => {
    const before = await pool.query("SELECT * FROM competitors ORDER BY id");
    const report = await importClubData(pool, await exportFiles());
    expect(report.imported).toBe(true);
    for (const table of IMPORT_FILES) {
      expect(report.counts[table].inserted, table).toBe(0);
      expect(report.counts[table].updated, table).toBe(0);
    }
    expect(report.counts.race_results.unchanged).toBe(11);
    expect((await pool.query("SELECT * FROM competitors ORDER BY id")).rows).toEqual(before.rows);
    expect(await tableCounts(pool)).toEqual({ competitors: 5, races: 3, results: 11, registrations: 3 });
  });

  it("gives new rows ids after the imported ones", async () => {
    const { rows } = await pool.query("INSERT INTO races (title, date) VALUES ('New race', '2031-01-01') RETURNING id");
    expect(rows[0].id).toBeGreaterThan(107);
  });
});

describe("an export with bad rows", async () => {
  const { pool } = await useTestDatabase();

  it("reports each bad row with its reason and imports nothing", async () => {
    const files = await exportFiles();
    files.competitors += "14,X,,not-an-email,,,1,Open,maybe,\n";
    files.race_results += "1012,999,3,1,,,,,,1,Open\n1013,101,3,0,,,,,,1,Open\n";
    const report = await importClubData(pool, files);
    expect(report.imported).toBe(false);
    expect(report.problems).toEqual([
      {
        file: "competitors.csv",
        line: 7,
        reason: expect.stringMatching(/last_name is missing.*email is not a valid address.*"maybe" is not true or false/),
      },
      { file: "race_results.csv", line: 14, reason: "position: position must be 1 or more" },
      { file: "race_results.csv", line: 13, reason: "race 999 is not in races.csv nor in the database" },
    ]);
    expect(await tableCounts(pool)).toEqual({ competitors: 0, races: 0, results: 0, registrations: 0 });
  });

  it("imports the valid rows with skipInvalid, skipping rows that depend on a bad one", async () => {
    const files = await exportFiles();
    // Competitor 12's e-mail repeats Marcus's (case-insensitively): 12 and its results are skipped.
    files.competitors = files.competitors.replace("colin.pearman@example.com", "MARCUS.TROTT@example.com");
    const report = await importClubData(pool, files, { skipInvalid: true });
    expect(report.imported).toBe(true);
    expect(report.problems.map((p) => `${p.file}:${p.line}`)).toEqual([
      "competitors.csv:6",
      "race_results.csv:6",
      "race_results.csv:11",
    ]);
    expect(await tableCounts(pool)).toEqual({ competitors: 4, races: 3, results: 9, registrations: 3 });
  });
});

describe("an export with an impossible race date", async () => {
  const { pool } = await useTestDatabase();

  it("refuses a date that is not on the calendar (2024-02-30) with file, line and reason", async () => {
    const files = await exportFiles();
    files.races += "108,Leap Day Sprint,2024-02-30,Somerset,Not a real day.,,completed,\n";
    files.races += "109,Too Early,1984-12-31,Somerset,Before the club.,,completed,\n";
    const report = await importClubData(pool, files);
    expect(report.imported).toBe(false);
    expect(report.problems).toEqual([
      {
        file: "races.csv",
        line: 5,
        reason: "date: date must be a real calendar day from 1985-01-01 to 2099-12-31, written like 2024-03-05",
      },
      {
        file: "races.csv",
        line: 6,
        reason: "date: date must be a real calendar day from 1985-01-01 to 2099-12-31, written like 2024-03-05",
      },
    ]);
    expect(await tableCounts(pool)).toEqual({ competitors: 0, races: 0, results: 0, registrations: 0 });

    const skipping = await importClubData(pool, files, { skipInvalid: true });
    expect(skipping.imported).toBe(true);
    expect(skipping.problems.map((p) => `${p.file}:${p.line}`)).toEqual(["races.csv:5", "races.csv:6"]);
    expect((await pool.query("SELECT id FROM races ORDER BY id")).rows.map((r) => r.id)).toEqual([101, 102, 107]);
  });
});

it("refuses a file that is not CSV of the expected shape", async () => {
  const t = await createTestDatabase();
  try {
    const report = await importClubData(t.pool, { races: 'id,title\n1,"unclosed\n' });
    expect(report.imported).toBe(false);
    expect(report.problems[0]?.reason).toMatch(/cannot be read as CSV/);
  } finally {
    await t.drop();
  }
});

describe("an export with control or text-direction characters (issue 21, item 5)", async () => {
  const { pool } = await useTestDatabase();

  it("reports those rows as invalid, with the forms' rule, and imports nothing", async () => {
    const files = await exportFiles();
    files.competitors += '14,Eve,Bidi,eve@example.com,,Sea\u202eHornet,"7\u001b[31m",Open,true,\n';
    files.races += '108,"Cup\r\nBEGIN:VALARM",2024-08-10,Somerset,A race.,,completed,\n';
    files.races += '109,Fine Cup,2024-08-11,"Bay\u0000",A race.,,completed,\n';
    const report = await importClubData(pool, files);
    expect(report.imported).toBe(false);
    expect(report.problems).toEqual([
      {
        file: "competitors.csv",
        line: 7,
        reason:
          "boat_name: boat_name must not contain control or text-direction characters.; " +
          "boat_number: boat_number must not contain control or text-direction characters.",
      },
      { file: "races.csv", line: 5, reason: "title: title must not contain control or text-direction characters." },
      // Lines count records: the quoted line break in line 5's title does not start a new one.
      { file: "races.csv", line: 6, reason: "location: location must not contain control or text-direction characters." },
    ]);
    expect(await tableCounts(pool)).toEqual({ competitors: 0, races: 0, results: 0, registrations: 0 });
  });
});

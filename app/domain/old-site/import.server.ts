/**
 * Import of the club's existing data: the CSV exports of the old site's four tables
 * (competitors, races, race_results, race_registrations). Ids are kept so old links stay valid.
 *
 * - Every row is checked before anything is written; problems are reported with file, line and
 *   reason. By default one problem means nothing is imported; with `skipInvalid` the valid rows
 *   are imported and rows that depend on a skipped row are skipped (and reported) too.
 * - Everything is written in one transaction: an import is whole or absent.
 * - Re-running the same import changes nothing (rows are upserted by id only when they differ).
 */
import { parse } from "csv-parse/sync";
import type pg from "pg";
import { z } from "~/lib/util/zod";
import { canonicalBoatClass, parseBoatClassList } from "~/lib/platform/boat-classes";
import { CALENDAR_DATE_RANGE, isCalendarDate } from "~/lib/util/calendar-date";
import { longPublicText, shortPublicText } from "~/lib/util/input-rules";
import { resetIdentitySequences } from "~/domain/admin/backup.server";
import { SHELL_ACTOR, recordAuditWithClient, type AuditActor } from "~/domain/platform/audit.server";

export const IMPORT_FILES = ["competitors", "races", "race_results", "race_registrations"] as const;
export type ImportTable = (typeof IMPORT_FILES)[number];

export interface ImportProblem {
  file: string;
  line: number;
  reason: string;
}

export interface ImportReport {
  problems: ImportProblem[];
  imported: boolean;
  counts: Record<ImportTable, { inserted: number; updated: number; unchanged: number; skipped: number }>;
}

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/** A blank cell is a missing value to `schema`. */
const blankIsMissing = <S extends z.ZodMiniType>(schema: S) => z.pipe(z.transform(blank), schema);
/** `schema`, then `fn` on what it gives. */
const then = <S extends z.ZodMiniType, R>(schema: S, fn: (v: z.output<S>) => R) => z.pipe(schema, z.transform(fn));
const orNull = <S extends z.ZodMiniType>(schema: S) => then(schema, (v) => v ?? null);
const optionalText = orNull(blankIsMissing(z.optional(z.string().check(z.trim()))));
// Texts the site shows publicly follow the forms' rule (app/lib/util/input-rules.ts).
const optionalPublicText = (what: string, rule = shortPublicText) =>
  orNull(blankIsMissing(z.optional(rule(what).check(z.trim()))));
const requiredText = (what: string) =>
  shortPublicText(what, `${what} is missing`).check(z.trim(), z.minLength(1, `${what} is missing`));
const id = blankIsMissing(
  z.coerce.number({ error: "id must be a whole number" }).check(z.int(), z.positive("id must be a positive whole number")),
);
const optionalInt = (what: string, min: number) =>
  orNull(
    blankIsMissing(
      z.optional(
        z.coerce
          .number({ error: `${what} must be a whole number` })
          .check(z.int(`${what} must be a whole number`), z.minimum(min, `${what} must be at least ${min}`)),
      ),
    ),
  );
const bool = z.pipe(
  blankIsMissing(z.optional(z.string())),
  z.transform((v: string | undefined, ctx) => {
    if (v === undefined) return false;
    const t = v.toLowerCase();
    if (["true", "t", "1", "yes"].includes(t)) return true;
    if (["false", "f", "0", "no"].includes(t)) return false;
    ctx.issues.push({ code: "custom", message: `"${v}" is not true or false`, input: v });
    return z.NEVER;
  }),
);
const timestamp = orNull(
  blankIsMissing(z.optional(z.string())).check(
    z.refine((v) => v === undefined || !Number.isNaN(Date.parse(v)), "is not a date and time"),
  ),
);
const date = then(z.string({ error: "date is missing" }).check(z.trim()), (v) => v.slice(0, 10)).check(
  z.refine(
    isCalendarDate,
    `date must be a real calendar day from ${CALENDAR_DATE_RANGE.min} to ${CALENDAR_DATE_RANGE.max}, written like 2024-03-05`,
  ),
);

const schemas = {
  competitors: z.object({
    id,
    first_name: requiredText("first_name"),
    last_name: requiredText("last_name"),
    email: optionalText.check(z.refine((v) => v === null || z.email().safeParse(v).success, "email is not a valid address")),
    telephone: optionalText,
    boat_name: optionalPublicText("boat_name"),
    boat_number: then(optionalPublicText("boat_number"), (v) => v ?? ""),
    // The old site kept the class list as a comma string in boat_color ("Open,SuperBoat").
    boat_color: then(optionalText, (v) => {
      const classes = parseBoatClassList(v);
      return classes.length ? classes : ["Open"];
    }),
    pipa_consent: bool,
    created_at: timestamp,
  }),
  races: z.object({
    id,
    title: requiredText("title"),
    date,
    location: then(optionalPublicText("location"), (v) => v ?? ""),
    description: then(optionalPublicText("description", longPublicText), (v) => v ?? ""),
    image_url: optionalText,
    status: then(blankIsMissing(z.optional(z.string().check(z.trim(), z.toLowerCase()))), (v) => v ?? "upcoming").check(
      z.refine((v) => v === "upcoming" || v === "completed", "status must be upcoming or completed"),
    ),
    created_at: timestamp,
  }),
  race_results: z.object({
    id,
    race_id: id,
    competitor_id: id,
    position: blankIsMissing(
      z.coerce
        .number({ error: "position must be a whole number" })
        .check(z.int("position must be a whole number"), z.positive("position must be 1 or more")),
    ),
    lap_time: optionalText,
    best_lap: optionalText,
    total_time: optionalText,
    laps: optionalInt("laps", 0),
    points: optionalInt("points", 0),
    heat_number: then(optionalInt("heat_number", 1), (v) => v ?? 1),
    boat_class: then(optionalText, (v) => canonicalBoatClass(v ?? "Open")),
  }),
  race_registrations: z.object({
    id: orNull(blankIsMissing(z.optional(id))),
    race_id: id,
    competitor_id: id,
    boat_class: then(requiredText("boat_class"), canonicalBoatClass),
    created_at: timestamp,
  }),
};

type Rows = { [T in ImportTable]: (z.infer<(typeof schemas)[T]> & { line: number })[] };

// eslint-disable-next-line max-lines-per-function -- the import's steps in one transaction, in the order of the tables' dependencies
export async function importClubData(
  pool: pg.Pool,
  csv: Partial<Record<ImportTable, string>>,
  { skipInvalid = false, actor = SHELL_ACTOR }: { skipInvalid?: boolean; actor?: AuditActor } = {},
): Promise<ImportReport> {
  const problems: ImportProblem[] = [];
  const counts = Object.fromEntries(
    IMPORT_FILES.map((t) => [t, { inserted: 0, updated: 0, unchanged: 0, skipped: 0 }]),
  ) as ImportReport["counts"];
  const problem = (table: ImportTable, line: number, reason: string) => {
    problems.push({ file: `${table}.csv`, line, reason });
    counts[table].skipped++;
  };

  /** One file's rows that pass its schema, each with its line; every other row is a problem. */
  function readTable<S extends z.ZodMiniType<object>>(table: ImportTable, schema: S): (z.infer<S> & { line: number })[] {
    const text = csv[table];
    if (text === undefined) return [];
    let records: Record<string, string>[];
    try {
      records = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: false });
    } catch (error) {
      problems.push({ file: `${table}.csv`, line: 0, reason: `cannot be read as CSV: ${(error as Error).message}` });
      return [];
    }
    const valid: (z.infer<S> & { line: number })[] = [];
    records.forEach((record, index) => {
      const line = index + 2; // line 1 is the header
      const parsed = schema.safeParse(record);
      if (parsed.success) valid.push({ ...parsed.data, line });
      else
        problem(
          table,
          line,
          parsed.error.issues.map((i) => (i.path.length ? `${i.path.join(".")}: ` : "") + i.message).join("; "),
        );
    });
    return valid;
  }

  // In IMPORT_FILES' order, so the problems are listed file by file.
  const rows: Rows = {
    competitors: readTable("competitors", schemas.competitors),
    races: readTable("races", schemas.races),
    race_results: readTable("race_results", schemas.race_results),
    race_registrations: readTable("race_registrations", schemas.race_registrations),
  };

  const client = await pool.connect();
  try {
    await checkRelations(client, rows, problem);
    if (problems.length && !skipInvalid) return { problems, imported: false, counts };

    await client.query("BEGIN");
    await upsert(
      client,
      "competitors",
      rows.competitors,
      ["first_name", "last_name", "email", "telephone", "boat_name", "boat_number", "boat_classes", "pipa_consent"],
      counts,
      (r) => ({
        ...r,
        boat_classes: r.boat_color,
      }),
    );
    await upsert(client, "races", rows.races, ["title", "date", "location", "description", "image_url", "status"], counts);
    await upsert(
      client,
      "race_results",
      rows.race_results,
      [
        "race_id",
        "competitor_id",
        "position",
        "lap_time",
        "best_lap",
        "total_time",
        "laps",
        "points",
        "heat_number",
        "boat_class",
      ],
      counts,
    );
    await insertRegistrations(client, rows.race_registrations, counts);
    await resetIdentitySequences(client);
    // One entry for the whole import: how many rows of each file went in (not each row's values).
    await recordAuditWithClient(client, { actor, kind: "import", changes: { rows: { before: null, after: counts } } });
    await client.query("COMMIT");
    return { problems, imported: true, counts };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Duplicates and references, against the files and what the database already holds. */
// eslint-disable-next-line max-lines-per-function -- one check per relation of the old site's tables, in their order: a list read top to bottom
async function checkRelations(
  client: pg.PoolClient,
  rows: Rows,
  problem: (table: ImportTable, line: number, reason: string) => void,
) {
  const keep = <T extends { line: number }>(table: ImportTable, list: T[], test: (row: T) => string | null) => {
    const kept: T[] = [];
    for (const row of list) {
      const reason = test(row);
      if (reason) problem(table, row.line, reason);
      else kept.push(row);
    }
    return kept;
  };
  const firstLine = new Map<string, number>();
  const duplicate = (key: string, line: number, what: string) => {
    const seen = firstLine.get(key);
    if (seen !== undefined) return `${what} also on line ${seen}`;
    firstLine.set(key, line);
    return null;
  };

  const { rows: existingEmails } = await client.query<{ id: number; email: string }>(
    "SELECT id, lower(email) AS email FROM competitors WHERE email IS NOT NULL",
  );
  const emailOwner = new Map(existingEmails.map((r) => [r.email, r.id]));
  rows.competitors = keep("competitors", rows.competitors, (r) => {
    const dup = duplicate(`c:${r.id}`, r.line, `competitor id ${r.id} is`);
    if (dup) return dup;
    if (r.email) {
      const owner = emailOwner.get(r.email.toLowerCase());
      if (owner !== undefined && owner !== r.id) return `email is already used by competitor ${owner}`;
      const dupEmail = duplicate(`e:${r.email.toLowerCase()}`, r.line, "the same email is");
      if (dupEmail) return dupEmail;
    }
    return null;
  });
  rows.races = keep("races", rows.races, (r) => duplicate(`r:${r.id}`, r.line, `race id ${r.id} is`));

  const existing = async (table: string, ids: number[]) =>
    new Set(
      ids.length
        ? (await client.query<{ id: number }>(`SELECT id FROM ${table} WHERE id = ANY($1::int[])`, [ids])).rows.map((r) => r.id)
        : [],
    );
  const referenced = [...rows.race_results, ...rows.race_registrations];
  const raceIds = new Set([
    ...rows.races.map((r) => r.id),
    ...(await existing(
      "races",
      referenced.map((r) => r.race_id),
    )),
  ]);
  const competitorIds = new Set([
    ...rows.competitors.map((r) => r.id),
    ...(await existing(
      "competitors",
      referenced.map((r) => r.competitor_id),
    )),
  ]);
  const references = (r: { race_id: number; competitor_id: number }) =>
    !raceIds.has(r.race_id)
      ? `race ${r.race_id} is not in races.csv nor in the database`
      : !competitorIds.has(r.competitor_id)
        ? `competitor ${r.competitor_id} is not in competitors.csv nor in the database`
        : null;

  rows.race_results = keep(
    "race_results",
    rows.race_results,
    (r) =>
      references(r) ??
      duplicate(`rr:${r.id}`, r.line, `result id ${r.id} is`) ??
      duplicate(
        `rrk:${r.race_id}:${r.heat_number}:${r.boat_class}:${r.competitor_id}`,
        r.line,
        "the same competitor in the same race, heat and class is",
      ),
  );
  rows.race_registrations = keep(
    "race_registrations",
    rows.race_registrations,
    (r) => references(r) ?? (r.id !== null ? duplicate(`reg:${r.id}`, r.line, `registration id ${r.id} is`) : null),
  );
}

async function upsert<T extends { id: number; line: number; created_at?: string | null }>(
  client: pg.PoolClient,
  table: ImportTable,
  rows: T[],
  columns: string[],
  counts: ImportReport["counts"],
  shape: (row: T) => Record<string, unknown> = (row) => row,
) {
  if (!rows.length) return;
  const hasCreatedAt = table === "competitors" || table === "races";
  const insertColumns = ["id", ...columns, ...(hasCreatedAt ? ["created_at"] : [])];
  const select = insertColumns.map((c) => (c === "created_at" ? "COALESCE(created_at, now())" : c)).join(", ");
  const { rows: changed } = await client.query<{ inserted: boolean }>(
    `INSERT INTO ${table} (${insertColumns.join(", ")})
     SELECT ${select} FROM json_populate_recordset(NULL::${table}, $1::json)
     ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(", ")}
     WHERE (${columns.map((c) => `${table}.${c}`).join(", ")}) IS DISTINCT FROM (${columns.map((c) => `EXCLUDED.${c}`).join(", ")})
     RETURNING (xmax = 0) AS inserted`,
    [JSON.stringify(rows.map(shape))],
  );
  const inserted = changed.filter((r) => r.inserted).length;
  counts[table].inserted += inserted;
  counts[table].updated += changed.length - inserted;
  counts[table].unchanged += rows.length - changed.length;
}

async function insertRegistrations(client: pg.PoolClient, rows: Rows["race_registrations"], counts: ImportReport["counts"]) {
  if (!rows.length) return;
  // A conflict on the natural key means "already registered" (unchanged); a conflict on an id that
  // holds another registration is an error that stops the whole import, never a silent drop.
  const insert = async (withId: boolean, list: Rows["race_registrations"]) => {
    if (!list.length) return;
    const { rows: inserted } = await client.query(
      `INSERT INTO race_registrations (${withId ? "id, " : ""}race_id, competitor_id, boat_class, created_at)
       SELECT ${withId ? "id, " : ""}race_id, competitor_id, boat_class, COALESCE(created_at, now())
       FROM json_populate_recordset(NULL::race_registrations, $1::json)
       ON CONFLICT (race_id, competitor_id, boat_class) DO NOTHING
       RETURNING id`,
      [JSON.stringify(list)],
    );
    counts.race_registrations.inserted += inserted.length;
    counts.race_registrations.unchanged += list.length - inserted.length;
  };
  await insert(
    true,
    rows.filter((r) => r.id !== null),
  );
  await resetIdentitySequences(client);
  await insert(
    false,
    rows.filter((r) => r.id === null),
  );
}

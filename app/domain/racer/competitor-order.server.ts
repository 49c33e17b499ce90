/**
 * The one order of people's names in every competitor list (admin competitors, the results
 * editor's picker, a race's entries, the race registration picker, the head-to-head picker): last
 * name, then first name, as a person expects them, then id. PostgreSQL's default collation here is C, which compares
 * bytes: "de Silva" came after "Zuill" and "Ávila" after everyone. ICU's root collation ("und",
 * CLDR) ignores case at the first level and sorts accented letters with their base letter:
 * Abbott, Ávila, Dawson, de Silva, Evans, O'Neill, Ochoa, Zuill. `compareNames` in
 * app/lib/racer/names.ts is the same order in JavaScript (the standings' ties by name).
 *
 * "und-x-icu" is created by initdb on every PostgreSQL built with ICU (the embedded 18 and Debian's
 * 15, both tested in CI).
 */
import { asc, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { competitors } from "~/db/schema";

export const NAME_COLLATION = "und-x-icu";

/** A name column (or `sql\`c.last_name\`` in raw SQL) in people's order, for ORDER BY. */
export function byName(column: AnyColumn | SQL): SQL {
  return sql`${column} COLLATE "und-x-icu"`;
}

/** ORDER BY of every competitor list: `.orderBy(...byCompetitorName())`. */
export function byCompetitorName(): SQL[] {
  return [byName(competitors.lastName), byName(competitors.firstName), asc(competitors.id)];
}

/**
 * PostgreSQL errors by their SQLSTATE: the one place that knows the codes
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html).
 */
export const PG_ERROR = {
  foreignKeyViolation: "23503",
  uniqueViolation: "23505",
  exclusionViolation: "23P01",
} as const;

/** PostgreSQL's error code (e.g. 23505 unique violation), whether or not Drizzle wrapped the error. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique index refused the row (e.g. an e-mail address or a season key taken a moment ago). */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG_ERROR.uniqueViolation;
}

/** A foreign key refused the change (a referenced row is missing, or still referenced). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG_ERROR.foreignKeyViolation;
}

/** An exclusion constraint refused the row (e.g. overlapping seasons). */
export function isExclusionViolation(error: unknown): boolean {
  return pgErrorCode(error) === PG_ERROR.exclusionViolation;
}

/**
 * SPEC's points table (section 9), written once: the results editor, SPEC's all-time standings
 * SQL and the tests read it from here, and a new season starts with it. A season's own table is
 * a setting an owner changes at /admin/seasons (`pointsTable` of the season), not code.
 */
export const POINTS_BY_POSITION: Readonly<Record<number, number>> = {
  1: 25,
  2: 20,
  3: 15,
  4: 13,
  5: 11,
  6: 10,
  7: 9,
  8: 8,
  9: 7,
  10: 6,
};

/** Points for every finish below 10th place. */
export const POINTS_BELOW_TABLE = 5;

export function pointsForPosition(position: number): number {
  if (!Number.isInteger(position) || position < 1) return 0;
  return POINTS_BY_POSITION[position] ?? POINTS_BELOW_TABLE;
}

/** A stored points value wins over the table (SPEC section 9). */
export function resultPoints(position: number, storedPoints: number | null | undefined): number {
  return storedPoints ?? pointsForPosition(position);
}

/**
 * How a racer erased at their request is named and linked (issue 35 item 3, decision 0053): every
 * feature that shows a racer reads it here. What an erasure removes is the privacy feature's
 * (app/lib/privacy/erasure.ts).
 */

/**
 * The name fields of the n-th erased racer (n counts erasures in the ledger's order, from 1). Every
 * page joins first and last name, so the label needs no code of its own there; "racer 7" as the
 * last name files erased racers together under R in lists ordered by last name.
 */
export function anonymousName(n: number): { firstName: string; lastName: string } {
  return { firstName: "Former", lastName: `racer ${n}` };
}

/** Whether a name is an erased racer's label (its history holds no name to erase). */
export function isAnonymousName(firstName: string | null | undefined, lastName: string | null | undefined): boolean {
  return firstName === "Former" && /^racer \d+$/.test(lastName ?? "");
}

/** "Former racer 7": what results, standings, the API, CSVs, feeds and pictures show instead of the name. */
export function anonymousLabel(n: number): string {
  const { firstName, lastName } = anonymousName(n);
  return `${firstName} ${lastName}`;
}

/**
 * Where a racer's name links: their profile (or, with `base`, the API's racer), or nowhere for a
 * racer erased at their request, whose pages answer 410: their label stays as plain text in
 * results, standings and the API. Every link to a racer goes through here, on the query's flag
 * (the erasure ledger), never on the label's wording.
 */
export function racerPath(racer: { competitorId: number; erased: boolean }, base = "/competitor"): string | null {
  return racer.erased ? null : `${base}/${racer.competitorId}`;
}

/**
 * Why an admin may not edit or merge an erased racer's record: a name or e-mail typed back, or
 * another record's details merged in, would undo the erasure (decision 0053).
 */
export const ERASED_RECORD_REFUSAL =
  "This racer's details were erased at their request: their record can no longer be edited or merged.";

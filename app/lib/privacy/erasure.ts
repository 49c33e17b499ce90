/**
 * The pure rules of erasing a racer at their request (issue 35 item 3, decision 0053): the
 * anonymous label their past results keep, and which values must leave every text the site holds.
 */

/** What an erased value becomes wherever it stood in the audit log or the outbox. */
export const ERASED = "[erased]";

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

/** A racer's details as they stood at some time: the record, a pending change, an audit entry. */
export interface KnownDetails {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  telephone?: string | null;
}

/**
 * Shorter texts are not searched for: "Al" or "12" would blank unrelated words. A name is searched
 * as the whole name the pages showed; an e-mail and a telephone as themselves.
 */
const MIN_NEEDLE = 4;

/**
 * The texts to take out of the audit log and the outbox: every full name, e-mail address and
 * telephone the racer had, from the record and from what is known of its history. Distinct,
 * case-folded, longest first (so the longer of two overlapping values is matched first).
 */
export function erasureNeedles(details: readonly KnownDetails[]): string[] {
  const found = new Set<string>();
  const add = (value: string | null | undefined) => {
    const text = value?.trim().replace(/\s+/g, " ").toLowerCase();
    if (text && text.length >= MIN_NEEDLE) found.add(text);
  };
  for (const d of details) {
    if (d.firstName && d.lastName && !isAnonymousName(d.firstName, d.lastName)) add(`${d.firstName} ${d.lastName}`);
    add(d.email);
    add(d.telephone);
  }
  found.delete(ERASED);
  return [...found].sort((a, b) => b.length - a.length || a.localeCompare(b));
}

/** The e-mail addresses among the needles: the outbox rows addressed to them are the racer's. */
export function erasedAddresses(needles: readonly string[]): string[] {
  return needles.filter((n) => n.includes("@"));
}

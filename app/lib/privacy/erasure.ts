/**
 * The pure rules of erasing a racer at their request (issue 35 item 3, decision 0053): which values
 * must leave every text the site holds. The anonymous label their past results keep is the racer
 * feature's (app/lib/racer/erased.ts).
 */
import { isAnonymousName } from "~/lib/racer/erased";

/** What an erased value becomes wherever it stood in the audit log or the outbox. */
export const ERASED = "[erased]";

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

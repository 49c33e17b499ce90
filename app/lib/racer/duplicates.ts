/**
 * Likely duplicate racers (issue 25 item 2): one person registered twice, or under a nickname,
 * splits their history in two. Pure, so the rules are unit-tested without a database. Pairs are
 * found by grouping, never by comparing every racer with every other one: a club of 2,000 racers
 * is a few milliseconds.
 */
import { editDistance as distance } from "~/lib/util/edit-distance";

export interface DuplicateCandidate {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  boatNumber: string;
}

export type DuplicateReason = "email" | "name" | "boat-number";

export const REASON_LABELS: Record<DuplicateReason, string> = {
  email: "same e-mail",
  name: "same name",
  "boat-number": "same boat number, similar name",
};

export interface DuplicatePair {
  /** The lower id first: the older record, usually the one to keep. */
  a: number;
  b: number;
  reasons: DuplicateReason[];
}

/** "José  O'Neill" -> "jose oneill": case, accents, punctuation and spacing ignored. */
export function nameKey(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Edits from a to b, giving up above two: a duplicate is at most a typo away. */
export function editDistance(a: string, b: string, limit = 2): number {
  return distance(a, b, limit);
}

/** One typo at most, and none in a name shorter than 4 letters ("Sam" / "Tim" are two people). */
function closeParts(a: string, b: string): boolean {
  if (a === b) return true;
  return Math.max(a.length, b.length) >= 4 && editDistance(a, b, 1) <= 1;
}

/**
 * Whether two names are probably one person: the same once case and accents are ignored, a typo
 * in the first name and/or the last name ("Jon Smyth" / "John Smith"), or the same last name with
 * one first name the start of the other ("Rob" / "Robert") or its initial ("R" / "Robert").
 */
export function similarNames(a: { firstName: string; lastName: string }, b: { firstName: string; lastName: string }): boolean {
  const [af, al, bf, bl] = [nameKey(a.firstName), nameKey(a.lastName), nameKey(b.firstName), nameKey(b.lastName)];
  if (`${af} ${al}` === `${bf} ${bl}`) return true;
  if (af === "" || bf === "" || al === "" || bl === "") return false;
  if (closeParts(af, bf) && closeParts(al, bl)) return true;
  return al === bl && (af.startsWith(bf) || bf.startsWith(af));
}

function addPairs(
  groups: Map<string, DuplicateCandidate[]>,
  reason: DuplicateReason,
  found: Map<string, DuplicatePair>,
  keep = (_a: DuplicateCandidate, _b: DuplicateCandidate) => true,
) {
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (let i = 0; i < group.length; i++) {
      for (let j = i + 1; j < group.length; j++) {
        const [x, y] = group[i]!.id < group[j]!.id ? [group[i]!, group[j]!] : [group[j]!, group[i]!];
        if (!keep(x, y)) continue;
        const key = `${x.id}:${y.id}`;
        const pair = found.get(key) ?? { a: x.id, b: y.id, reasons: [] };
        if (!pair.reasons.includes(reason)) pair.reasons.push(reason);
        found.set(key, pair);
      }
    }
  }
}

function groupBy(racers: readonly DuplicateCandidate[], key: (r: DuplicateCandidate) => string | null) {
  const groups = new Map<string, DuplicateCandidate[]>();
  for (const racer of racers) {
    const k = key(racer);
    if (!k) continue;
    const group = groups.get(k);
    if (group) group.push(racer);
    else groups.set(k, [racer]);
  }
  return groups;
}

/** Every likely duplicate pair, the ones with most reasons first, then by id. */
export function findDuplicates(racers: readonly DuplicateCandidate[]): DuplicatePair[] {
  const found = new Map<string, DuplicatePair>();
  addPairs(
    groupBy(racers, (r) => r.email?.trim().toLowerCase() || null),
    "email",
    found,
  );
  addPairs(
    groupBy(racers, (r) => nameKey(`${r.firstName} ${r.lastName}`) || null),
    "name",
    found,
  );
  addPairs(
    groupBy(racers, (r) => r.boatNumber.trim().toLowerCase() || null),
    "boat-number",
    found,
    similarNames,
  );
  const order: DuplicateReason[] = ["email", "name", "boat-number"];
  return [...found.values()]
    .map((p) => ({ ...p, reasons: order.filter((r) => p.reasons.includes(r)) }))
    .sort((x, y) => y.reasons.length - x.reasons.length || x.a - y.a || x.b - y.b);
}

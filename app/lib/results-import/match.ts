/**
 * Which racer a row of an import is: the boat number first (the number on the hull is what the
 * lap counter writes), then the name with case, accents and spacing ignored ("JOSE  dos santos"
 * is José dos Santos), in either order ("Smith, Jon"). Otherwise close spellings are offered
 * (a small edit distance: "Jon Smyth" for Jon Smith), and the admin chooses, or a new racer is
 * created under the name in the file.
 */
import { DRIVER_LIMITS } from "~/lib/registration/registration-forms";
import { editDistance } from "~/lib/util/edit-distance";
import type { Pause } from "~/lib/util/event-loop";

export interface KnownRacer {
  id: number;
  firstName: string;
  lastName: string;
  boatNumber: string;
}

export type RacerMatch =
  | { kind: "boat"; racer: KnownRacer; nameDiffers: boolean }
  | { kind: "name"; racer: KnownRacer }
  /** `compared` false: the preview's budget for close spellings was spent before this name. */
  | { kind: "none"; suggestions: KnownRacer[]; compared: boolean };

/** "José  DOS-Santos" -> "jose dos santos". */
export function normaliseName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** Boat numbers as written on entry lists: "#7", "07" and "7" are one boat. */
export function normaliseBoat(boat: string): string {
  const text = boat.trim().replace(/^#\s*/, "").toUpperCase();
  return /^\d+$/.test(text) ? String(Number(text)) : text;
}

/** How far apart two names may be to be offered: 1 for short names, 2 from 8 letters, 3 from 16. */
function allowedDistance(name: string): number {
  return name.length >= 16 ? 3 : name.length >= 8 ? 2 : 1;
}

export interface RacerIndex {
  byBoat: Map<string, KnownRacer[]>;
  byName: Map<string, KnownRacer[]>;
  names: { key: string; racer: KnownRacer; letters: Uint16Array }[];
}

/**
 * The longest name looked up by spelling: a first and a last name as long as the forms allow, and
 * the space between. A longer name is no racer's (the import refuses it as a new racer too), and
 * long names are what make the comparison expensive.
 */
export const MAX_SEARCHED_NAME = 2 * DRIVER_LIMITS.name + 1;

/**
 * The work one preview may spend on close spellings, in letters compared (about 0.1-0.3 s of one
 * core). A race day's file has a few dozen names that match nobody and costs a fraction of this;
 * a hostile or freak file (5,000 near-identical names against 1,000 near-identical racers) stops
 * here and its remaining rows say they were not compared. Counted, not timed: the same draft and
 * racers always give the same preview, so the confirmation's fingerprint matches it.
 */
export const CLOSE_SPELLING_WORK = 20_000_000;

// A normalised name holds a-z, 0-9 and spaces only: one count per letter for the cheap first pass.
const ALPHABET = 37;
function letterCounts(key: string): Uint16Array {
  const counts = new Uint16Array(ALPHABET);
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    counts[c >= 97 ? c - 97 + 11 : c >= 48 ? c - 48 + 1 : 0]!++;
  }
  return counts;
}

/** The club's racers, indexed once per preview (a 5,000-row file meets hundreds of racers). */
export function indexRacers(racers: readonly KnownRacer[]): RacerIndex {
  const byBoat = new Map<string, KnownRacer[]>();
  const byName = new Map<string, KnownRacer[]>();
  const names: RacerIndex["names"] = [];
  const add = (map: Map<string, KnownRacer[]>, key: string, racer: KnownRacer) => {
    if (key === "") return;
    const list = map.get(key) ?? [];
    if (!list.includes(racer)) list.push(racer);
    map.set(key, list);
  };
  for (const racer of racers) {
    add(byBoat, normaliseBoat(racer.boatNumber), racer);
    const full = normaliseName(`${racer.firstName} ${racer.lastName}`);
    add(byName, full, racer);
    add(byName, normaliseName(`${racer.lastName} ${racer.firstName}`), racer);
    names.push({ key: full, racer, letters: letterCounts(full) });
  }
  return { byBoat, byName, names };
}

/**
 * Close spellings for one preview: each name searched once, within CLOSE_SPELLING_WORK. Two
 * cheap tests come before the edit distance: the lengths (at most `limit` apart) and the letter
 * counts (each edit changes at most two of them by one).
 */
export class CloseSpellings {
  /** Letters compared so far (the length test counts 1, the letter counts 37). */
  work = 0;
  private readonly found = new Map<string, KnownRacer[]>();

  constructor(
    private readonly index: RacerIndex,
    private readonly budget = CLOSE_SPELLING_WORK,
  ) {}

  /**
   * The racers `wanted` (normalised) may be a misspelling of, best first; null once the budget is
   * spent. One name against a thousand long ones is tens of milliseconds: `pause` lets other
   * requests in between racers (issue 31 item 6), without changing what is found.
   */
  async find(wanted: string, pause: Pause = () => undefined): Promise<KnownRacer[] | null> {
    const known = this.found.get(wanted);
    if (known) return known;
    if (wanted.length > MAX_SEARCHED_NAME) return [];
    if (this.work >= this.budget) return null;
    const limit = allowedDistance(wanted);
    const letters = letterCounts(wanted);
    const close: { racer: KnownRacer; distance: number }[] = [];
    for (const [n, { key, racer, letters: theirs }] of this.index.names.entries()) {
      if (n % 32 === 31) await pause();
      this.work += 1;
      if (Math.abs(key.length - wanted.length) > limit) continue;
      this.work += ALPHABET;
      let apart = 0;
      for (let i = 0; i < ALPHABET; i++) apart += Math.abs(letters[i]! - theirs[i]!);
      if (apart > 2 * limit) continue;
      this.work += Math.min(key.length, wanted.length) * (2 * limit + 1);
      const distance = editDistance(wanted, key, limit);
      if (distance <= limit) close.push({ racer, distance });
    }
    const best = close
      .sort((a, b) => a.distance - b.distance || a.racer.id - b.racer.id)
      .slice(0, 3)
      .map((c) => c.racer);
    this.found.set(wanted, best);
    return best;
  }
}

export async function matchRacer(
  index: RacerIndex,
  boat: string,
  name: string,
  spellings: CloseSpellings = new CloseSpellings(index),
  pause?: Pause,
): Promise<RacerMatch> {
  const wanted = normaliseName(name);
  const boatKey = normaliseBoat(boat);
  const onBoat = boatKey ? (index.byBoat.get(boatKey) ?? []) : [];
  // Two racers on one boat number (a shared boat): the name decides between them.
  const boatRacer = onBoat.length === 1 ? onBoat[0]! : onBoat.find((r) => index.byName.get(wanted)?.includes(r));
  if (boatRacer) {
    const nameDiffers = wanted !== "" && !(index.byName.get(wanted) ?? []).includes(boatRacer);
    return { kind: "boat", racer: boatRacer, nameDiffers };
  }
  const named = wanted ? (index.byName.get(wanted) ?? []) : [];
  if (named.length === 1) return { kind: "name", racer: named[0]! };
  if (named.length > 1) return { kind: "none", suggestions: named.slice(0, 5), compared: true };
  if (!wanted) return { kind: "none", suggestions: onBoat.slice(0, 5), compared: true };
  const close = await spellings.find(wanted, pause);
  return { kind: "none", suggestions: close ?? [], compared: close !== null };
}

/** A new racer's first and last name from the one name in a file: "Jon Smith", "Smith, Jon", "Maverick". */
export function splitName(name: string): { firstName: string; lastName: string } {
  const text = name.trim().replace(/\s+/g, " ");
  // "Smith, Jon" only: a comma inside quotes or brackets is part of the text, not this order.
  const reversed = /^([^,()"]+),\s*([^,()"]+)$/.exec(text);
  if (reversed) return { firstName: reversed[2]!.trim(), lastName: reversed[1]!.trim() };
  const space = text.lastIndexOf(" ");
  if (space < 0) return { firstName: text, lastName: "" };
  return { firstName: text.slice(0, space), lastName: text.slice(space + 1) };
}

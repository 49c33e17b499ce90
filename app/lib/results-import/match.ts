/**
 * Which racer a row of an import is: the boat number first (the number on the hull is what the
 * lap counter writes), then the name with case, accents and spacing ignored ("JOSE  dos santos"
 * is José dos Santos), in either order ("Smith, Jon"). Otherwise close spellings are offered
 * (a small edit distance: "Jon Smyth" for Jon Smith), and the admin chooses, or a new racer is
 * created under the name in the file.
 */
import { editDistance } from "~/lib/util/edit-distance";

export interface KnownRacer {
  id: number;
  firstName: string;
  lastName: string;
  boatNumber: string;
}

export type RacerMatch =
  | { kind: "boat"; racer: KnownRacer; nameDiffers: boolean }
  | { kind: "name"; racer: KnownRacer }
  | { kind: "none"; suggestions: KnownRacer[] };

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
  names: { key: string; racer: KnownRacer }[];
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
    names.push({ key: full, racer });
  }
  return { byBoat, byName, names };
}

export function matchRacer(index: RacerIndex, boat: string, name: string): RacerMatch {
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
  if (named.length > 1) return { kind: "none", suggestions: named.slice(0, 5) };
  return { kind: "none", suggestions: wanted ? closeSpellings(index, wanted) : onBoat.slice(0, 5) };
}

function closeSpellings(index: RacerIndex, wanted: string): KnownRacer[] {
  const limit = allowedDistance(wanted);
  return index.names
    .map(({ key, racer }) => ({ racer, distance: editDistance(wanted, key, limit) }))
    .filter((c) => c.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.racer.id - b.racer.id)
    .slice(0, 3)
    .map((c) => c.racer);
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

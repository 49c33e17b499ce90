/**
 * The heat draw, pure: entrants of one class split into heats of at most H boats. Heats are as
 * even as possible (13 boats, H 6: 5, 4, 4), so nobody races in a heat of one or two while another
 * is full. A random draw comes from a recorded seed through a small PRNG (mulberry32), so a
 * draw can be shown again, and checked, from its seed: same seed and entrants, same draw.
 */
export const DEFAULT_HEAT_SIZE = 6;
export const MIN_HEAT_SIZE = 2;
export const MAX_HEAT_SIZE = 50;
/** Seeds are 31-bit so they fit anywhere (a form field, a bigint column, JSON). */
export const MAX_SEED = 2_147_483_647;

export type DrawMethod = "random" | "standings";
export const DRAW_METHOD_LABELS: Record<DrawMethod, string> = {
  random: "Random draw",
  standings: "Seeded by standings",
};

/** mulberry32: 32-bit state, good enough spread for shuffling a few dozen boats. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function newSeed(): number {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return (value! % MAX_SEED) + 1;
}

/** Heat sizes for n boats with at most h per heat, differing by at most one, larger heats first. */
export function heatSizes(n: number, h: number): number[] {
  if (n === 0) return [];
  const count = Math.ceil(n / h);
  const base = Math.floor(n / count);
  const extra = n % count;
  return Array.from({ length: count }, (_, i) => base + (i < extra ? 1 : 0));
}

/**
 * A random draw. The entrants are sorted first, so the draw depends on who entered and the seed,
 * never on the order the database returned them in.
 */
export function drawHeats<T extends number>(entrants: readonly T[], h: number, seed: number): T[][] {
  const boats = [...entrants].sort((a, b) => a - b);
  const random = seededRandom(seed);
  for (let i = boats.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [boats[i], boats[j]] = [boats[j]!, boats[i]!];
  }
  const heats: T[][] = [];
  let at = 0;
  for (const size of heatSizes(boats.length, h)) {
    heats.push(boats.slice(at, at + size));
    at += size;
  }
  return heats;
}

/**
 * A draw seeded by the standings: entrants in standings order (unranked ones last) are dealt
 * across the heats in a serpentine (1, 2, 3, 3, 2, 1, ...), so the leaders are spread over the
 * heats instead of knocking each other out in one.
 */
export function seedHeats<T>(ranked: readonly T[], h: number): T[][] {
  const sizes = heatSizes(ranked.length, h);
  const heats: T[][] = sizes.map(() => []);
  let heat = 0;
  let step = 1;
  for (const boat of ranked) {
    // Skip heats that are full (the smaller heats fill first near the end).
    while (heats[heat]!.length >= sizes[heat]!) {
      heat += step;
      if (heat === heats.length || heat < 0) {
        step = -step;
        heat += step;
      }
    }
    heats[heat]!.push(boat);
    heat += step;
    if (heat === heats.length || heat < 0) {
      step = -step;
      heat += step;
    }
  }
  return heats;
}

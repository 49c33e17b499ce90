/**
 * Boat classes. SPEC spells the second class both "Superboat" and "SuperBoat";
 * we store and show one canonical spelling and accept either on input.
 */
import { z } from "~/lib/util/zod-mini";

export const BOAT_CLASSES = ["Open", "Superboat"] as const;
export type BoatClass = (typeof BOAT_CLASSES)[number];

export function isBoatClass(value: string): value is BoatClass {
  return (BOAT_CLASSES as readonly string[]).includes(value);
}

export const DEFAULT_BOAT_CLASS: BoatClass = "Open";

export const BOAT_CLASS_DESCRIPTIONS: Record<BoatClass, string> = {
  Open: "Single motor up to 40cc",
  Superboat: "Twin motor 41 to 70cc",
};

/** Canonical spelling of a class name, or the trimmed input when it is some other class. */
export function canonicalBoatClass(input: string): string {
  const trimmed = input.trim();
  const known = BOAT_CLASSES.find((c) => c.toLowerCase() === trimmed.toLowerCase());
  return known ?? trimmed;
}

/**
 * The classes a form's checkbox group posts (nothing, one value or several), for every form that
 * takes classes: at least one, each a club class in any spelling ("SuperBoat", "open"); the
 * result is canonical, without duplicates, in the club's order. One message for every failure,
 * on the list itself.
 */
export function boatClassListSchema(message: string) {
  // zod/mini (the public forms' page script runs it too); `pipe(transform, …)` is zod's preprocess.
  return z.pipe(
    z.transform((v: unknown): unknown => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v])),
    z.pipe(
      z
        .pipe(
          z.array(z.string({ error: message }), { error: message }),
          z.transform((list: string[]) => list.map(canonicalBoatClass)),
        )
        .check(z.refine((list: string[]) => list.length > 0 && list.every(isBoatClass), message)),
      z.transform((list: string[]) => BOAT_CLASSES.filter((c) => list.includes(c))),
    ),
  );
}

/** "Open,SuperBoat" (the old site's comma string) -> ["Open", "Superboat"], without duplicates. */
export function parseBoatClassList(input: string | null | undefined): string[] {
  if (!input) return [];
  const out: string[] = [];
  for (const part of input.split(",")) {
    const name = canonicalBoatClass(part);
    if (name && !out.includes(name)) out.push(name);
  }
  return out;
}

/** The class tabs: the two club classes first, then any other class found in the data. */
export function classTabs(found: readonly string[]): string[] {
  const tabs: string[] = [...BOAT_CLASSES];
  for (const name of found.map(canonicalBoatClass)) {
    if (name && !tabs.includes(name)) tabs.push(name);
  }
  return tabs;
}

export function formatBoatClasses(classes: readonly string[] | null | undefined): string {
  return classes && classes.length > 0 ? classes.join(", ") : DEFAULT_BOAT_CLASS;
}

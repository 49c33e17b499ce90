/**
 * Race-day rules shared by the server and the pages: how entrants and heats are ordered and labelled.
 * Boat numbers are text ("7", "12", "7A"), so they are compared as numbers where they are numbers.
 */
import { ordinal } from "~/lib/util/ordinal";
import { countOf } from "~/lib/util/plural";
import type { Toast } from "~/lib/util/toast";

export interface Entrant {
  competitorId: number;
  boatNumber: string;
  boatName: string | null;
  driver: string;
}

export interface ClassEntries {
  boatClass: string;
  entrants: Entrant[];
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

export function compareBoatNumbers(a: string, b: string): number {
  return collator.compare(a, b);
}

/** "#5 Tidal Flash"; a boat without a name shows its driver instead. */
export function boatEntryLabel(entrant: Pick<Entrant, "boatNumber" | "boatName" | "driver">): string {
  const name = entrant.boatName?.trim() || entrant.driver;
  return entrant.boatNumber ? `#${entrant.boatNumber} ${name}` : name;
}

/** "3 boats", "1 boat". */
export function boatCount(n: number): string {
  return countOf(n, "boat");
}

/** "Heat 2 - Open: #5 Tidal Flash, #11 Moongate" (the race page's heat list). */
export function heatLine(
  boatClass: string,
  heatNumber: number,
  boats: readonly Pick<Entrant, "boatNumber" | "boatName" | "driver">[],
): string {
  return `Heat ${heatNumber} - ${boatClass}: ${boats.length > 0 ? boats.map(boatEntryLabel).join(", ") : "no boats"}`;
}

export interface HeatKey {
  boatClass: string;
  heatNumber: number;
}

/**
 * The heat that runs next on race day ("Next up"): the first heat, in the order the race page
 * lists them (classes in the club's order, heats ascending), that has no results yet.
 */
export function nextHeat<H extends HeatKey>(heats: readonly H[], withResults: readonly HeatKey[]): H | null {
  const done = new Set(withResults.map((r) => `${r.heatNumber} ${r.boatClass}`));
  return heats.find((h) => !done.has(`${h.heatNumber} ${h.boatClass}`)) ?? null;
}

export interface ResultLine {
  competitorId: number;
  position: number;
  laps: number | null;
  lapTime: string | null;
  bestLap: string | null;
  totalTime: string | null;
}

/**
 * What a save changed in one heat, for the change log of official results:
 * "Heat 2 Open: #7 from 3rd to 2nd; #5 added in 4th". Null when nothing changed.
 */
export function describeResultChanges(
  boatClass: string,
  heatNumber: number,
  before: readonly ResultLine[],
  after: readonly ResultLine[],
  boat: (competitorId: number) => string,
): string | null {
  const old = new Map(before.map((r) => [r.competitorId, r]));
  const now = new Map(after.map((r) => [r.competitorId, r]));
  const parts: string[] = [];
  for (const row of [...after].sort((a, b) => a.position - b.position)) {
    const was = old.get(row.competitorId);
    if (!was) parts.push(`${boat(row.competitorId)} added in ${ordinal(row.position)}`);
    else if (was.position !== row.position)
      parts.push(`${boat(row.competitorId)} from ${ordinal(was.position)} to ${ordinal(row.position)}`);
    else if (
      was.laps !== row.laps ||
      was.lapTime !== row.lapTime ||
      was.bestLap !== row.bestLap ||
      was.totalTime !== row.totalTime
    ) {
      parts.push(`${boat(row.competitorId)} laps or times corrected`);
    }
  }
  for (const row of [...before].sort((a, b) => a.position - b.position)) {
    if (!now.has(row.competitorId)) parts.push(`${boat(row.competitorId)} removed (was ${ordinal(row.position)})`);
  }
  return parts.length > 0 ? `Heat ${heatNumber} ${boatClass}: ${parts.join("; ")}` : null;
}

/** Said after a save of results that completed the race (app/domain/race-day/race-completion.server.ts). */
export const RACE_COMPLETED_NOTE = "The race is now Completed: it shows in the results archive and on the home page.";

/**
 * The toast after "Mark results official", wherever it was pressed (the Results screen, the import,
 * the Heats page): marked now, already official since a time (a second click, another admin), or refused.
 */
export function officialResultsToast(
  marked: { ok: true; message: string; since: { date: string; time: string } | null } | { ok: false; message: string },
): Toast {
  if (!marked.ok) return { type: "error", title: "Results not marked official", description: marked.message };
  if (marked.since) {
    return {
      type: "info",
      title: "Already official",
      description: `The results have been official since ${marked.since.date} ${marked.since.time}.`,
    };
  }
  return { type: "success", title: "Results marked official", description: marked.message };
}

import { classTabs } from "~/lib/platform/boat-classes";
import { resultPoints } from "~/lib/championship/points";

/** A result as the public pages show it: no e-mail, no telephone. */
export interface PublicResult {
  id: number;
  raceId: number;
  competitorId: number;
  position: number;
  points: number;
  lapTime: string | null;
  bestLap: string | null;
  totalTime: string | null;
  laps: number | null;
  heatNumber: number;
  boatClass: string;
  racerName: string;
  /** Erased at their request (decision 0053): racerName is the anonymous label, linking nowhere. */
  erased: boolean;
  boat: string;
}

export interface ResultGroup {
  boatClass: string;
  heatNumber: number;
  /** e.g. "Open, Heat 2"; empty when the race has a single class and heat. */
  label: string;
  results: PublicResult[];
}

/**
 * Groups a race's results by class, then heat, in the club's class order. A race run as one
 * class in one heat gives one unlabelled group.
 */
export function groupResults(results: readonly PublicResult[]): ResultGroup[] {
  const order = classTabs(results.map((r) => r.boatClass));
  const groups = new Map<string, ResultGroup>();
  for (const result of results) {
    const key = `${result.boatClass}\u0000${result.heatNumber}`;
    let group = groups.get(key);
    if (!group) {
      group = { boatClass: result.boatClass, heatNumber: result.heatNumber, label: "", results: [] };
      groups.set(key, group);
    }
    group.results.push(result);
  }
  const list = [...groups.values()].sort(
    (a, b) => order.indexOf(a.boatClass) - order.indexOf(b.boatClass) || a.heatNumber - b.heatNumber,
  );
  const classes = new Set(list.map((g) => g.boatClass));
  const heatsPerClass = (c: string) => list.filter((g) => g.boatClass === c).length;
  for (const group of list) {
    group.results.sort((a, b) => a.position - b.position);
    const parts: string[] = [];
    if (classes.size > 1 || heatsPerClass(group.boatClass) > 1) parts.push(group.boatClass);
    if (heatsPerClass(group.boatClass) > 1) parts.push(`Heat ${group.heatNumber}`);
    group.label = parts.join(", ");
  }
  return list;
}

export { resultPoints };

/**
 * A race's results and a racer's career as CSV rows: the same rows and numbers the race page and
 * the profile show, public fields only (never e-mail or telephone). toCsv (app/lib/util/csv.ts)
 * writes them, formula-safe.
 */
import { groupResults, type PublicResult } from "~/lib/races/results";

type Cell = string | number | null;

/** Keeps one class and/or one heat; null when that class or heat has no results (a 404). */
export function pickResults(
  results: readonly PublicResult[],
  { boatClass, heat }: { boatClass: string | null; heat: number | null },
): PublicResult[] | null {
  const picked = results.filter(
    (r) => (boatClass === null || r.boatClass === boatClass) && (heat === null || r.heatNumber === heat),
  );
  return picked.length === 0 && (boatClass !== null || heat !== null) ? null : picked;
}

/** Every result of the race, per class and heat in the page's order, finishing order within each. */
export function raceResultsCsv(race: { title: string; date: string }, results: readonly PublicResult[]): Cell[][] {
  const rows: Cell[][] = [["Race", "Date", "Class", "Heat", "Pos", "Racer", "Boat", "Laps", "Total Time", "Best Lap", "Points"]];
  for (const group of groupResults(results)) {
    for (const r of group.results) {
      rows.push([
        race.title,
        race.date,
        r.boatClass,
        r.heatNumber,
        r.position,
        r.racerName,
        r.boat,
        r.laps,
        r.totalTime,
        r.bestLap,
        r.points,
      ]);
    }
  }
  return rows;
}

/** One heat's result of a racer, as app/domain/racer-profile/profile.server.ts reads a career. */
export interface CareerCsvResult {
  raceTitle: string;
  raceDate: string;
  position: number;
  points: number;
  bestLap: string | null;
  boatClass: string;
  heatNumber: number;
}

/** The racer's whole career, newest race first (the profile's order). */
export function careerCsv(racer: string, results: readonly CareerCsvResult[]): Cell[][] {
  return [
    ["Racer", "Date", "Race", "Class", "Heat", "Pos", "Points", "Best Lap"],
    ...results.map((r) => [racer, r.raceDate, r.raceTitle, r.boatClass, r.heatNumber, r.position, r.points, r.bestLap]),
  ];
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

/** "results-2026-06-14-spring-regatta-open-heat-2.csv": safe in a Content-Disposition header. */
export function raceResultsCsvName(
  race: { date: string; title: string },
  { boatClass, heat }: { boatClass: string | null; heat: number | null },
): string {
  const parts = ["results", race.date, slug(race.title), boatClass ? slug(boatClass) : "", heat ? `heat-${heat}` : ""];
  return parts.filter(Boolean).join("-") + ".csv";
}

/** "racer-12-results.csv" */
export function careerCsvName(competitorId: number): string {
  return `racer-${competitorId}-results.csv`;
}

/**
 * How admins see no-shows (issue 36 item 1: entrants who never checked in, decision 0055): on a
 * racer's record and as a count beside a race. Counted in app/domain/race-day/check-in.server.ts.
 */
import { countOf } from "~/lib/util/plural";

/** A race a racer entered and never came to. */
export interface NoShowRace {
  raceId: number;
  title: string;
  /** YYYY-MM-DD. */
  date: string;
}

/** "No-shows: 2 (Spring Regatta 2026-04-12, Autumn Cup 2025-10-03)", newest first as given. */
export function racerNoShowsText(races: readonly NoShowRace[]): string {
  return `No-shows: ${races.length} (${races.map((r) => `${r.title} ${r.date}`).join(", ")})`;
}

/** "2 no-shows" beside a race. */
export function raceNoShowsText(count: number): string {
  return countOf(count, "no-show");
}

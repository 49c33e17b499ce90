import { raceNoShowsText, racerNoShowsText, type NoShowRace } from "~/lib/race-day/no-shows";

/** Under a racer's name on the admin's competitor list: the races they entered and never came to. */
export function RacerNoShows({ races }: { races: readonly NoShowRace[] | undefined }) {
  if (!races?.length) return null;
  return <p className="mt-1 text-xs text-muted-foreground">{racerNoShowsText(races)}</p>;
}

/** Beside a race on Race Management: how many entrants never came (none: nothing shown). */
export function RaceNoShows({ count }: { count: number | undefined }) {
  if (!count) return null;
  return <div className="mt-1 text-xs text-muted-foreground">{raceNoShowsText(count)}</div>;
}

import type { RaceRef } from "~/lib/racer-profile/racer-history";
import { formatShortDate } from "~/lib/util/dates";

/** A plain link: the profile does not hydrate, and a router Link costs hooks per row (decision 0023). */
export function RaceLink({ race, prefix }: { race: RaceRef; prefix?: string }) {
  return (
    <span className="block text-xs text-muted-foreground">
      {prefix && `${prefix} `}
      <a className="font-medium text-primary hover:underline" href={`/results/${race.raceId}`}>
        {race.raceTitle}
      </a>
      , {formatShortDate(race.raceDate)}
    </span>
  );
}

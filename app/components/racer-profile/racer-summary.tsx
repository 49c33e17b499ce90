import { Avatar } from "~/components/racer/avatar";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { boatLabel } from "~/lib/racer/names";
import { formatBoatClasses } from "~/lib/platform/boat-classes";

/**
 * The top of a racer's profile: the heading (avatar, name, boat and classes), then the Racer
 * Profile and Statistics cards side by side from 768 px.
 */
export function RacerSummary({
  competitor,
  stats,
}: {
  competitor: { name: string; boatName: string | null; boatNumber: string; boatClasses: string[] };
  stats: { races: number; points: number; wins: number; podiums: number };
}) {
  const boat = boatLabel(competitor.boatName, competitor.boatNumber);
  const classes = formatBoatClasses(competitor.boatClasses);
  return (
    <>
      <header className="flex items-center gap-4">
        <Avatar name={competitor.name} className="size-16" />
        <div>
          <h1 className="text-3xl font-bold">{competitor.name}</h1>
          <p className="text-muted-foreground">
            {boat} - {classes}
          </p>
        </div>
      </header>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Racer Profile</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="font-medium">{competitor.name}</dd>
              <dt className="text-muted-foreground">Boat</dt>
              <dd>{boat}</dd>
              <dt className="text-muted-foreground">Class</dt>
              <dd>{classes}</dd>
              <dt className="text-muted-foreground">Total Points</dt>
              <dd>{stats.points}</dd>
              <dt className="text-muted-foreground">Race Wins</dt>
              <dd>{stats.wins}</dd>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Statistics</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
              {[
                ["Races", stats.races],
                ["Points", stats.points],
                ["Wins", stats.wins],
                ["Podiums", stats.podiums],
              ].map(([label, value]) => (
                <div key={label} className="rounded-md bg-muted p-3 text-center">
                  <dt className="text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-2xl font-bold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      </div>
    </>
  );
}

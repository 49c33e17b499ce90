import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** A race's drawn heats, one line each, the heat that runs next marked on race day. */
export function RaceHeats({ raceId, heats }: { raceId: number; heats: readonly { line: string; nextUp: boolean }[] }) {
  return (
    <Card>
      <CardHeader layout="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>Heats</CardTitle>
        <a href={`/calendar/${raceId}/heat-sheet`} className="text-sm text-primary hover:underline">
          Print heat sheet
        </a>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1.5 text-sm">
          {heats.map(({ line, nextUp }) => (
            <li key={line} className={nextUp ? "font-semibold" : undefined} data-next-up={nextUp || undefined}>
              {line}
              {nextUp && (
                <Badge variant="upcoming" className="ml-2">
                  Next up
                </Badge>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

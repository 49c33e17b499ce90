import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { RESULTS_CHECK_TEXT } from "~/lib/race-day/results-check";

/**
 * A race's requests for a results check (decision 0056): while racers may file, until when; then
 * each request's outcome with the racer's name, the reason and, accepted, the change it made.
 * Nothing the racer wrote, and no contact data, is on the public page.
 */
export function RaceResultsChecks({
  openUntil,
  checks,
}: {
  openUntil: string | null;
  checks: readonly {
    id: number;
    name: string;
    heat: string;
    outcome: string | null;
    reason: string | null;
    change: string | null;
  }[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{RESULTS_CHECK_TEXT.title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {openUntil && (
          <p className="font-medium" data-testid="results-check-open">
            {RESULTS_CHECK_TEXT.openUntil(openUntil)}
          </p>
        )}
        {checks.length > 0 && (
          <ul className="space-y-2" aria-label="Requests for a results check">
            {checks.map((c) => (
              <li key={c.id}>
                <span className="font-medium">{c.name}</span>, {c.heat}:{" "}
                {c.outcome === null ? (
                  RESULTS_CHECK_TEXT.waiting
                ) : (
                  <>
                    {c.outcome === "accepted" ? RESULTS_CHECK_TEXT.accepted : RESULTS_CHECK_TEXT.refused}. {c.reason}
                    {c.change && <q className="block text-muted-foreground">{c.change}</q>}
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

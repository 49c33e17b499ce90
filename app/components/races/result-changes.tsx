import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** The change log of results edited after they became official: what changed, and when (club time). */
export function ResultChanges({
  changes,
}: {
  changes: readonly { description: string; at: string; date: string; time: string }[];
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Changes after the results became official</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1.5 text-sm" aria-label="Change log">
          {changes.map((c) => (
            <li key={c.at + c.description}>
              {c.description}, <time dateTime={c.at}>{c.time}</time> <span className="text-muted-foreground">({c.date})</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** The race page's duty roster (issue 36 item 2): names only, one line per duty (made by the loader). */
export function RaceDuties({ lines }: { lines: string[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>On duty</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

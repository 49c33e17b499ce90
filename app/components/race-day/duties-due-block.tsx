import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

const linkClass = "font-medium text-primary underline underline-offset-4";

/** The overview's warning (issue 36 item 2): a race within a week with a free duty place, each linking to its roster. */
export function DutiesDueBlock({ races }: { races: { id: number; line: string }[] }) {
  return (
    <Card aria-labelledby="overview-duties">
      <CardHeader>
        <CardTitle id="overview-duties">Duties</CardTitle>
        <CardDescription>A race within a week still needs people on duty.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        <ul role="alert" className="space-y-2 rounded-md border border-destructive p-3 font-medium text-destructive">
          {races.map((r) => (
            <li key={r.id}>
              <Link className={linkClass} to={`/admin/races/${r.id}/duties`}>
                {r.line}
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

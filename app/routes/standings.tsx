import { Link } from "react-router";
import { dbContext } from "~/context";
import { standings, standingsClasses } from "~/domain/public-queries.server";
import { Avatar } from "~/components/avatar";
import { PositionWithMedal } from "~/components/medal";
import { RouteError } from "~/components/route-error";
import { Card, CardContent } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/link-tabs";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { canonicalBoatClass } from "~/lib/boat-classes";
import type { Route } from "./+types/standings";

export const meta: Route.MetaFunction = () => [{ title: "Season Standings" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const requested = new URL(request.url).searchParams.get("class");
  const classes = await standingsClasses(db);
  const boatClass = requested ? classes.find((c) => c === canonicalBoatClass(requested)) : undefined;
  return { classes, boatClass: boatClass ?? null, rows: await standings(db, boatClass) };
}

export default function Standings({ loaderData }: Route.ComponentProps) {
  const { classes, boatClass, rows } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Season Standings</h1>
      <LinkTabs
        label="Boat class"
        current={boatClass ?? "all"}
        tabs={[
          { key: "all", label: "All Classes", to: "/standings" },
          ...classes.map((c) => ({ key: c, label: c, to: `/standings?class=${encodeURIComponent(c)}` })),
        ]}
      />
      <Card>
        <CardContent className="pt-5">
          {rows.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No standings data available for this class.</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="w-16">Pos</TableHead>
                  <TableHead>Racer</TableHead>
                  <TableHead>Boat</TableHead>
                  <TableHead>Class</TableHead>
                  <TableHead className="text-right">Wins</TableHead>
                  <TableHead className="text-right">Points</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.competitorId}>
                    <TableCell>
                      <PositionWithMedal position={row.position} />
                    </TableCell>
                    <TableCell>
                      <Link
                        to={`/competitor/${row.competitorId}`}
                        className="inline-flex items-center gap-2 font-medium text-primary hover:underline"
                      >
                        <Avatar name={row.name} />
                        {row.name}
                      </Link>
                    </TableCell>
                    <TableCell>{row.boat}</TableCell>
                    <TableCell>{row.boatClass}</TableCell>
                    <TableCell className="text-right tabular-nums">{row.wins}</TableCell>
                    <TableCell className="text-right font-semibold tabular-nums">{row.points}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <RouteError
      message="Failed to fetch standings data"
      description="An unexpected error occurred while fetching standings"
    />
  );
}

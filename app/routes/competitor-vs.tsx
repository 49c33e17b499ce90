import { readPageData, type PageHandle } from "~/lib/platform/page";
import { data, Link } from "react-router";
import { dbContext } from "~/context";
import { headToHeadView, opponents } from "~/domain/racer-profile/profile.server";
import { HeadToHeadPicker } from "~/components/racer-profile/head-to-head-picker";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatShortDate } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import { ordinal } from "~/lib/util/ordinal";
import { countOf } from "~/lib/util/plural";
import type { Route } from "./+types/competitor-vs";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";

/** The page cache keys the page on its path alone (app/lib/platform/page.ts). */
export const handle: PageHandle = { query: [] };

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [{ title: "Racer Not Found" }];
  if (loaderData.kind === "same") return [{ title: "Choose Another Racer" }];
  const title = `${loaderData.a.name} vs ${loaderData.b.name}`;
  return linkPreview(previewSite(matches), location, {
    title,
    description: `${title}: the races both ran in the same class, who finished ahead how often, and their points.`,
  });
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const otherId = parseId(params.otherId);
  const view = id && otherId ? await headToHeadView(db, id, otherId) : null;
  if (!view || view.kind === "not-found") throw data("Racer Not Found", { status: 404 });
  if (view.kind === "gone") throw data("Racer Erased", { status: 410 });
  const racer = view.kind === "same" ? view.racer : view.a;
  const others = await opponents(db, racer.id);
  if (view.kind === "same")
    return data(readPageData(request, { kind: "same" as const, racer, opponents: others }), { status: 400 });
  return readPageData(request, { kind: "ok" as const, a: view.a, b: view.b, h2h: view.h2h, opponents: others });
}

// eslint-disable-next-line max-lines-per-function -- the page's sections in the order they appear
export default function HeadToHeadPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "same") {
    const { racer, opponents: others } = loaderData;
    return (
      <div className="space-y-6">
        <h1 className="text-3xl font-bold">Choose Another Racer</h1>
        <p role="alert">
          Both sides of this head-to-head are {racer.name}. A racer cannot be compared with themselves: choose another racer.
        </p>
        <HeadToHeadPicker competitorId={racer.id} opponents={others} />
        <Link to={`/competitor/${racer.id}`} className="inline-block text-primary hover:underline">
          Back to {racer.name}
        </Link>
      </div>
    );
  }
  const { a, b, h2h, opponents: others } = loaderData;
  const racerLink = (racer: { id: number; name: string }) => (
    <Link to={`/competitor/${racer.id}`} className="text-primary hover:underline">
      {racer.name}
    </Link>
  );
  const difference =
    h2h.difference === 0
      ? "Level on points"
      : `${countOf(Math.abs(h2h.difference), "point")} to ${(h2h.difference > 0 ? a : b).name}`;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">
        {racerLink(a)} vs {racerLink(b)}
      </h1>
      <HeadToHeadPicker competitorId={a.id} opponents={others} current={b.id} />
      <Card>
        <CardHeader>
          <CardTitle>Head-to-Head</CardTitle>
        </CardHeader>
        <CardContent>
          {h2h.meetings.length === 0 ? (
            <p className="py-4 text-center text-muted-foreground">
              {a.name} and {b.name} have not raced each other in the same class yet.
            </p>
          ) : (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Races together</dt>
              <dd className="font-medium tabular-nums">{h2h.meetings.length}</dd>
              <dt className="text-muted-foreground">{a.name} ahead</dt>
              <dd className="tabular-nums">{countOf(h2h.aheadA, "time")}</dd>
              <dt className="text-muted-foreground">{b.name} ahead</dt>
              <dd className="tabular-nums">{countOf(h2h.aheadB, "time")}</dd>
              <dt className="text-muted-foreground">Same position</dt>
              <dd className="tabular-nums">{countOf(h2h.level, "time")}</dd>
              <dt className="text-muted-foreground">Points in these races</dt>
              <dd className="tabular-nums">
                {a.name} {h2h.pointsA}, {b.name} {h2h.pointsB}
              </dd>
              <dt className="text-muted-foreground">Points difference</dt>
              <dd className="font-medium">{difference}</dd>
            </dl>
          )}
        </CardContent>
      </Card>
      {h2h.meetings.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Races Together</CardTitle>
          </CardHeader>
          <CardContent>
            <Table aria-label={`Races of ${a.name} and ${b.name} in the same class`}>
              <TableHeader>
                <TableRow>
                  <TableHead>Race</TableHead>
                  <TableHead className="text-right whitespace-normal">{a.name}</TableHead>
                  <TableHead className="text-right whitespace-normal">{b.name}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {h2h.meetings.map((m) => (
                  <TableRow key={`${m.raceId} ${m.boatClass}`}>
                    <TableCell>
                      <Link to={`/results/${m.raceId}`} className="font-medium text-primary hover:underline">
                        {m.raceTitle}
                      </Link>
                      <span className="block text-xs text-muted-foreground">
                        {m.boatClass}, {formatShortDate(m.raceDate)}
                      </span>
                    </TableCell>
                    {(["a", "b"] as const).map((side) => (
                      <TableCell key={side} className="text-right tabular-nums">
                        <span className={m.ahead === side ? "font-bold" : undefined}>{ordinal(m[side].position)}</span>
                        <span className="block text-xs text-muted-foreground">
                          {countOf(m[side].points, "pt", "pts")}
                          {m.ahead === side && ", ahead"}
                        </span>
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

export { RacerErrorBoundary as ErrorBoundary } from "~/components/racer-profile/racer-not-found";

import { parseWithZod } from "@conform-to/zod/v4";
import { Plus, Pencil, Upload } from "~/components/ui/icons";
import { useState } from "react";
import { Form, Link, useSubmit } from "react-router";
import { configContext, dbContext, loggerContext } from "~/context";
import { resultsStatus } from "~/domain/race-day/race-day.server";
import { HeatResultsStatus } from "~/components/race-day/heat-results-status";
import { formatClubDateTime } from "~/lib/util/dates";
import { competitorOptions, raceOptions, replaceHeatResults } from "~/domain/race-day/results.server";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { raceHeats } from "~/domain/race-day/heats.server";
import { attempt, refused, succeeded } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { resultsForRaces } from "~/domain/races/public-queries.server";
import { ResultsDialog } from "~/components/race-day/results-dialog";
import { RouteError } from "~/components/layout/route-error";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { NativeSelect } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { resultsSchema } from "~/lib/race-day/results-schema";
import { parseId } from "~/lib/util/params";
import type { HeatDraw } from "~/lib/race-day/finish-order";
import type { PublicResult } from "~/lib/races/results";
import { RACE_COMPLETED_NOTE } from "~/lib/race-day/race-day";
import { resultsEditorUrl, selectHeat, type FieldErrors } from "~/lib/race-day/results-editor";
import type { Route } from "./+types/results";

export const meta: Route.MetaFunction = () => [{ title: "Results Management" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "results");
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const [races, competitors] = await Promise.all([raceOptions(db), competitorOptions(db)]);
  const raceId = parseId(params.get("race"));
  const race = races.find((r) => r.id === raceId) ?? null;
  let results: PublicResult[] = [];
  let draws: HeatDraw[] = [];
  let resultsFailed = false;
  let official: { date: string; time: string } | null = null;
  if (race) {
    const status = await resultsStatus(db, race.id);
    official = status.officialAt ? formatClubDateTime(status.officialAt, context.get(configContext).timeZone) : null;
    const [loaded, drawn] = await Promise.allSettled([resultsForRaces(db, [race.id]), raceHeats(db, race.id)]);
    if (loaded.status === "fulfilled") results = loaded.value;
    else {
      context.get(loggerContext).error({ err: loaded.reason }, "results load failed");
      resultsFailed = true;
    }
    // The heat draw only adds the tap pad: without it the editor works as before.
    if (drawn.status === "fulfilled") {
      draws = drawn.value.flatMap((c) =>
        c.heats.map((h) => ({ boatClass: c.boatClass, heatNumber: h.heatNumber, boats: h.boats })),
      );
    } else context.get(loggerContext).error({ err: drawn.reason }, "heat draw load failed");
  }
  const selection = selectHeat(results, { boatClass: params.get("class"), heat: params.get("heat") }, draws);
  return { races, competitors, race, results, resultsFailed, draws, official, ...selection };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "results"), context);
  const formData = await readForm(request, resultsSchema);
  const submission = parseWithZod(formData, { schema: resultsSchema });
  const fail = (description: string, status: number, formError?: string) => {
    const errors: FieldErrors = { ...(submission.reply().error ?? {}), ...(formError ? { "": [formError] } : {}) };
    return refused({ type: "error", title: "Error", description }, status, { errors });
  };
  if (submission.status !== "success") return fail("Failed to save results", 400);
  const log = context.get(loggerContext);
  const outcome = await attempt(log, "results save", () => replaceHeatResults(context.get(dbContext), submission.value, actor));
  if (!outcome) return fail("An unexpected error occurred", 500, "Nothing was changed. Please try again.");
  if (outcome.ok) {
    const { raceId, boatClass, heatNumber } = submission.value;
    const toast = { type: "success", title: "Race results saved successfully" } as const;
    return succeeded(outcome.completed ? { ...toast, description: RACE_COMPLETED_NOTE } : toast, {
      saved: { raceId, boatClass, heatNumber },
    });
  }
  switch (outcome.reason) {
    case "race-not-found":
      return fail("Failed to save race results", 404, "This race no longer exists.");
    case "competitor-not-found":
      return fail("Failed to save race results", 409, "A chosen competitor no longer exists. Reload the page and try again.");
    case "delete-failed":
      return fail("Failed to update race results", 409, "The previous results could not be replaced; nothing was changed.");
    case "insert-failed":
      return fail("Failed to save race results", 409, "The results could not be saved; the previous results are unchanged.");
  }
}

// eslint-disable-next-line max-lines-per-function -- the screen's sections in the order they appear
export default function Results({ loaderData }: Route.ComponentProps) {
  const { races, competitors, race, results, resultsFailed, draws, official, classes, boatClass, heats, heatNumber } = loaderData;
  const submit = useSubmit();
  const [dialogKey, setDialogKey] = useState<number | null>(null);
  const shown = results.filter((r) => r.boatClass === boatClass && r.heatNumber === heatNumber);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Results Management</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Form method="get" className="flex-1 space-y-2" onChange={(e) => submit(e.currentTarget)}>
            <Label htmlFor="race-select">Race</Label>
            <div className="flex gap-2">
              <NativeSelect id="race-select" name="race" defaultValue={race?.id ?? ""} key={race?.id ?? "none"}>
                <option value="" disabled>
                  Select a racing event
                </option>
                {races.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.title} ({r.dateLabel})
                  </option>
                ))}
              </NativeSelect>
              <noscript>
                <Button type="submit" variant="outline">
                  Show
                </Button>
              </noscript>
            </div>
          </Form>
          {race && (
            <Link to={`/admin/races/${race.id}/import`} className={buttonClasses({ variant: "outline" })}>
              <Upload aria-hidden />
              Import results
            </Link>
          )}
          <Button disabled={!race} onClick={() => setDialogKey(Date.now())}>
            {results.length ? <Pencil aria-hidden /> : <Plus aria-hidden />}
            {results.length ? "Edit Results" : "Add Results"}
          </Button>
        </div>

        {race && !resultsFailed && (
          <HeatResultsStatus official={official} hasResults={results.length > 0} action={`/admin/races/${race.id}/official`} />
        )}

        {race && classes.length > 1 && (
          <div role="group" aria-label="Boat class" className="flex flex-wrap gap-2">
            {classes.map((c) => (
              <Link
                key={c}
                to={resultsEditorUrl(race.id, c, 1)}
                aria-current={c === boatClass ? "true" : undefined}
                preventScrollReset
                className={buttonClasses({ variant: c === boatClass ? "default" : "outline", size: "sm" })}
              >
                {c}
              </Link>
            ))}
          </div>
        )}
        {race && heats.length > 1 && (
          <div role="group" aria-label="Heat" className="flex flex-wrap gap-2">
            {heats.map((h) => (
              <Link
                key={h}
                to={resultsEditorUrl(race.id, boatClass, h)}
                aria-current={h === heatNumber ? "true" : undefined}
                preventScrollReset
                className={buttonClasses({ variant: h === heatNumber ? "default" : "outline", size: "sm" })}
              >
                Heat {h}
              </Link>
            ))}
          </div>
        )}

        {!race ? (
          <p className="py-6 text-center text-muted-foreground">Please select a racing event to view or edit its results.</p>
        ) : resultsFailed ? (
          <p role="alert" className="py-6 text-center text-destructive">
            Failed to load race results
          </p>
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No results available for this race.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="w-16">Pos</TableHead>
                <TableHead>Competitor</TableHead>
                <TableHead className="text-right">Points</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown.map((r) => (
                <TableRow key={r.id}>
                  <TableCell className="tabular-nums">{r.position}</TableCell>
                  <TableCell>{r.racerName}</TableCell>
                  <TableCell className="text-right tabular-nums">{r.points}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {race && dialogKey !== null && (
        <ResultsDialog
          key={dialogKey}
          formKey={`results-${dialogKey}`}
          race={race}
          results={results}
          competitors={competitors}
          draws={draws}
          initialClass={boatClass}
          initialHeat={heatNumber}
          onClose={() => setDialogKey(null)}
        />
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load race data" />;
}

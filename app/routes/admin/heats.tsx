import { Lock, Shuffle } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { drawClass, heatRace, lockDraw, moveBoat, raceHeats, type HeatOutcome } from "~/domain/race-day/heats.server";
import { markResultsOfficial, resultsStatus } from "~/domain/race-day/race-day.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { useToast } from "~/components/layout/show-toast";
import { FormAlert } from "~/components/ui/form-alert";
import { RouteError } from "~/components/layout/route-error";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatClubDateTime, formatShortDate } from "~/lib/util/dates";
import { DRAW_METHOD_LABELS, MAX_HEAT_SIZE, MAX_SEED, MIN_HEAT_SIZE } from "~/lib/race-day/heat-draw";
import { drawSchema, heatFormFields, lockSchema, moveSchema, officialSchema } from "~/lib/race-day/heat-schemas";
import { parseId } from "~/lib/util/params";
import { countOf } from "~/lib/util/plural";
import { boatEntryLabel } from "~/lib/race-day/race-day";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/heats";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Heats: ${loaderData?.race.title ?? "Race"}` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const race = id ? await heatRace(db, id) : null;
  if (!race) throw data("Race Not Found", { status: 404 });
  const [classes, status] = await Promise.all([raceHeats(db, race.id), resultsStatus(db, race.id)]);
  const official = status.officialAt ? formatClubDateTime(status.officialAt, context.get(configContext).timeZone) : null;
  // Results entered at the lake for boats nobody entered online count too: they can be made official.
  return { race, classes, official, hasResults: status.hasResults };
}

function refuse(message: string, status = 400) {
  return data({ toast: { type: "error", title: "Heats not changed", description: message } satisfies Toast }, { status });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const db = context.get(dbContext);
  const raceId = parseId(params.id);
  if (!raceId) throw data("Race Not Found", { status: 404 });
  const fields = Object.fromEntries(await readForm(request, heatFormFields));
  const schema =
    fields.intent === "draw"
      ? drawSchema
      : fields.intent === "move"
        ? moveSchema
        : fields.intent === "lock"
          ? lockSchema
          : fields.intent === "official"
            ? officialSchema
            : null;
  if (!schema) return refuse("Unknown action.");
  const parsed = schema.safeParse(fields);
  if (!parsed.success) return refuse(parsed.error.issues[0]!.message);
  const input = parsed.data;
  let outcome: HeatOutcome;
  if (input.intent === "draw") outcome = await drawClass(db, { raceId, ...input });
  else if (input.intent === "move") outcome = await moveBoat(db, { raceId, ...input });
  else if (input.intent === "lock") outcome = await lockDraw(db, { raceId, boatClass: input.boatClass });
  else {
    const marked = await markResultsOfficial(db, raceId, context.get(configContext));
    // A second click (or another admin) got there first: say so calmly, and show the page as it is now.
    if (marked.ok && marked.alreadySince) {
      const since = formatClubDateTime(marked.alreadySince, context.get(configContext).timeZone);
      return redirectWithToast(`/admin/races/${raceId}/heats`, {
        type: "info",
        title: "Already official",
        description: `The results have been official since ${since.date} ${since.time}.`,
      });
    }
    outcome = marked;
  }
  if (!outcome.ok) return refuse(outcome.message, outcome.status);
  return redirectWithToast(`/admin/races/${raceId}/heats`, {
    type: "success",
    title: "Heats saved",
    description: outcome.message,
  });
}

export default function Heats({ loaderData, actionData }: Route.ComponentProps) {
  const { race, classes, official, hasResults } = loaderData;
  useToast(actionData?.toast);
  const navigation = useNavigation();
  const markingOfficial = navigation.state !== "idle" && navigation.formData?.get("intent") === "official";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Heats: {race.title}</h1>
        <p className="text-sm text-muted-foreground">
          {formatShortDate(race.date)} ·{" "}
          <Link to="/admin/races" className="text-primary underline underline-offset-2">
            Back to races
          </Link>
        </p>
      </div>
      <FormAlert toast={actionData?.toast} />
      <Card>
        <CardHeader>
          <CardTitle>Results status</CardTitle>
          <CardDescription>
            {official
              ? `Official since ${official.date} ${official.time}. Every change from now on is kept in the race's change log.`
              : hasResults
                ? "Provisional: the race page and the standings mark these results as provisional."
                : "No results saved yet."}
          </CardDescription>
        </CardHeader>
        {!official && hasResults && (
          <CardContent>
            <Form method="post">
              <input type="hidden" name="intent" value="official" />
              <Button type="submit" disabled={markingOfficial}>
                Mark results official
              </Button>
            </Form>
          </CardContent>
        )}
      </Card>
      {classes.length === 0 && <p className="py-6 text-center text-muted-foreground">Nobody has entered this race yet.</p>}
      {classes.map((c) => {
        const open = !c.locked;
        return (
          <Card key={c.boatClass}>
            <CardHeader>
              <CardTitle className="flex flex-wrap items-center gap-2">
                {c.boatClass}
                {c.locked && <Badge variant="past">Locked</Badge>}
              </CardTitle>
              <CardDescription>
                {c.method === null
                  ? "Not drawn yet."
                  : `${DRAW_METHOD_LABELS[c.method]}${c.seed !== null ? `, seed ${c.seed}` : ""}; ${countOf(c.heats.length, "heat")}.`}
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-4">
              {open && !c.hasResults && (
                <Form method="post" className="flex flex-wrap items-end gap-3" aria-label={`Draw ${c.boatClass} heats`}>
                  <input type="hidden" name="intent" value="draw" />
                  <input type="hidden" name="boatClass" value={c.boatClass} />
                  <div className="space-y-1">
                    <Label htmlFor={`method-${c.boatClass}`}>Draw</Label>
                    <select
                      id={`method-${c.boatClass}`}
                      name="method"
                      defaultValue="random"
                      className="h-9 rounded-md border bg-background px-2 text-sm"
                    >
                      {Object.entries(DRAW_METHOD_LABELS).map(([value, label]) => (
                        <option key={value} value={value}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div className="space-y-1">
                    <Label htmlFor={`size-${c.boatClass}`}>Boats per heat</Label>
                    <Input
                      id={`size-${c.boatClass}`}
                      name="heatSize"
                      type="number"
                      inputMode="numeric"
                      min={MIN_HEAT_SIZE}
                      max={MAX_HEAT_SIZE}
                      defaultValue={race.heatSize}
                      className="w-24"
                      required
                    />
                  </div>
                  <div className="space-y-1">
                    <Label htmlFor={`seed-${c.boatClass}`}>Seed (optional)</Label>
                    <Input
                      id={`seed-${c.boatClass}`}
                      name="seed"
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MAX_SEED}
                      className="w-36"
                    />
                  </div>
                  <Button type="submit">
                    <Shuffle aria-hidden />
                    {c.method === null ? "Draw heats" : "Redraw heats"}
                  </Button>
                </Form>
              )}
              {c.hasResults && open && (
                <p className="text-sm text-muted-foreground">
                  Results are saved for this class: boats can still be moved, but not redrawn.
                </p>
              )}
              <div className="grid gap-4 md:grid-cols-2">
                {c.heats.map((heat) => (
                  <section
                    key={heat.heatNumber}
                    aria-label={`${c.boatClass} heat ${heat.heatNumber}`}
                    className="rounded-md border p-3"
                  >
                    <h2 className="font-semibold">Heat {heat.heatNumber}</h2>
                    <ul className="mt-2 space-y-1 text-sm">
                      {heat.boats.map((boat) => (
                        <li key={boat.competitorId} className="flex flex-wrap items-center justify-between gap-2">
                          <span>{boatEntryLabel(boat)}</span>
                          {open && c.heats.length > 1 && (
                            <MoveForm
                              boatClass={c.boatClass}
                              competitorId={boat.competitorId}
                              label={boatEntryLabel(boat)}
                              heats={c.heats.map((h) => h.heatNumber).filter((n) => n !== heat.heatNumber)}
                            />
                          )}
                        </li>
                      ))}
                      {heat.boats.length === 0 && <li className="text-muted-foreground">Empty</li>}
                    </ul>
                  </section>
                ))}
              </div>
              {c.heats.length > 0 && c.unplaced.length > 0 && (
                <section aria-label={`${c.boatClass} entries in no heat`} className="rounded-md border border-dashed p-3">
                  <h2 className="font-semibold">Entered after the draw</h2>
                  <ul className="mt-2 space-y-1 text-sm">
                    {c.unplaced.map((boat) => (
                      <li key={boat.competitorId} className="flex flex-wrap items-center justify-between gap-2">
                        <span>{boatEntryLabel(boat)}</span>
                        {open && (
                          <MoveForm
                            boatClass={c.boatClass}
                            competitorId={boat.competitorId}
                            label={boatEntryLabel(boat)}
                            heats={c.heats.map((h) => h.heatNumber)}
                          />
                        )}
                      </li>
                    ))}
                  </ul>
                </section>
              )}
              {open && c.heats.length > 0 && (
                <Form method="post">
                  <input type="hidden" name="intent" value="lock" />
                  <input type="hidden" name="boatClass" value={c.boatClass} />
                  <Button type="submit" variant="outline">
                    <Lock aria-hidden />
                    Lock {c.boatClass} draw
                  </Button>
                </Form>
              )}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}

function MoveForm({
  boatClass,
  competitorId,
  label,
  heats,
}: {
  boatClass: string;
  competitorId: number;
  label: string;
  heats: number[];
}) {
  return (
    <Form method="post" className="flex items-center gap-1">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="boatClass" value={boatClass} />
      <input type="hidden" name="competitorId" value={competitorId} />
      <select name="heatNumber" aria-label={`Heat for ${label}`} className="h-8 rounded-md border bg-background px-1 text-sm">
        {heats.map((n) => (
          <option key={n} value={n}>
            Heat {n}
          </option>
        ))}
      </select>
      <Button type="submit" size="sm" variant="outline" aria-label={`Move ${label}`}>
        Move
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the heats" />;
}

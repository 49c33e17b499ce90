import { data } from "react-router";
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { drawClass, heatRace, lockDraw, moveBoat, raceHeats, type HeatOutcome } from "~/domain/race-day/heats.server";
import { markResultsOfficial, resultsStatus } from "~/domain/race-day/race-day.server";
import { decideResultsCheck, resultsChecksForAdmin } from "~/domain/race-day/results-checks.server";
import { DECIDE_FIELDS, decideResultsCheckSchema } from "~/lib/race-day/results-check";
import { refused } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { useToast } from "~/components/layout/show-toast";
import { HeatClassCard } from "~/components/race-day/heat-class-card";
import { HeatResultsStatus } from "~/components/race-day/heat-results-status";
import { ResultsCheckRequests } from "~/components/race-day/results-check-requests";
import { FormAlert } from "~/components/ui/form-alert";
import { RouteError } from "~/components/layout/route-error";
import { RaceScreenHeader } from "~/components/race-day/race-screen-header";
import { formatClubDateTime, formatShortDate, clubToday } from "~/lib/util/dates";
import { drawSchema, heatFormFields, lateSchema, lockSchema, moveSchema, officialSchema } from "~/lib/race-day/heat-schemas";
import { checkedInIds, noShowCounts } from "~/domain/race-day/check-in.server";
import { countOf } from "~/lib/util/plural";
import { parseId } from "~/lib/util/params";
import { officialResultsToast } from "~/lib/race-day/race-day";
import type { Route } from "./+types/heats";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Heats: ${loaderData?.race.title ?? "Race"}` }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, "heats");
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const race = id ? await heatRace(db, id) : null;
  if (!race) throw data("Race Not Found", { status: 404 });
  const config = context.get(configContext);
  const [classes, status, here, noShows, checks] = await Promise.all([
    raceHeats(db, race.id),
    resultsStatus(db, race.id),
    checkedInIds(db, race.id),
    noShowCounts(db, [race.id], clubToday(config)),
    resultsChecksForAdmin(db, race.id, config.timeZone),
  ]);
  const official = status.officialAt ? formatClubDateTime(status.officialAt, config.timeZone) : null;
  // Results entered at the lake for boats nobody entered online count too: they can be made official.
  return {
    race: { ...race, dateLabel: formatShortDate(race.date) },
    classes,
    official,
    hasResults: status.hasResults,
    // Check-in (issue 36 item 1): who is at the lake, and after the race day who never came.
    checkedIn: [...here],
    noShows: noShows.get(race.id) ?? 0,
    // Requests for a results check (issue 36 item 3).
    checks,
  };
}

function refuse(message: string, status = 400, title = "Heats not changed") {
  return refused({ type: "error", title, description: message }, status);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "heats"), context);
  const db = context.get(dbContext);
  const raceId = parseId(params.id);
  if (!raceId) throw data("Race Not Found", { status: 404 });
  const fields = Object.fromEntries(await readForm(request, heatFormFields, { extraFields: DECIDE_FIELDS }));
  if (fields.intent === "decide") {
    // A request for a results check (decision 0056): its own words, the page's own answer.
    const decision = decideResultsCheckSchema.safeParse(fields);
    if (!decision.success) return refuse(decision.error.issues[0]!.message, 400, "Request not decided");
    const decided = await decideResultsCheck(db, raceId, decision.data, actor);
    if (!decided.ok) return refuse(decided.message, decided.status, "Request not decided");
    return redirectWithToast(`/admin/races/${raceId}/heats`, {
      type: "success",
      title: "Request decided",
      description: decided.message,
    });
  }
  const schema =
    fields.intent === "draw"
      ? drawSchema
      : fields.intent === "move"
        ? moveSchema
        : fields.intent === "late"
          ? lateSchema
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
  if (input.intent === "draw") outcome = await drawClass(db, { raceId, ...input }, actor);
  else if (input.intent === "move") outcome = await moveBoat(db, { raceId, ...input }, actor);
  else if (input.intent === "late") outcome = await moveBoat(db, { raceId, ...input, late: true }, actor);
  else if (input.intent === "lock") outcome = await lockDraw(db, { raceId, boatClass: input.boatClass }, actor);
  else {
    const marked = await markResultsOfficial(db, raceId, context.get(configContext), actor);
    if (!marked.ok) return refuse(marked.message, marked.status);
    // Its own words, and calm about a second click (or another admin) getting there first.
    const since = marked.alreadySince ? formatClubDateTime(marked.alreadySince, context.get(configContext).timeZone) : null;
    return redirectWithToast(`/admin/races/${raceId}/heats`, officialResultsToast({ ...marked, since }));
  }
  if (!outcome.ok) return refuse(outcome.message, outcome.status);
  return redirectWithToast(`/admin/races/${raceId}/heats`, {
    type: "success",
    title: "Heats saved",
    description: outcome.message,
  });
}

export default function Heats({ loaderData, actionData }: Route.ComponentProps) {
  const { race, classes, official, hasResults, checkedIn, noShows, checks } = loaderData;
  useToast(actionData?.toast);
  return (
    <div className="space-y-4">
      <RaceScreenHeader
        title={`Heats: ${race.title}`}
        dateLabel={race.dateLabel}
        links={[
          { to: `/admin/races/${race.id}/check-in`, label: "Check-in" },
          { to: `/admin/races/${race.id}/duties`, label: "Duties" },
        ]}
      />
      {noShows > 0 && <p className="text-sm">No-shows: {countOf(noShows, "entrant")} never checked in.</p>}
      <FormAlert toast={actionData?.toast} />
      <HeatResultsStatus official={official} hasResults={hasResults} />
      <ResultsCheckRequests {...checks} />
      {classes.length === 0 && (
        <p className="py-6 text-center text-muted-foreground">
          {hasResults ? "No heat draw: nobody entered this race online." : "Nobody has entered this race yet."}
        </p>
      )}
      {classes.map((c) => (
        <HeatClassCard key={c.boatClass} draw={c} heatSize={race.heatSize} checkedIn={checkedIn} />
      ))}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the heats" />;
}

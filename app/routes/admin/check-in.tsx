/**
 * Check-in at the lake (issue 36 item 1): the race's entrants on a phone, one tap each to check a
 * boat in or undo it. Each row is a form that posts here (works without script); with script the
 * list sends its taps to ./tap and keeps them while the connection is down (decision 0055).
 */
import { data } from "react-router";
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { refused } from "~/domain/platform/answer.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { heatRace } from "~/domain/race-day/heats.server";
import { applyTap, checkInCounts, checkInList, readTap } from "~/domain/race-day/check-in.server";
import { CheckInList } from "~/components/race-day/check-in-list";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { RaceScreenHeader } from "~/components/race-day/race-screen-header";
import { FormAlert } from "~/components/ui/form-alert";
import { checkedInLine, matchesCheckInSearch, tapMessage } from "~/lib/race-day/check-in";
import { newTapKey } from "~/lib/race-day/check-in-queue";
import { boatEntryLabel } from "~/lib/race-day/race-day";
import { formatClubDateTime, formatShortDate } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/check-in";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `Check-in: ${loaderData?.race.title ?? "Race"}` }];

/** The search a page without script sends (a GET); with script the list filters as one types. */
const QUERY = "q";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, "heats");
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const race = id ? await heatRace(db, id) : null;
  if (!race) throw data("Race Not Found", { status: 404 });
  const query = (new URL(request.url).searchParams.get(QUERY) ?? "").slice(0, 100);
  const timeZone = context.get(configContext).timeZone;
  const [rows, counts] = await Promise.all([checkInList(db, race.id), checkInCounts(db, race.id)]);
  const boats = rows
    .filter((r) => matchesCheckInSearch(r, query))
    .map(({ checkedInAt, via: _via, ...r }) => ({
      ...r,
      time: checkedInAt ? formatClubDateTime(checkedInAt, timeZone).time : null,
      waiting: false,
      key: newTapKey(),
    }));
  return {
    race: { id: race.id, title: race.title, dateLabel: formatShortDate(race.date) },
    boats,
    query,
    counts: counts.map((c) => ({ boatClass: c.boatClass, line: checkedInLine(c.checkedIn, c.entered) })),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "heats"), context);
  const raceId = parseId(params.id);
  if (!raceId) throw data("Race Not Found", { status: 404 });
  const read = await readTap(request);
  const fail = (description: string, status = 400) =>
    refused({ type: "error", title: "Check-in not changed", description }, status);
  if (!read.ok) return fail(read.message);
  const db = context.get(dbContext);
  const outcome = await applyTap(db, raceId, read.tap, actor);
  const boat = (await checkInList(db, raceId)).find((b) => b.competitorId === read.tap.competitorId);
  const message = tapMessage(outcome.kind, read.tap.intent, boat ? boatEntryLabel(boat) : "");
  if (outcome.kind === "not-entered") return fail(message, 404);
  if (outcome.kind === "conflict") return fail(message, 409);
  // Back to the list as it was searched: the next boat is usually beside this one.
  const back = new URL(request.url);
  return redirectWithToast(`${back.pathname}${back.search}`, { type: "success", title: "Check-in", description: message });
}

export default function CheckIn({ loaderData, actionData }: Route.ComponentProps) {
  const { race, boats, query, counts } = loaderData;
  useToast(actionData?.toast);
  return (
    <div className="space-y-4">
      <RaceScreenHeader
        title={`Check-in: ${race.title}`}
        dateLabel={race.dateLabel}
        links={[
          { to: `/admin/races/${race.id}/heats`, label: "Heats" },
          { to: `/admin/races/${race.id}/duties`, label: "Duties" },
        ]}
      />
      <FormAlert toast={actionData?.toast} />
      {counts.length === 0 ? (
        <p className="py-6 text-center text-muted-foreground">Nobody has entered this race yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium">
          {counts.map((c) => (
            <li key={c.boatClass}>
              {c.boatClass}: {c.line}
            </li>
          ))}
        </ul>
      )}
      {/* Keyed by the data: after a post without script, the list starts again from the server's. */}
      <CheckInList
        key={boats.map((b) => `${b.competitorId}:${b.version}`).join(",")}
        raceId={race.id}
        boats={boats}
        query={query}
        tapUrl={`/admin/races/${race.id}/check-in/tap`}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the check-in list" />;
}

/**
 * A race's duty roster (issue 36 item 2, decision 0058): its duties (made from the club's default
 * list the first time this page opens), who is on each, an admin's assignments and removals. Each
 * change is a form posting here (works without script); the domain refuses a place taken twice.
 */
import { data } from "react-router";
import { dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor, type AuditActor } from "~/domain/platform/audit.server";
import { refused } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { heatRace } from "~/domain/race-day/heats.server";
import {
  addDuty,
  assignDuty,
  changeDutyPlaces,
  rosterOrDefault,
  removeDuty,
  removeFromDuty,
  rosterRacerOptions,
  type RosterEditOutcome,
} from "~/domain/race-day/duties.server";
import { DutyRosterAdmin } from "~/components/race-day/duty-roster-admin";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { RaceScreenHeader } from "~/components/race-day/race-screen-header";
import { FormAlert } from "~/components/ui/form-alert";
import { ROSTER_TEXT, checkDutyName, checkDutyPlaces, rosterFormSchema } from "~/lib/race-day/duties";
import { formatShortDate } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/duties";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: ROSTER_TEXT.title(loaderData?.race.title ?? "Race") }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, "heats");
  const db = context.get(dbContext);
  const id = parseId(params.id);
  const race = id ? await heatRace(db, id) : null;
  if (!race) throw data("Race Not Found", { status: 404 });
  // Reads only: before anyone is on duty the roster is the club's default list; the first change makes it.
  const [duties, racers] = await Promise.all([rosterOrDefault(db, race.id), rosterRacerOptions(db)]);
  return { race: { id: race.id, title: race.title, dateLabel: formatShortDate(race.date) }, duties, racers };
}

const fail = (description: string, status = 400) => refused({ type: "error", title: "Roster not changed", description }, status);

function editAnswer(outcome: RosterEditOutcome, done: (duty: string) => string, back: string) {
  switch (outcome.kind) {
    case "done":
      return redirectWithToast(back, { type: "success", title: "Duties", description: done(outcome.duty) });
    case "unknown-duty":
      return fail(ROSTER_TEXT.unknownDuty, 404);
    case "same-name":
      return fail(ROSTER_TEXT.sameName(outcome.duty), 409);
    case "too-many":
      return fail(ROSTER_TEXT.tooMany, 409);
    case "too-few":
      return fail(ROSTER_TEXT.tooFew(outcome.duty, outcome.people), 409);
    case "not-empty":
      return fail(ROSTER_TEXT.notEmpty(outcome.duty), 409);
  }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "heats"), context);
  const db = context.get(dbContext);
  const raceId = parseId(params.id);
  const race = raceId ? await heatRace(db, raceId) : null;
  if (!race) throw data("Race Not Found", { status: 404 });
  const parsed = rosterFormSchema.safeParse(Object.fromEntries(await readForm(request, rosterFormSchema)));
  if (!parsed.success) return fail("This form is not one of this page's.");
  const back = `/admin/races/${race.id}/duties`;
  const form = parsed.data;
  if (form.intent === "add") {
    const name = checkDutyName(form.name);
    if (!name.ok) return fail(name.message);
    const places = checkDutyPlaces(form.places);
    if (!places.ok) return fail(places.message);
    return editAnswer(await addDuty(db, race.id, { name: name.value, places: places.value }, actor), ROSTER_TEXT.added, back);
  }
  const dutyName = typeof form.duty === "string" && form.duty.length <= 100 ? form.duty : null;
  if (!dutyName) return fail(ROSTER_TEXT.unknownDuty, 404);
  if (form.intent === "places") {
    const places = checkDutyPlaces(form.places);
    if (!places.ok) return fail(places.message);
    return editAnswer(await changeDutyPlaces(db, race.id, dutyName, places.value, actor), ROSTER_TEXT.changed, back);
  }
  if (form.intent === "remove-duty")
    return editAnswer(await removeDuty(db, race.id, dutyName, actor), ROSTER_TEXT.dutyRemoved, back);
  const competitorId = parseId(form.competitorId ?? null);
  if (!competitorId) return fail(ROSTER_TEXT.noRacer);
  return form.intent === "assign"
    ? assign(db, { raceId: race.id, dutyName, competitorId }, actor, back)
    : unassign(db, { raceId: race.id, dutyName, competitorId }, actor, back);
}

type Place = { raceId: number; dutyName: string; competitorId: number };
type Db = Parameters<typeof assignDuty>[0];

async function nameOf(db: Db, competitorId: number): Promise<string | null> {
  const racer = (await rosterRacerOptions(db)).find((r) => r.id === competitorId);
  return racer ? racer.label : null;
}

async function assign(db: Db, place: Place, actor: AuditActor, back: string) {
  const name = await nameOf(db, place.competitorId);
  if (!name) return fail(ROSTER_TEXT.noRacer, 404);
  const outcome = await assignDuty(db, place.raceId, place.dutyName, place.competitorId, actor);
  if (outcome.kind === "taken") {
    return redirectWithToast(back, { type: "success", title: "Duties", description: ROSTER_TEXT.assigned(name, outcome.duty) });
  }
  if (outcome.kind === "full") return fail(ROSTER_TEXT.full(outcome.duty), 409);
  if (outcome.kind === "already") return fail(ROSTER_TEXT.busy(name, outcome.duty), 409);
  return fail(ROSTER_TEXT.unknownDuty, 404);
}

async function unassign(db: Db, place: Place, actor: AuditActor, back: string) {
  const name = (await nameOf(db, place.competitorId)) ?? "";
  const outcome = await removeFromDuty(db, place.raceId, place.dutyName, place.competitorId, actor);
  if (outcome.kind !== "left") return fail(ROSTER_TEXT.notOnDuty, 404);
  return redirectWithToast(back, { type: "success", title: "Duties", description: ROSTER_TEXT.removed(name, outcome.duty) });
}

export default function Duties({ loaderData, actionData }: Route.ComponentProps) {
  const { race, duties, racers } = loaderData;
  useToast(actionData?.toast);
  return (
    <div className="space-y-4">
      <RaceScreenHeader
        title={ROSTER_TEXT.title(race.title)}
        dateLabel={race.dateLabel}
        links={[
          { to: `/admin/races/${race.id}/check-in`, label: "Check-in" },
          { to: `/admin/races/${race.id}/heats`, label: "Heats" },
        ]}
      />
      <FormAlert toast={actionData?.toast} />
      <DutyRosterAdmin key={JSON.stringify(duties)} duties={duties} racers={racers} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the duty roster" />;
}

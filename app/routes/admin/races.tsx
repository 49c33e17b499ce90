import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "~/components/ui/icons";
import { useState } from "react";
import { configContext, dbContext } from "~/context";
import { deleteRace, entriesByRace, listAdminRaces, pastRaceYears, saveRace } from "~/domain/races/races.server";
import { definedSeasons } from "~/domain/championship/championship.server";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { refused, succeeded } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { RaceDeleteDialog } from "~/components/races/race-delete-dialog";
import { RaceEntriesDialog } from "~/components/races/race-entries-dialog";
import { RaceFormDialog } from "~/components/races/race-form-dialog";
import { RaceTable, type ListedRace, type RaceDialogKind } from "~/components/races/race-table";
import { noRacesIn, RaceYearTabs } from "~/components/races/race-year-tabs";
import { RouteError } from "~/components/layout/route-error";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { raceSchema } from "~/lib/races/race-schema";
import { toClubLocalInput } from "~/lib/races/entry-window";
import { countsInText, seasonCountingOn } from "~/lib/championship/seasons";
import { clubToday, formatShortDate } from "~/lib/util/dates";
import {
  adminRaceDays,
  adminRaceView,
  adminRaceViewLabel,
  adminRaceViewOf,
  sameAdminRaceView,
} from "~/lib/races/admin-race-view";
import { parseId } from "~/lib/util/params";
import { countOf } from "~/lib/util/plural";
import type { Route } from "./+types/races";
import { noShowCounts } from "~/domain/race-day/check-in.server";
import { RaceNoShows } from "~/components/race-day/no-shows";

export const meta: Route.MetaFunction = () => [{ title: "Race Management" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "races");
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const thisYear = Number(clubToday(config).slice(0, 4));
  const view = adminRaceView(new URL(request.url).searchParams.get("year"), thisYear);
  const [races, years, defined] = await Promise.all([
    listAdminRaces(db, adminRaceDays(view)),
    pastRaceYears(db, thisYear),
    definedSeasons(db),
  ]);
  const entries = await entriesByRace(
    db,
    races.map((race) => race.id),
  );
  // One query for every listed race (issue 36 item 1): entrants who never came, at past races that used check-in.
  const noShows = Object.fromEntries(
    await noShowCounts(
      db,
      races.map((race) => race.id),
      clubToday(config),
    ),
  );
  const { timeZone } = config;
  // The form says the season under the date as it is typed: it gets the seasons' days, not their rules.
  const seasons = defined.map(({ key, name, startsOn, endsOn }) => ({ key, name, startsOn, endsOn }));
  // The form shows the entry window on the club's clock.
  return {
    view,
    thisYear,
    pastYears: years.map((y) => y.year),
    seasons,
    races: races.map((race) => ({
      ...race,
      dateLabel: formatShortDate(race.date),
      countsIn: countsInText(seasonCountingOn(seasons, race.date), race.countsForChampionship),
      entriesOpen: toClubLocalInput(race.entriesOpenAt, timeZone),
      entriesClose: toClubLocalInput(race.entriesCloseAt, timeZone),
    })),
    entries,
    noShows,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "races"), context);
  const db = context.get(dbContext);
  const formData = await readForm(request, raceSchema, { extraFields: ["intent"] });

  if (formData.get("intent") === "delete") {
    const id = parseId(formData.get("id"));
    const outcome = id ? await deleteRace(db, id, actor) : { ok: false, results: 0 };
    if (!outcome.ok) {
      return refused({ type: "error", title: "Failed to delete race", description: "This race no longer exists." }, 404);
    }
    const description = outcome.results ? `${countOf(outcome.results, "result")} deleted with it.` : undefined;
    return succeeded({ type: "success", title: "Race deleted successfully", description });
  }

  const submission = parseWithZod(formData, { schema: raceSchema });
  const failTitle = formData.get("id") ? "Failed to update race" : "Failed to create race";
  if (submission.status !== "success") {
    const toast = { type: "error", title: failTitle, description: "Please correct the marked fields." } as const;
    return refused(toast, 400, { result: submission.reply() });
  }
  const config = context.get(configContext);
  const outcome = await saveRace(db, submission.value, config.timeZone, actor);
  if (!outcome.ok) {
    const gone = "This race no longer exists.";
    return refused({ type: "error", title: failTitle, description: gone }, 404, {
      result: submission.reply({ formErrors: [gone] }),
    });
  }
  // A race dated in another year than the page shows is listed on that year's page: say where.
  const thisYear = Number(clubToday(config).slice(0, 4));
  const listedIn = adminRaceViewOf(submission.value.date, thisYear);
  const shown = adminRaceView(new URL(request.url).searchParams.get("year"), thisYear);
  const description = sameAdminRaceView(listedIn, shown) ? undefined : `Listed under ${adminRaceViewLabel(listedIn)}.`;
  return succeeded({
    type: "success",
    title: outcome.created ? "Race created successfully" : "Race updated successfully",
    description,
  });
}

type Open = { kind: RaceDialogKind; n: number; race: ListedRace | null };

export default function Races({ loaderData }: Route.ComponentProps) {
  const [open, setOpen] = useState<Open | null>(null);
  const [counter, setCounter] = useState(0);
  const show = (kind: RaceDialogKind, race: ListedRace | null) => {
    setCounter(counter + 1);
    setOpen({ kind, race, n: counter + 1 });
  };
  const close = () => setOpen(null);
  const race = open?.race;

  return (
    <Card>
      <CardHeader layout="flex-row items-center justify-between gap-3">
        <CardTitle>Race Management</CardTitle>
        <Button onClick={() => show("form", null)}>
          <Plus aria-hidden />
          Add Race
        </Button>
      </CardHeader>
      <CardContent>
        <RaceYearTabs view={loaderData.view} thisYear={loaderData.thisYear} pastYears={loaderData.pastYears} />
        {loaderData.races.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">
            {loaderData.pastYears.length === 0
              ? 'No races found. Click "Add Race" to create a new race.'
              : noRacesIn(loaderData.view)}
          </p>
        ) : (
          <RaceTable
            races={loaderData.races}
            onOpen={show}
            statusNote={(race) => <RaceNoShows count={loaderData.noShows[race.id]} />}
          />
        )}
      </CardContent>
      {open?.kind === "form" && (
        <RaceFormDialog
          key={open.n}
          formKey={`race-${open.n}`}
          race={race ?? null}
          seasons={loaderData.seasons}
          onClose={close}
        />
      )}
      {open?.kind === "delete" && race && (
        <RaceDeleteDialog key={open.n} formKey={`race-delete-${open.n}`} race={race} onClose={close} />
      )}
      {open?.kind === "entries" && race && (
        <RaceEntriesDialog race={race} entries={loaderData.entries[race.id] ?? []} onClose={close} />
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load race data" />;
}

/**
 * The race's duty roster from the racer's private entry link (issue 36 item 2, decision 0058):
 * take a free duty, give it up before race day, or ask another member to swap. A GET only shows
 * (mail scanners open links). Plain forms: works without JavaScript, and the page ships no React.
 */
import { data } from "react-router";
import { clientAddressContext, configContext, dbContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { racerActor } from "~/domain/privacy/requests.server";
import { linkDuties, volunteerByLink, withdrawByLink } from "~/domain/race-day/duties.server";
import { askSwap, swapCandidates, type SwapCandidates } from "~/domain/race-day/duty-swaps.server";
import { EntryDutyRoster, OwnDuty, type EntryRosterDuty } from "~/components/race-day/entry-duties";
import { PrivacyNoticeLink } from "~/components/privacy/notice-link";
import { FormAlert } from "~/components/ui/form-alert";
import { LinkPage } from "~/components/ui/link-page";
import { ENTRY_PAGE } from "~/lib/registration/registration";
import { DUTY_TEXT, dutyLinkFormSchema } from "~/lib/race-day/duties";
import { clubToday, formatLongDate } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import type { PageHandle } from "~/lib/platform/page";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/race-entry-duties";

export const handle: PageHandle = { query: [] };

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [{ title: DUTY_TEXT.title }, { name: "robots", content: "noindex" }];

interface Roster {
  race: string;
  date: string;
  duties: EntryRosterDuty[];
  mine: string | null;
  mayWithdraw: boolean;
  candidates: SwapCandidates | null;
}

type Page = { roster: Roster | null; done: string | null; alert: Toast | null };

const error = (description: string): Toast => ({ type: "error", title: "Nothing was changed", description });
const CLOSED: Toast = { type: "error", title: DUTY_TEXT.title, description: DUTY_TEXT.closed };

type Db = Parameters<typeof linkDuties>[0];

async function page(db: Db, token: string, today: string, said: Partial<Page> = {}, status = 200) {
  const view = await linkDuties(db, token, today);
  const roster: Roster | null = view && {
    race: view.racer.title,
    date: formatLongDate(view.racer.date),
    duties: view.roster.map((d) => ({ name: d.name, places: d.places, people: d.people.map((p) => p.name) })),
    mine: view.mine,
    mayWithdraw: view.mayWithdraw,
    candidates: view.mine ? await swapCandidates(db, view.racer.raceId, view.racer.competitorId) : null,
  };
  return data<Page>({ roster, done: null, alert: roster ? null : CLOSED, ...said }, { status: roster ? status : 404 });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return page(context.get(dbContext), params.token, clubToday(context.get(configContext)));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const address = context.get(clientAddressContext);
  const config = context.get(configContext);
  const today = clubToday(config);
  const limit = await countPublicPost(db, "duties", address);
  if (!limit.allowed) {
    return data<Page>(
      { roster: null, done: null, alert: ENTRY_PAGE.tooMany },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const parsed = dutyLinkFormSchema.safeParse(Object.fromEntries(await readForm(request, dutyLinkFormSchema)));
  if (!parsed.success) return page(db, params.token, today, { alert: error("This form is not one of this page's.") }, 400);
  const actor = racerActor(address);
  const { intent, duty, askedId } = parsed.data;
  if (intent === "volunteer") {
    const outcome = await volunteerByLink(db, params.token, (duty ?? "").slice(0, 100), today, actor);
    if (outcome.kind === "taken") return page(db, params.token, today, { done: DUTY_TEXT.volunteered(outcome.duty) });
    const said =
      outcome.kind === "full"
        ? DUTY_TEXT.taken
        : outcome.kind === "already"
          ? DUTY_TEXT.already(outcome.duty)
          : outcome.kind === "unknown-duty"
            ? DUTY_TEXT.unknownDuty
            : DUTY_TEXT.closed;
    return page(db, params.token, today, { alert: error(said) }, 409);
  }
  if (intent === "withdraw") {
    const outcome = await withdrawByLink(db, params.token, today, actor);
    if (outcome.kind === "left") return page(db, params.token, today, { done: DUTY_TEXT.withdrawn(outcome.duty) });
    const said =
      outcome.kind === "race-day"
        ? DUTY_TEXT.withdrawRaceDay
        : outcome.kind === "closed"
          ? DUTY_TEXT.closed
          : DUTY_TEXT.notOnDuty;
    return page(db, params.token, today, { alert: error(said) }, 409);
  }
  const asked = parseId(askedId ?? null);
  if (!asked) return page(db, params.token, today, { alert: error(DUTY_TEXT.askNobody) }, 400);
  const { clubName, clubEmail, siteUrl } = config;
  const outcome = await askSwap(
    db,
    { token: params.token, askedId: asked, today, timeZone: config.timeZone },
    { clubName, clubEmail, siteUrl },
    actor,
  );
  if (outcome.kind === "asked") return page(db, params.token, today, { done: DUTY_TEXT.asked(outcome.name) });
  const said =
    outcome.kind === "busy"
      ? DUTY_TEXT.askBusy(outcome.name)
      : outcome.kind === "nobody"
        ? DUTY_TEXT.askNobody
        : outcome.kind === "not-on-duty"
          ? DUTY_TEXT.notOnDuty
          : DUTY_TEXT.closed;
  return page(db, params.token, today, { alert: error(said) }, 409);
}

export default function RaceEntryDuties({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const roster = view.roster;
  return (
    <LinkPage
      title={DUTY_TEXT.title}
      subtitle={
        roster && (
          <p className="text-muted-foreground">
            {roster.race}, {roster.date}
          </p>
        )
      }
      done={view.done}
    >
      <FormAlert toast={view.alert} />
      {roster && (
        <>
          <p>{DUTY_TEXT.intro}</p>
          {roster.duties.length > 0 && <EntryDutyRoster duties={roster.duties} mayTake={!roster.mine} />}
          {roster.mine && roster.candidates && (
            <OwnDuty duty={roster.mine} mayWithdraw={roster.mayWithdraw} candidates={roster.candidates} />
          )}
        </>
      )}
      <PrivacyNoticeLink />
    </LinkPage>
  );
}

// After the POST the action's answer is the page.
export const shouldRevalidate = () => false;

/**
 * "Manage my entry" (issue 14, item 4): the private link of a race-entry e-mail. Shows the entry
 * and one button per action; a GET never changes anything (mail scanners open links). A plain
 * form: works without JavaScript, and the page ships no React (decision 0012).
 */
import { data, redirect, useLocation } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { viewEntry, withdraw, type EntryView } from "~/domain/registration/entry-links.server";
import { checkInByLink, clubClock, linkCheckIn } from "~/domain/race-day/check-in.server";
import { readCheckInSettings } from "~/domain/race-day/check-in-settings.server";
import { EntryCheckIn } from "~/components/race-day/entry-check-in";
import { CHECK_IN, timeOfDay, type EntryCheckInBlock } from "~/lib/race-day/check-in";
import { resultsCheckOffer } from "~/domain/race-day/results-checks.server";
import { ResultsCheckLink } from "~/components/race-day/results-check-link";
import { linkDutySummary } from "~/domain/race-day/duties.server";
import { EntryDutyLink } from "~/components/race-day/entry-duties";
import { PrivacyNoticeLink } from "~/components/privacy/notice-link";
import { CONFIRM, ConfirmWithdrawal, WithdrawChoices } from "~/components/registration/entry-withdrawal";
import { FormAlert } from "~/components/ui/form-alert";
import { LinkPage } from "~/components/ui/link-page";
import { clubToday, formatClubDateTime, formatLongDate } from "~/lib/util/dates";
import { ENTRY_PAGE, withdrawSchema } from "~/lib/registration/registration";
import type { PageHandle } from "~/lib/platform/page";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/race-entry";

/** Where a withdrawal that empties the entry leads: the spent link's page, saying what was done. */
const WITHDRAWN = "withdrawn";

// The page reads `?withdrawn` and `?confirm`: the server renders pages with only their declared query parameters.
export const handle: PageHandle = { query: [WITHDRAWN, CONFIRM] };

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [{ title: ENTRY_PAGE.title }, { name: "robots", content: "noindex" }];

type Entry = Extract<EntryView, { kind: "entry" }>;
type Page =
  | {
      state: "entry";
      entry: Entry;
      done: string | null;
      confirming?: string;
      /** Check-in (issue 36 item 1): from its opening time before the start until the race day ends. */
      checkIn?: EntryCheckInBlock;
      /** Entries have closed: no withdrawal online, but check-in goes on until the race day ends. */
      closed?: boolean;
      /** A results check may be asked for (issue 36 item 3). */
      check?: ResultsCheckOffer;
      /** The duty roster (issue 36 item 2): the racer's duty, or the free places. */
      duties?: { mine: string | null; free: number };
    }
  | { state: "refused"; alert: Toast; done: string | null; check?: ResultsCheckOffer };

type ResultsCheckOffer = { openUntil: string | null };

function refused(kind: "unknown" | "used" | "expired" | "not-entered", done: string | null = null) {
  return data<Page>({ state: "refused", alert: ENTRY_PAGE[kind], done }, { status: kind === "unknown" ? 404 : 410 });
}

type Db = Parameters<typeof viewEntry>[0];
type Config = { timeZone: string; pinnedToday?: string };

/**
 * The link's page: the entry with its withdrawals while entries are open, its check-in on race day,
 * and the way to ask for a results check while one may be filed.
 */
async function page(
  db: Db,
  token: string,
  config: Config,
  done: string | null,
  status = 200,
  confirm?: string | null,
  check?: ResultsCheckOffer | null,
) {
  const [view, checkIn, duties] = await Promise.all([
    viewEntry(db, token, clubToday(config)),
    linkCheckIn(db, token, config),
    linkDutySummary(db, token, clubToday(config)),
  ]);
  const offer = { ...(check ? { check } : {}), ...(duties ? { duties } : {}) };
  if (view.kind === "expired" && checkIn) {
    return data<Page>({ state: "entry", entry: checkIn.entry, done, checkIn: checkIn.block, closed: true, ...offer }, { status });
  }
  // After entries close the link still asks for a results check while one may be filed.
  if (view.kind !== "entry" && check) return data<Page>({ state: "refused", alert: ENTRY_PAGE.expired, done, check });
  if (view.kind !== "entry") return refused(view.kind, done);
  const confirming =
    confirm === "race" || (confirm && view.classes.length > 1 && view.classes.includes(confirm)) ? confirm : undefined;
  return data<Page>(
    {
      state: "entry",
      entry: view,
      done,
      ...(confirming ? { confirming } : {}),
      ...(checkIn ? { checkIn: checkIn.block } : {}),
      ...offer,
    },
    { status },
  );
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const [view, check] = await Promise.all([
    viewEntry(db, params.token, clubToday(config)),
    resultsCheckOffer(db, params.token, config.timeZone),
  ]);
  // The answer to a successful withdrawal (a 200): the link is spent, which is what the racer asked for.
  if (view.kind === "used" && new URL(request.url).searchParams.has(WITHDRAWN)) {
    return data<Page>({ state: "refused", alert: ENTRY_PAGE.empty, done: ENTRY_PAGE.withdrawnRace(view.title) });
  }
  // A GET only asks (mail scanners open links); the withdrawal is the POST of the question's "Yes".
  const offer = check ? { openUntil: check.openUntil } : null;
  return page(db, params.token, config, null, 200, new URL(request.url).searchParams.get(CONFIRM), offer);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const limit = await countPublicPost(db, "race-entry", context.get(clientAddressContext));
  if (!limit.allowed) {
    return data<Page>(
      { state: "refused", alert: ENTRY_PAGE.tooMany, done: null },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const form = await readForm(request, withdrawSchema, { extraFields: ["checkIn"] });
  if (form.has("checkIn")) return checkIn(db, params.token, context.get(configContext), context.get(clientAddressContext));
  const parsed = withdrawSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refused("not-entered");
  const choice = parsed.data.withdraw;
  const today = clubToday(context.get(configContext));
  try {
    const outcome = await withdraw(db, params.token, choice === "race" ? null : choice, today);
    if (outcome.kind !== "withdrawn") return refused(outcome.kind);
    // A document POST renders with the loader, which finds the link spent (410): after the last
    // class, the success is a redirect to the page that says so.
    if (outcome.from === null || outcome.left.length === 0) {
      return redirect(`${new URL(request.url).pathname}?${WITHDRAWN}`, 303);
    }
    return page(db, params.token, context.get(configContext), ENTRY_PAGE.withdrawnClass(outcome.from));
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "withdrawing a race entry failed");
    return data<Page>({ state: "refused", alert: ENTRY_PAGE.failed, done: null }, { status: 500 });
  }
}

/** The racer's own check-in: the link's entry at the link's race, inside the window; twice is once. */
async function checkIn(db: Db, token: string, config: Config, address: string | null) {
  const clock = clubClock(config.timeZone, clubToday(config));
  const outcome = await checkInByLink(db, token, await readCheckInSettings(db), clock, address);
  if (outcome.kind === "unknown") return refused("unknown");
  if (outcome.kind === "not-entered") return refused("used");
  if (outcome.kind === "closed") {
    const { window } = outcome;
    const said =
      window.state === "before"
        ? CHECK_IN.opens(timeOfDay(window.opens.minutes), formatLongDate(window.opens.day))
        : CHECK_IN.over;
    return page(db, token, config, said, 409);
  }
  const said =
    outcome.kind === "checked-in" ? CHECK_IN.done : CHECK_IN.already(formatClubDateTime(outcome.at, config.timeZone).time);
  return page(db, token, config, said);
}

export default function RaceEntry({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const here = useLocation().pathname;
  return (
    <LinkPage title={ENTRY_PAGE.title} done={view.done}>
      {view.state === "refused" && <FormAlert toast={view.alert} />}
      {view.state === "refused" && view.check && (
        <ResultsCheckLink href={`${here}/results-check`} openUntil={view.check.openUntil} />
      )}
      {view.state === "entry" && (
        <>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-muted-foreground">Race</dt>
            <dd>{view.entry.title}</dd>
            <dt className="text-muted-foreground">Date</dt>
            <dd>{formatLongDate(view.entry.date)}</dd>
            <dt className="text-muted-foreground">Driver</dt>
            <dd>{view.entry.name}</dd>
            <dt className="text-muted-foreground">Classes</dt>
            <dd>{view.entry.classes.join(", ")}</dd>
          </dl>
          {view.checkIn && <EntryCheckIn block={view.checkIn} />}
          {view.check && <ResultsCheckLink href={`${here}/results-check`} openUntil={view.check.openUntil} />}
          {view.duties && <EntryDutyLink href={`${here}/duties`} mine={view.duties.mine} free={view.duties.free} />}
          {view.closed ? (
            <p className="text-sm text-muted-foreground">{ENTRY_PAGE.expired.description}</p>
          ) : view.confirming ? (
            <ConfirmWithdrawal entry={view.entry} choice={view.confirming} />
          ) : (
            <WithdrawChoices entry={view.entry} />
          )}
        </>
      )}
      <PrivacyNoticeLink />
    </LinkPage>
  );
}

// After the POST the action's answer is the page.
export const shouldRevalidate = () => false;

/**
 * A request for a results check (issue 36 item 3, decision 0056), from the racer's private entry
 * link while the race's window is open: the heat, what they think is wrong, what they ask for. A
 * plain form: works without JavaScript, and the page ships no React (decision 0012).
 */
import { data } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { racerActor } from "~/domain/privacy/requests.server";
import { fileResultsCheck, resultsCheckOffer, type ResultsCheckOffer } from "~/domain/race-day/results-checks.server";
import { OwnResultsChecks, ResultsCheckForm, type ResultsCheckFields } from "~/components/race-day/results-check-form";
import { PrivacyNoticeLink } from "~/components/privacy/notice-link";
import { FormAlert } from "~/components/ui/form-alert";
import { LinkPage } from "~/components/ui/link-page";
import { ENTRY_PAGE } from "~/lib/registration/registration";
import { fileResultsCheckSchema, RESULTS_CHECK_TEXT } from "~/lib/race-day/results-check";
import type { PageHandle } from "~/lib/platform/page";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/race-entry-results-check";

export const handle: PageHandle = { query: [] };

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [{ title: RESULTS_CHECK_TEXT.pageTitle }, { name: "robots", content: "noindex" }];

type Page = {
  offer: ResultsCheckOffer | null;
  alert: Toast | null;
  done: string | null;
  values: Partial<Record<ResultsCheckFields, string>>;
  errors: Partial<Record<ResultsCheckFields, string>>;
};

const page = (offer: ResultsCheckOffer | null, rest: Partial<Page> = {}): Page => ({
  offer,
  alert: offer ? null : RESULTS_CHECK_TEXT.closed,
  done: null,
  values: {},
  errors: {},
  ...rest,
});

export async function loader({ params, context }: Route.LoaderArgs) {
  const offer = await resultsCheckOffer(context.get(dbContext), params.token, context.get(configContext).timeZone);
  return data(page(offer), { status: offer ? 200 : 404 });
}

const REFUSALS = {
  unknown: [ENTRY_PAGE.unknown, 404],
  "not-entrant": [RESULTS_CHECK_TEXT.notEntrant, 409],
  closed: [RESULTS_CHECK_TEXT.closed, 409],
  "unknown-heat": [RESULTS_CHECK_TEXT.unknownHeat, 400],
  "too-many-waiting": [RESULTS_CHECK_TEXT.tooManyWaiting, 409],
} as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const address = context.get(clientAddressContext);
  const timeZone = context.get(configContext).timeZone;
  const limit = await countPublicPost(db, "results-check", address);
  if (!limit.allowed) {
    return data(page(null, { alert: ENTRY_PAGE.tooMany }), {
      status: 429,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  const form = Object.fromEntries(await readForm(request, fileResultsCheckSchema));
  const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === "string" ? v.slice(0, 2000) : ""]));
  const parsed = fileResultsCheckSchema.safeParse(form);
  if (!parsed.success) {
    const errors: Page["errors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ResultsCheckFields;
      errors[field] ??= issue.message;
    }
    const offer = await resultsCheckOffer(db, params.token, timeZone);
    return data(page(offer, { alert: offer ? RESULTS_CHECK_TEXT.invalid : RESULTS_CHECK_TEXT.closed, values, errors }), {
      status: 400,
    });
  }
  try {
    const outcome = await fileResultsCheck(db, params.token, parsed.data, { timeZone, actor: racerActor(address) });
    const offer = await resultsCheckOffer(db, params.token, timeZone);
    if (outcome.kind === "filed") return data(page(offer, { done: RESULTS_CHECK_TEXT.filed(outcome.heat) }));
    const [alert, status] = REFUSALS[outcome.kind];
    return data(page(offer, { alert, values }), { status });
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "filing a results check failed");
    return data(page(null, { alert: ENTRY_PAGE.failed }), { status: 500 });
  }
}

export default function RaceEntryResultsCheck({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const offer = view.offer;
  return (
    <LinkPage
      title={RESULTS_CHECK_TEXT.pageTitle}
      subtitle={offer && <p className="text-muted-foreground">{offer.title}</p>}
      done={view.done}
    >
      <FormAlert toast={view.alert} />
      {offer?.openUntil && (
        <>
          <p>{RESULTS_CHECK_TEXT.openUntil(offer.openUntil)}</p>
          {offer.heats.length > 0 ? (
            <ResultsCheckForm heats={offer.heats} values={view.done ? {} : view.values} errors={view.errors} />
          ) : (
            <p>{RESULTS_CHECK_TEXT.noHeats}</p>
          )}
        </>
      )}
      {offer && <OwnResultsChecks requests={offer.requests} />}
      <PrivacyNoticeLink />
    </LinkPage>
  );
}

// After the POST the action's answer is the page.
export const shouldRevalidate = () => false;

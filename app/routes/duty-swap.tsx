/**
 * A duty swap's e-mailed link (issue 36 item 2, decision 0058): the member asked accepts or
 * declines, once, until the end of race day. A GET only shows the question (mail scanners open
 * links); the answer is the POST of a button. Plain forms, no React in the browser.
 */
import { data } from "react-router";
import { clientAddressContext, configContext, dbContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { racerActor } from "~/domain/privacy/requests.server";
import { answerSwap, viewSwap, type AnswerOutcome, type SwapView } from "~/domain/race-day/duty-swaps.server";
import { PrivacyNoticeLink } from "~/components/privacy/notice-link";
import { FormAlert } from "~/components/ui/form-alert";
import { Button } from "~/components/ui/button";
import { LinkPage } from "~/components/ui/link-page";
import { ENTRY_PAGE } from "~/lib/registration/registration";
import { DUTY_TEXT, swapAnswerSchema } from "~/lib/race-day/duties";
import type { PageHandle } from "~/lib/platform/page";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/duty-swap";

export const handle: PageHandle = { query: [] };

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [{ title: DUTY_TEXT.swapTitle }, { name: "robots", content: "noindex" }];

type Page = { question: string | null; done: string | null; alert: Toast | null };

const refusal = (description: string): Toast => ({ type: "error", title: "Nothing was changed", description });

const CLOSED: Record<Exclude<SwapView["kind"], "open">, [string, number]> = {
  unknown: [DUTY_TEXT.unknown, 404],
  used: [DUTY_TEXT.used, 410],
  expired: [DUTY_TEXT.expired, 410],
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await viewSwap(context.get(dbContext), params.token);
  if (view.kind === "open") {
    return data<Page>({ question: DUTY_TEXT.swapAsk(view.asker, view.duty, view.race), done: null, alert: null });
  }
  const [said, status] = CLOSED[view.kind];
  return data<Page>({ question: null, done: null, alert: refusal(said) }, { status });
}

const REFUSED: Record<Exclude<AnswerOutcome["kind"], "accepted" | "declined">, [string, number]> = {
  ...CLOSED,
  "asker-gone": [DUTY_TEXT.askerGone, 409],
  busy: [DUTY_TEXT.youBusy, 409],
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const address = context.get(clientAddressContext);
  const limit = await countPublicPost(db, "duty-swap", address);
  if (!limit.allowed) {
    return data<Page>(
      { question: null, done: null, alert: ENTRY_PAGE.tooMany },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const parsed = swapAnswerSchema.safeParse(Object.fromEntries(await readForm(request, swapAnswerSchema)));
  if (!parsed.success) {
    return data<Page>({ question: null, done: null, alert: refusal("This form is not one of this page's.") }, { status: 400 });
  }
  const { clubName, clubEmail, siteUrl } = context.get(configContext);
  const outcome = await answerSwap(
    db,
    { token: params.token, accept: parsed.data.intent === "accept" },
    { clubName, clubEmail, siteUrl },
    racerActor(address),
  );
  if (outcome.kind === "accepted")
    return data<Page>({ question: null, done: DUTY_TEXT.accepted(outcome.duty, outcome.race), alert: null });
  if (outcome.kind === "declined") return data<Page>({ question: null, done: DUTY_TEXT.declined(outcome.asker), alert: null });
  const [said, status] = REFUSED[outcome.kind];
  return data<Page>({ question: null, done: null, alert: refusal(said) }, { status });
}

export default function DutySwap({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return (
    <LinkPage title={DUTY_TEXT.swapTitle} done={view.done}>
      <FormAlert toast={view.alert} />
      {view.question && (
        <form method="post" className="space-y-4">
          <p>{view.question}</p>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="accept" size="touch">
              {DUTY_TEXT.accept}
            </Button>
            <Button type="submit" name="intent" value="decline" variant="outline" size="touch">
              {DUTY_TEXT.decline}
            </Button>
          </div>
        </form>
      )}
      <PrivacyNoticeLink />
    </LinkPage>
  );
}

// After the POST the action's answer is the page.
export const shouldRevalidate = () => false;

/**
 * "Manage my entry" (issue 14, item 4): the private link of a race-entry e-mail. Shows the entry
 * and one button per action; a GET never changes anything (mail scanners open links). A plain
 * form: works without JavaScript, and the page ships no React (decision 0012).
 */
import { data, Form, redirect, useLocation } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { viewEntry, withdraw, type EntryView } from "~/domain/registration/entry-links.server";
import { resultsCheckOffer } from "~/domain/race-day/results-checks.server";
import { ResultsCheckLink } from "~/components/race-day/results-check-link";
import { PrivacyNoticeLink } from "~/components/privacy/notice-link";
import { FormAlert } from "~/components/ui/form-alert";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { clubToday, formatLongDate } from "~/lib/util/dates";
import { ENTRY_PAGE, withdrawSchema } from "~/lib/registration/registration";
import type { PageHandle } from "~/lib/site/page";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/race-entry";

/** Where a withdrawal that empties the entry leads: the spent link's page, saying what was done. */
const WITHDRAWN = "withdrawn";
/** `?confirm=race` or `?confirm=<class>`: the second step, asking before anything is withdrawn. */
const CONFIRM = "confirm";

// The page reads `?withdrawn` and `?confirm`: the server renders pages with only their declared query parameters.
export const handle: PageHandle = { query: [WITHDRAWN, CONFIRM] };

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [{ title: ENTRY_PAGE.title }, { name: "robots", content: "noindex" }];

type Entry = Extract<EntryView, { kind: "entry" }>;
type Page =
  | { state: "entry"; entry: Entry; done: string | null; confirming?: string }
  | { state: "refused"; alert: Toast; done: string | null; check?: { openUntil: string | null } };

function refused(kind: "unknown" | "used" | "expired" | "not-entered", done: string | null = null) {
  return data<Page>({ state: "refused", alert: ENTRY_PAGE[kind], done }, { status: kind === "unknown" ? 404 : 410 });
}

async function page(db: Parameters<typeof viewEntry>[0], token: string, today: string, done: string | null) {
  const view = await viewEntry(db, token, today);
  if (view.kind !== "entry") return refused(view.kind, done);
  return data<Page>({ state: "entry", entry: view, done });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const [view, check] = await Promise.all([
    viewEntry(context.get(dbContext), params.token, clubToday(context.get(configContext))),
    resultsCheckOffer(context.get(dbContext), params.token, context.get(configContext).timeZone),
  ]);
  // Race day, after entries close: the link still asks for a results check while one may be filed.
  if (check)
    return data<Page>({ state: "refused", alert: ENTRY_PAGE.expired, done: null, check: { openUntil: check.openUntil } });
  // The answer to a successful withdrawal (a 200): the link is spent, which is what the racer asked for.
  if (view.kind === "used" && new URL(request.url).searchParams.has(WITHDRAWN)) {
    return data<Page>({ state: "refused", alert: ENTRY_PAGE.empty, done: ENTRY_PAGE.withdrawnRace(view.title) });
  }
  if (view.kind !== "entry") return refused(view.kind);
  // A GET only asks (mail scanners open links); the withdrawal is the POST of the question's "Yes".
  const asked = new URL(request.url).searchParams.get(CONFIRM);
  const confirming = asked === "race" || (asked && view.classes.length > 1 && view.classes.includes(asked)) ? asked : undefined;
  return data<Page>({ state: "entry", entry: view, done: null, ...(confirming ? { confirming } : {}) });
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
  const parsed = withdrawSchema.safeParse(Object.fromEntries(await readForm(request, withdrawSchema)));
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
    return page(db, params.token, today, ENTRY_PAGE.withdrawnClass(outcome.from));
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "withdrawing a race entry failed");
    return data<Page>({ state: "refused", alert: ENTRY_PAGE.failed, done: null }, { status: 500 });
  }
}

export default function RaceEntry({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const here = useLocation().pathname;
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold sm:text-3xl">{ENTRY_PAGE.title}</h1>
      </CardHeader>
      <CardContent className="space-y-5">
        {view.done && (
          <p role="status" className="text-base font-medium">
            {view.done}
          </p>
        )}
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
            {view.confirming ? (
              <ConfirmWithdrawal entry={view.entry} choice={view.confirming} />
            ) : (
              <WithdrawChoices entry={view.entry} />
            )}
          </>
        )}
        <PrivacyNoticeLink />
      </CardContent>
    </Card>
  );
}

/** The first step: a GET form per choice, which only asks. */
function WithdrawChoices({ entry }: { entry: Entry }) {
  return (
    <Form method="get" className="flex flex-wrap gap-3">
      {entry.classes.length > 1 &&
        entry.classes.map((c) => (
          <Button key={c} type="submit" name={CONFIRM} value={c} variant="outline">
            Withdraw from {c}
          </Button>
        ))}
      <Button type="submit" name={CONFIRM} value="race" variant="destructive">
        Withdraw from the race
      </Button>
    </Form>
  );
}

/** The second step: the question, "Yes" posts the withdrawal, "Keep" goes back to the entry. */
function ConfirmWithdrawal({ entry, choice }: { entry: Entry; choice: string }) {
  const question = choice === "race" ? ENTRY_PAGE.confirmRace(entry.title) : ENTRY_PAGE.confirmClass(choice, entry.title);
  return (
    <Form method="post" className="space-y-3 rounded-md border border-destructive p-4">
      <h2 className="text-lg font-semibold">{question}</h2>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="withdraw" value={choice} variant="destructive">
          {ENTRY_PAGE.confirmYes}
        </Button>
        {/* The same page without the question. */}
        <a href={useLocation().pathname} className={buttonClasses({ variant: "outline" })}>
          {ENTRY_PAGE.confirmNo}
        </a>
      </div>
    </Form>
  );
}

// After the POST the action's answer is the page.
export const shouldRevalidate = () => false;

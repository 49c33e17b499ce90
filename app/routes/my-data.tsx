/**
 * A racer's own data (issue 35 item 2), for the browser that opened their e-mailed link, for a
 * short time: everything the club holds (app/domain/privacy/my-data.server.ts), its downloads,
 * a correction through the registration's change flow, the erasure request, and "close". Plain
 * forms and links: no script (decision 0012). Without a live session it says how to get one.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useLocation } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext, productionContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { endSession, sessionCookie, sessionIdFrom, sessionRacer } from "~/domain/privacy/my-data-links.server";
import { racerData } from "~/domain/privacy/my-data.server";
import { requestCorrection, requestErasure } from "~/domain/privacy/requests.server";
import { DataSections, Downloads } from "~/components/privacy/data-sections";
import { CorrectionForm, EndForm, EraseSection } from "~/components/privacy/my-data-forms";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormNotice } from "~/components/ui/form-notice";
import { MY_DATA_TEXTS, parseMyDataIntent } from "~/lib/privacy/my-data";
import { pipaPolicyParagraphs } from "~/lib/registration/pipa";
import { CHANGE_NOTICES } from "~/lib/registration/registration";
import { driverRegistrationSchema } from "~/lib/registration/registration-forms";
import type { SubmissionResult } from "~/components/ui/use-zod-form";
import { retryAfter, type PageHandle } from "~/lib/platform/page";
import { formatClubDateTime } from "~/lib/util/dates";
import { tryAgainIn } from "~/lib/util/try-again";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/my-data";

/** `?erase` asks before the erasure is posted; `?erased` is the page an erasure lands on. */
export const handle: PageHandle = { query: ["erase", "erased"] };

// Personal data: never kept by a cache, never indexed.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  ...retryAfter(actionHeaders),
});

export const meta: Route.MetaFunction = () => [{ title: MY_DATA_TEXTS.pageTitle }, { name: "robots", content: "noindex" }];

async function page({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const db = context.get(dbContext);
  const competitorId = await sessionRacer(db, sessionIdFrom(request, context.get(productionContext)));
  const found = competitorId === null ? null : await racerData(db, competitorId);
  if (!found) return null;
  const [details] = found.sections.registration;
  const text = (key: string) => (typeof details?.[key] === "string" ? details[key] : "");
  return {
    data: found,
    current: {
      firstName: text("firstName"),
      lastName: text("lastName"),
      boatName: text("boatName"),
      boatNumber: text("boatNumber"),
      boatClasses: text("boatClasses").split(", ").filter(Boolean),
      telephone: text("telephone"),
      email: text("email"),
    },
    policy: pipaPolicyParagraphs(context.get(configContext).clubName),
    timeZone: context.get(configContext).timeZone,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const view = await page(args);
  // After an erasure the session is gone with the racer's links: the page says it is done.
  const erased = !view && new URL(args.request.url).searchParams.has("erased");
  if (!view) return data({ view: null, erased }, { status: erased ? 200 : 403 });
  return { view, erased: false };
}

type Answer = { notice: Toast | null; alert: Toast | null; result?: SubmissionResult<string[]> };

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const db = context.get(dbContext);
  const address = context.get(clientAddressContext);
  const production = context.get(productionContext);
  const limit = await countPublicPost(db, "my-data", address);
  if (!limit.allowed) {
    const alert = { type: "error", title: MY_DATA_TEXTS.tooMany, description: tryAgainIn(limit.retryAfterSeconds) } as const;
    return answer(args, { notice: null, alert }, 429);
  }
  const sessionId = sessionIdFrom(request, production);
  const competitorId = await sessionRacer(db, sessionId);
  const formData = await readForm(request, driverRegistrationSchema, { extraFields: ["intent"] });
  const intent = parseMyDataIntent(formData.get("intent"));
  if (intent === "end") {
    await endSession(db, sessionId);
    return redirect("/privacy", { status: 303, headers: { "Set-Cookie": sessionCookie(request, production, null) } });
  }
  if (competitorId === null) return data({ view: null, answer: null }, { status: 403 });
  if (intent === null)
    return answer(args, { notice: null, alert: { type: "error", title: MY_DATA_TEXTS.failed, description: "" } }, 400);
  const { clubName, clubEmail, siteUrl } = context.get(configContext);
  try {
    if (intent === "erase") {
      const erased = await requestErasure(db, competitorId, { address });
      if (erased.kind === "not-found") return data({ view: null, answer: null }, { status: 403 });
      // Nothing of theirs is left to show, and the viewing session went with their links.
      return redirect("/privacy/my-data?erased", {
        status: 303,
        headers: { "Set-Cookie": sessionCookie(request, production, null) },
      });
    }
    const submission = parseWithZod(formData, { schema: driverRegistrationSchema });
    if (submission.status !== "success") {
      return answer(args, { notice: null, alert: MY_DATA_TEXTS.correctionRefused, result: submission.reply() }, 400);
    }
    const outcome = await requestCorrection(db, competitorId, submission.value, {
      address,
      club: { clubName, clubEmail, siteUrl },
    });
    switch (outcome.kind) {
      case "confirmation-sent":
        return answer(args, { notice: CHANGE_NOTICES.sent(outcome.maskedEmail), alert: null });
      case "confirmation-already-sent":
        return answer(args, { notice: CHANGE_NOTICES.alreadySent(outcome.maskedEmail), alert: null });
      case "no-address":
        return answer(args, { notice: null, alert: CHANGE_NOTICES.noAddress(clubEmail), result: submission.reply() }, 409);
    }
  } catch (error) {
    context.get(loggerContext).error({ err: error }, `my-data ${intent} failed`);
    return answer(args, { notice: null, alert: { type: "error", title: MY_DATA_TEXTS.failed, description: "" } }, 503);
  }
}

/** The page again, with the answer above it (a document POST renders the action's data). */
async function answer(args: Route.ActionArgs, reply: Answer, status = 200) {
  const view = await page(args);
  return data({ view, answer: reply }, { status: view ? status : 403 });
}

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ? actionData.view : loaderData.view;
  const reply = actionData?.answer ?? null;
  const confirming = new URLSearchParams(useLocation().search).has("erase");
  return (
    <Card className="mx-auto max-w-3xl">
      <CardHeader>
        <h1 className="text-2xl font-bold sm:text-3xl">{MY_DATA_TEXTS.pageTitle}</h1>
        {view && <p className="text-sm text-muted-foreground">Everything {view.data.name}&apos;s record holds at the club.</p>}
      </CardHeader>
      <CardContent className="space-y-8">
        <FormAlert toast={reply?.alert} />
        <FormNotice notice={reply?.notice} />
        {view ? (
          <>
            <EndForm />
            <Downloads />
            <DataSections data={view.data} instant={(iso) => shownInstant(iso, view.timeZone)} />
            <CorrectionForm current={view.current} policy={view.policy} lastResult={reply?.result} />
            <EraseSection confirming={confirming} />
          </>
        ) : (
          <div className="space-y-3">
            {loaderData.erased ? (
              <FormNotice notice={{ type: "success", title: MY_DATA_TEXTS.erased, description: "" }} />
            ) : (
              <p>{MY_DATA_TEXTS.noSession}</p>
            )}
            <a href="/privacy#your-rights" className="font-medium text-primary underline underline-offset-4">
              Privacy notice
            </a>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function shownInstant(iso: string, timeZone: string): string {
  const { date, time } = formatClubDateTime(iso, timeZone);
  return `${date} ${time}`;
}

// After the POST the action's answer is the page.
export const shouldRevalidate = () => false;

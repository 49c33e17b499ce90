import { data } from "react-router";
import { configContext, dbContext, loggerContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { attempt, refused } from "~/domain/platform/answer.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { erasedRacers, erasureChoices, erasurePreview } from "~/domain/privacy/erasure.server";
import {
  addPaperRequest,
  answerRequest,
  eraseForRequest,
  extendRequest,
  listRequests,
} from "~/domain/privacy/request-screen.server";
import { ErasedList, ErasureConfirm, ErasurePick, PRIVACY_PATH } from "~/components/privacy/erasure";
import { PaperRequestForm, RequestList } from "~/components/privacy/requests";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { FormAlert } from "~/components/ui/form-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { privacyScreenFields, privacyScreenSchema, type PrivacyScreenForm } from "~/lib/privacy/request-forms";
import { requestItem } from "~/lib/privacy/request-items";
import { ANSWER_DAYS } from "~/lib/privacy/requests";
import { clubToday, formatClubDateTime, formatShortDate } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [{ title: "Privacy" }];

/**
 * The owner's privacy screen (issue 35 item 4): the requests with their due dates and answers, a
 * request made on paper, and the erasure of a racer who asked on paper (`?erase=` is its review
 * step; `&request=` the request it answers) with the erasures made (decision 0053).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "privacy");
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const today = clubToday(config);
  const params = new URL(request.url).searchParams;
  const raw = params.get("erase");
  let confirm = null;
  if (raw !== null) {
    const id = parseId(raw);
    const preview = id ? await erasurePreview(db, id) : null;
    if (!preview) throw data("Competitor Not Found", { status: 404 });
    if (!preview.erased) confirm = { ...preview, requestId: parseId(params.get("request")) };
  }
  const [choices, erased, requests] = await Promise.all([
    erasureChoices(db),
    erasedRacers(db),
    listRequests(db, config.timeZone),
  ]);
  return {
    choices,
    confirm,
    today,
    requests: requests.map((r) => requestItem(r, today)),
    erased: erased.map((e) => ({ id: e.id, label: e.label, erasedOn: formatClubDateTime(e.erasedAt, config.timeZone).date })),
  };
}

const FAILED: Record<PrivacyScreenForm["intent"], string> = {
  add: "The request was not added",
  extend: "The request was not extended",
  done: "The request was not changed",
  refuse: "The request was not changed",
  erase: "Failed to erase the racer",
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "privacy"), context);
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const parsed = privacyScreenSchema.safeParse(Object.fromEntries(await readForm(request, privacyScreenFields)));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const description = !issue || issue.path[0] === "intent" ? "This form is not one of this page's." : issue.message;
    return refused({ type: "error", title: "Nothing was changed", description }, 400);
  }
  const form = parsed.data;
  const title = FAILED[form.intent];
  const fail = (description: string, status: number) => refused({ type: "error", title, description }, status);
  const options = { timeZone: config.timeZone, actor };
  const outcome = await attempt(context.get(loggerContext), `privacy ${form.intent}`, async () => {
    switch (form.intent) {
      case "add":
        return addPaperRequest(
          db,
          { ...form, competitorId: Number(form.competitorId) },
          { ...options, today: clubToday(config) },
        );
      case "extend":
        return extendRequest(db, { ...form, requestId: Number(form.requestId) }, { ...options, show: formatShortDate });
      case "done":
      case "refuse":
        return answerRequest(
          db,
          { requestId: Number(form.requestId), status: form.intent === "done" ? "done" : "refused", note: form.note },
          options,
        );
      case "erase":
        return eraseForRequest(
          db,
          { competitorId: Number(form.competitorId), requestId: form.requestId ? Number(form.requestId) : null },
          options,
        );
    }
  });
  if (!outcome) return fail("An error occurred. Please try again.", 500);
  if (!outcome.ok) return fail(outcome.message, outcome.status);
  return redirectWithToast(PRIVACY_PATH, successToast(form.intent, outcome));
}

function successToast(intent: PrivacyScreenForm["intent"], outcome: object): Toast {
  switch (intent) {
    case "add":
      return {
        type: "success",
        title: "Request added",
        description: `Its answer is due ${ANSWER_DAYS} days after you confirmed who they are.`,
      };
    case "extend":
      return { type: "success", title: "Request extended", description: "The new due date is shown with the request." };
    case "done":
      return { type: "success", title: "Request done", description: "It stays in the list as answered." };
    case "refuse":
      return { type: "success", title: "Request refused", description: "It stays in the list with your reason." };
    case "erase": {
      const erased = outcome as { label: string; alreadyErased: boolean };
      return {
        type: "success",
        title: erased.alreadyErased ? "Already erased" : "Racer erased",
        description: `Their results now show as ${erased.label}.`,
      };
    }
  }
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, confirm, erased, requests, today } = loaderData;
  useToast(actionData?.toast);
  return (
    <div className="space-y-4">
      <FormAlert toast={actionData && !actionData.ok ? actionData.toast : null} />
      {confirm && <ErasureConfirm {...confirm} />}
      <Card>
        <CardHeader>
          <CardTitle>Privacy</CardTitle>
          <CardDescription>
            Racers&apos; requests to see, correct or erase their data. PIPA asks for an answer within {ANSWER_DAYS} days of
            confirming who the person is.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <section className="space-y-2" aria-labelledby="privacy-requests">
            <h2 id="privacy-requests" className="font-semibold">
              Requests
            </h2>
            <RequestList requests={requests} />
          </section>
          <section className="space-y-2" aria-labelledby="privacy-paper">
            <h2 id="privacy-paper" className="font-semibold">
              A request made on paper or in person
            </h2>
            <PaperRequestForm choices={choices} today={today} />
          </section>
          <section className="space-y-2" aria-labelledby="privacy-erase">
            <h2 id="privacy-erase" className="font-semibold">
              Erase a racer
            </h2>
            <p className="text-sm text-muted-foreground">
              Once you have confirmed who they are. Their results stay under an anonymous name.
            </p>
            <ErasurePick choices={choices} />
          </section>
          <section className="space-y-2" aria-labelledby="privacy-erased">
            <h2 id="privacy-erased" className="font-semibold">
              Erased racers
            </h2>
            <ErasedList erased={erased} />
          </section>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load privacy" description="An error occurred while loading the privacy screen" />;
}

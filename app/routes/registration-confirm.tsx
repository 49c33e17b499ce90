import { createContext, data } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { changeRows, confirmChange, viewPendingChange, type ChangeRow } from "~/domain/registration/changes.server";
import { PendingChange } from "~/components/registration/pending-change";
import { FormAlert } from "~/components/ui/form-alert";
import { PrivacyNoticeLink } from "~/components/privacy/notice-link";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { CONFIRM_PAGE, REGISTRATION_TOASTS, tooManyRequestsToast } from "~/lib/registration/registration";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/registration-confirm";

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [{ title: CONFIRM_PAGE.title }, { name: "robots", content: "noindex" }];

type Page =
  | { state: "pending"; rows: ChangeRow[] }
  | { state: "applied"; title: string; message: string }
  | { state: "refused"; alert: Toast };

function refused(alert: Toast, status: number, headers?: HeadersInit) {
  return data<Page>({ state: "refused", alert }, { status, headers });
}

/** Unknown is 404; used or expired is 410 (Gone): the link existed and will never work again. */
function linkRefused(kind: "unknown" | "used" | "expired") {
  return refused(CONFIRM_PAGE[kind], kind === "unknown" ? 404 : 410);
}

/**
 * Set by a successful POST. Without JavaScript the loader runs after the action in the same
 * request; it must not answer 410 for the link the action has just used.
 */
const appliedContext = createContext<Page | null>(null);

/** Shows the change and a button. A GET never applies it: mail scanners open links. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const applied = context.get(appliedContext);
  if (applied) return data<Page>(applied);
  const view = await viewPendingChange(context.get(dbContext), params.token);
  if (view.kind !== "pending") {
    return linkRefused(view.kind);
  }
  return data<Page>({ state: "pending", rows: changeRows(view.current, view.next) });
}

export async function action({ params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const { clubName, clubEmail } = context.get(configContext);
  const limit = await countPublicPost(db, "registration-confirm", context.get(clientAddressContext));
  if (!limit.allowed) {
    return refused(tooManyRequestsToast(limit.retryAfterSeconds), 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  try {
    const outcome = await confirmChange(db, params.token, { clubName, clubEmail });
    switch (outcome.kind) {
      case "applied": {
        const page: Page = { state: "applied", title: CONFIRM_PAGE.applied.title, message: CONFIRM_PAGE.applied.description };
        context.set(appliedContext, page);
        return data<Page>(page);
      }
      case "email-taken":
        return refused(CONFIRM_PAGE.emailTaken(clubEmail), 409);
      default:
        return linkRefused(outcome.kind);
    }
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "registration change confirmation failed");
    return refused(REGISTRATION_TOASTS.driverFailed, 500);
  }
}

export default function ConfirmRegistrationChange({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold sm:text-3xl">{page.state === "applied" ? page.title : CONFIRM_PAGE.title}</h1>
      </CardHeader>
      <CardContent className="space-y-5">
        {page.state === "refused" && <FormAlert toast={page.alert} />}
        {page.state === "applied" && (
          <p role="status" className="text-base">
            {page.message}
          </p>
        )}
        {page.state === "pending" && <PendingChange rows={page.rows} />}
        <PrivacyNoticeLink />
      </CardContent>
    </Card>
  );
}

// After the POST the action's answer is the page: re-reading the (now used) link would only 410.
export const shouldRevalidate = () => false;

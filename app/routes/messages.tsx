import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { clientAddressContext, dbContext } from "~/context";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { savePreferences, unsubscribe, viewPreferences } from "~/domain/registration/race-messages.server";
import { readForm } from "~/domain/platform/read-form.server";
import { FormAlert } from "~/components/ui/form-alert";
import { Button } from "~/components/ui/button";
import { PrivacyNoticeLink } from "~/components/privacy/notice-link";
import { LinkPage } from "~/components/ui/link-page";
import { preferencesSchema, RACE_EMAILS, type Preferences } from "~/lib/registration/race-messages";
import { tooManyRequestsToast } from "~/lib/registration/registration";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/messages";

// The address holds a live token: keep it out of caches and search engines.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

export const meta: Route.MetaFunction = () => [{ title: RACE_EMAILS.page.title }, { name: "robots", content: "noindex" }];

type Page = { state: "form"; name: string; preferences: Preferences; notice: string | null } | { state: "refused"; alert: Toast };

function refused(alert: Toast, status: number, headers?: HeadersInit) {
  return data<Page>({ state: "refused", alert }, { status, headers });
}

/** Shows the driver's choices. A GET never changes them: mail scanners open links. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await viewPreferences(context.get(dbContext), params.token);
  if (view.kind === "unknown") return refused(RACE_EMAILS.unknownLink, 404);
  return data<Page>({ state: "form", name: view.name, preferences: view.preferences, notice: null });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const formData = await readForm(request, preferencesSchema, { extraFields: ["intent"] });
  const limit = await countPublicPost(db, "messages", context.get(clientAddressContext));
  if (!limit.allowed) {
    return refused(tooManyRequestsToast(limit.retryAfterSeconds), 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  const view = await viewPreferences(db, params.token);
  if (view.kind === "unknown") return refused(RACE_EMAILS.unknownLink, 404);
  const everything = formData.get("intent") === "unsubscribe";
  const submission = parseWithZod(formData, { schema: preferencesSchema });
  // Two checkboxes cannot be invalid; anything else is refused by readForm above.
  const wanted = everything || submission.status !== "success" ? null : submission.value;
  const saved = wanted ? await savePreferences(db, params.token, wanted) : await unsubscribe(db, params.token);
  if (!saved) return refused(RACE_EMAILS.unknownLink, 404);
  const none = !saved.notifyResults && !saved.notifyReminders && !saved.dutyReminders;
  return data<Page>({
    state: "form",
    name: view.name,
    preferences: saved,
    notice: none ? RACE_EMAILS.page.unsubscribed : RACE_EMAILS.page.saved,
  });
}

export default function RaceEmailPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return (
    <LinkPage title={RACE_EMAILS.page.title}>
      {page.state === "refused" ? (
        <FormAlert toast={page.alert} />
      ) : (
        <>
          {page.notice && (
            <p role="status" className="rounded-md border border-primary/40 bg-primary/5 px-4 py-3 text-sm">
              {page.notice}
            </p>
          )}
          <p>{RACE_EMAILS.page.intro(page.name)}</p>
          <Form method="post" className="space-y-4">
            <fieldset className="space-y-3">
              <legend className="sr-only">{RACE_EMAILS.page.title}</legend>
              <label className="flex items-start gap-3 text-base">
                <input
                  type="checkbox"
                  name="notifyResults"
                  defaultChecked={page.preferences.notifyResults}
                  className="mt-1 size-5 accent-primary"
                />
                {RACE_EMAILS.page.results}
              </label>
              <label className="flex items-start gap-3 text-base">
                <input
                  type="checkbox"
                  name="notifyReminders"
                  defaultChecked={page.preferences.notifyReminders}
                  className="mt-1 size-5 accent-primary"
                />
                {RACE_EMAILS.page.reminders}
              </label>
              <label className="flex items-start gap-3 text-base">
                <input
                  type="checkbox"
                  name="dutyReminders"
                  defaultChecked={page.preferences.dutyReminders}
                  className="mt-1 size-5 accent-primary"
                />
                {RACE_EMAILS.page.duties}
              </label>
            </fieldset>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button type="submit" name="intent" value="save">
                {RACE_EMAILS.page.save}
              </Button>
              <Button type="submit" name="intent" value="unsubscribe" variant="outline">
                {RACE_EMAILS.page.unsubscribeAll}
              </Button>
            </div>
          </Form>
        </>
      )}
      <PrivacyNoticeLink />
    </LinkPage>
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext } from "~/context";
import { pgErrorCode } from "~/domain/platform/db-errors.server";
import { countPublicPost, isBot } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { listDrivers, listOpenRaces, registerForRace } from "~/domain/registration/race-entries.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { FormAlert } from "~/components/ui/form-alert";
import { Honeypot } from "~/components/ui/honeypot";
import { Button } from "~/components/ui/button";
import { PrivacyNoticeLink } from "~/components/privacy/notice-link";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { SelectField } from "~/components/ui/field";
import { FieldErrorSlots } from "~/components/ui/label";
import { BoatClassFieldset } from "~/components/registration/boat-class-fieldset";
import { BOAT_CLASSES } from "~/lib/platform/boat-classes";
import { clubToday } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import { entryWindowText } from "~/lib/races/entry-window";
import {
  alreadyRegisteredToast,
  driverLabel,
  RACE_MESSAGES,
  RACE_REGISTRATION_FORM_ID,
  raceLabel,
  raceRegistrationSchema,
  REGISTRATION_TOASTS,
  tooManyRequestsToast,
} from "~/lib/registration/registration";
import { HONEYPOT_FIELD } from "~/lib/platform/form-submit";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/race-registration";
import { getFormProps, useZodForm } from "~/components/ui/use-zod-form";
import { PUBLIC_FORM, readPageData } from "~/lib/platform/page";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";

/**
 * A public form without the framework (docs/decisions/0033-public-forms-without-the-framework.md):
 * server HTML, and a small page script for the checks as you type and the busy button.
 */
export const handle = PUBLIC_FORM;

// The races on offer depend on the clock (entry windows open and close at a time of day), which no
// data change announces: rendered for each visit, never kept by the page cache or a CDN.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = previewSite(matches);
  return linkPreview(site, location, {
    title: "Race Registration",
    description: `Enter an upcoming race of the ${site?.clubName ?? "club"} in one or both boat classes.`,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const today = clubToday(context.get(configContext));
  // SPEC section 8: a failed list shows its error toast and an empty list, not an error page.
  const [drivers, races] = await Promise.all([
    listDrivers(db).catch((error: unknown) => (context.get(loggerContext).error({ err: error }, "loading drivers failed"), null)),
    listOpenRaces(db, today).catch(
      (error: unknown) => (context.get(loggerContext).error({ err: error }, "loading races failed"), null),
    ),
  ]);
  const toasts: Toast[] = [];
  if (!races && !drivers) toasts.push({ type: "error", title: "Error", description: "Failed to load required data" });
  else if (!races) toasts.push({ type: "error", title: "Error", description: "Failed to fetch upcoming races" });
  else if (!drivers) toasts.push({ type: "error", title: "Error", description: "Failed to fetch registered competitors" });
  // "Enter this race" on a race page links here with the race chosen, while it is open for entry.
  const asked = parseId(new URL(request.url).searchParams.get("race"));
  const chosenRaceId = races?.find((r) => r.id === asked)?.id ?? null;
  return readPageData(request, {
    chosenRaceId,
    driversFailed: drivers === null,
    drivers: (drivers ?? []).map((d) => ({ id: d.id, label: driverLabel(d) })),
    races: (races ?? []).map((r) => ({ id: r.id, label: raceLabel(r) })),
    toasts,
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const limit = await countPublicPost(db, "race-registration", context.get(clientAddressContext));
  if (!limit.allowed) {
    return data(
      { result: undefined, toast: tooManyRequestsToast(limit.retryAfterSeconds) },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const formData = await readForm(request, raceRegistrationSchema, { extraFields: [HONEYPOT_FIELD] });
  if (isBot(formData)) return redirectWithToast("/", REGISTRATION_TOASTS.raceSaved);

  const submission = parseWithZod(formData, { schema: raceRegistrationSchema });
  // A failed validation is a 400, on every form; the page still renders the form with its messages.
  if (submission.status !== "success") return data({ result: submission.reply(), toast: null }, { status: 400 });

  try {
    const today = clubToday(context.get(configContext));
    const { clubName, clubEmail, siteUrl } = context.get(configContext);
    const outcome = await registerForRace(db, submission.value, today, { clubName, clubEmail, siteUrl });
    switch (outcome.kind) {
      case "registered":
        return redirectWithToast("/", REGISTRATION_TOASTS.raceSaved);
      case "already-registered":
        return data({ result: submission.reply(), toast: alreadyRegisteredToast(outcome.boatClass) }, { status: 409 });
      // The server's own checks of the chosen race and driver: failed validations, so 400 too.
      case "race-unknown":
      case "race-closed":
        return data(
          {
            result: submission.reply({
              fieldErrors: { raceId: [outcome.kind === "race-closed" ? RACE_MESSAGES.raceClosed : RACE_MESSAGES.raceUnknown] },
            }),
            toast: null,
          },
          { status: 400 },
        );
      case "window-closed": {
        // "Entries closed on Thursday, March 5, 2026, 6 pm." (or when they open): nothing was saved.
        const { timeZone } = context.get(configContext);
        const message = `${entryWindowText(outcome.window, new Date(), timeZone) ?? RACE_MESSAGES.raceClosed}.`;
        return data({ result: submission.reply({ fieldErrors: { raceId: [message] } }), toast: null }, { status: 400 });
      }
      case "driver-unknown":
        return data(
          { result: submission.reply({ fieldErrors: { competitorId: [RACE_MESSAGES.driverUnknown] } }), toast: null },
          { status: 400 },
        );
    }
  } catch (error) {
    context.get(loggerContext).error({ err: error }, "race registration failed");
    // SPEC section 8: a failed insert says 'Failed to register for the race'; anything else 'Registration Failed'.
    const toast: Toast =
      pgErrorCode(error) !== undefined
        ? { type: "error", title: "Error", description: "Failed to register for the race" }
        : REGISTRATION_TOASTS.raceFailed;
    return data({ result: submission.reply(), toast }, { status: 500 });
  }
}

export default function RaceRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useZodForm(raceRegistrationSchema, {
    id: RACE_REGISTRATION_FORM_ID,
    lastResult: actionData?.result,
    defaultValue: loaderData.chosenRaceId === null ? undefined : { raceId: String(loaderData.chosenRaceId) },
  });

  return (
    <Card className="mx-auto max-w-2xl">
      <CardHeader>
        <h1 className="text-2xl font-bold sm:text-3xl">Race Registration</h1>
      </CardHeader>
      <CardContent>
        {/* SPEC section 8's toasts, in the page: a failed list, then the form's answer. */}
        {loaderData.toasts.map((toast) => (
          <FormAlert key={toast.description} toast={toast} />
        ))}
        <FormAlert toast={actionData?.toast} />
        <FieldErrorSlots value>
          <form method="post" action="/race-registration" {...getFormProps(form)} className="relative space-y-5">
            <Honeypot />
            <SelectField
              field={fields.competitorId}
              label="Driver"
              after={loaderData.driversFailed && <p className="text-sm text-destructive">Failed to fetch competitors</p>}
            >
              <option value="">Select a registered driver</option>
              {loaderData.drivers.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label}
                </option>
              ))}
            </SelectField>
            <SelectField field={fields.raceId} label="Race Event">
              <option value="">Select a race event</option>
              {loaderData.races.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </SelectField>
            <BoatClassFieldset field={fields.boatClasses} legend="Boat Class" options={BOAT_CLASSES} />
            <Button type="submit" data-busy-label="Submitting..." className="w-full sm:w-auto">
              Register for Race
            </Button>
            <PrivacyNoticeLink />
          </form>
        </FieldErrorSlots>
      </CardContent>
    </Card>
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { clubDefaultsContext, dbContext, loggerContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { readClub, saveClub } from "~/domain/admin/club-settings.server";
import { readResultsCheckMinutes, saveResultsCheckMinutes } from "~/domain/race-day/results-check-setting.server";
import { adminActor, type AuditActor } from "~/domain/platform/audit.server";
import { attempt, refused } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { ClubSettingsForm } from "~/components/admin/club-settings-form";
import { CheckInSettingsForm } from "~/components/race-day/check-in-settings-form";
import { DutySettingsForm } from "~/components/race-day/duty-settings-form";
import { readDefaultDuties } from "~/domain/race-day/duty-settings.server";
import { readCheckInSettings } from "~/domain/race-day/check-in-settings.server";
import { ImageUploadForm } from "~/components/images/image-upload-form";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { clubSettingsSchema, isClubSettingsListIntent } from "~/lib/platform/club-settings";
import { ResultsCheckSettingForm } from "~/components/race-day/results-check-setting-form";
import { RESULTS_CHECK_MINUTES, RESULTS_CHECK_TEXT, resultsCheckMinutesSchema } from "~/lib/race-day/results-check";
import { MAX_OPENS_MINUTES_BEFORE } from "~/lib/race-day/check-in";
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "Settings" }];

const HERE = "/admin/settings";

/** Owners only (area "settings"): the club's name, words, contact address, social links and time zone. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "settings");
  // Read afresh, not the request's kept copy: the page after a save shows what was saved.
  const db = context.get(dbContext);
  const [club, checkIn, resultsCheckMinutes, duties] = await Promise.all([
    readClub(db, context.get(clubDefaultsContext)),
    readCheckInSettings(db),
    readResultsCheckMinutes(db),
    readDefaultDuties(db),
  ]);
  // The forms' limits travel with the data, so the rules modules stay out of the screen's script.
  return {
    club,
    checkIn,
    checkInMaxBefore: MAX_OPENS_MINUTES_BEFORE,
    resultsCheckMinutes,
    resultsCheckMax: RESULTS_CHECK_MINUTES.max,
    duties,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(request, context, "settings");
  const formData = await readForm(request, clubSettingsSchema, { extraFields: ["__intent__", "minutes"] });
  // The results check's own small form (decision 0056).
  if (formData.has("minutes")) return saveMinutes(formData, adminActor(me, context), context.get(dbContext));
  if (formData.has("__intent__") && !isClubSettingsListIntent(formData.get("__intent__"))) {
    const toast = { type: "error", title: "Nothing was changed", description: "This form is not one of this page's." } as const;
    return refused(toast, 400, { result: undefined });
  }
  const submission = parseWithZod(formData, { schema: clubSettingsSchema });
  // "Add a link" / "Remove" without JavaScript: the form comes back with its rows changed, unsaved.
  if (submission.status === undefined) return data({ ok: true as const, toast: null, result: submission.reply() });
  if (submission.status !== "success") {
    const toast = { type: "error", title: "Nothing was changed", description: "Please correct the marked fields." } as const;
    return refused(toast, 400, { result: submission.reply() });
  }
  const db = context.get(dbContext);
  const changed = await attempt(context.get(loggerContext), "club settings", () =>
    saveClub(db, submission.value, context.get(clubDefaultsContext), adminActor(me, context)),
  );
  if (changed === null) {
    const toast = { type: "error", title: "Nothing was changed", description: "An error occurred. Please try again." } as const;
    return refused(toast, 500, { result: submission.reply() });
  }
  return redirectWithToast(HERE, {
    type: "success",
    title: changed ? "Settings saved" : "Nothing to save",
    description: changed ? "Every page shows them now." : "The settings were already these.",
  });
}

async function saveMinutes(formData: FormData, actor: AuditActor, db: Parameters<typeof saveResultsCheckMinutes>[0]) {
  const parsed = resultsCheckMinutesSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) {
    return refused({ type: "error", title: "Nothing was changed", description: parsed.error.issues[0]!.message }, 400, {
      result: undefined,
    });
  }
  const changed = await saveResultsCheckMinutes(db, parsed.data.minutes, actor);
  return redirectWithToast(HERE, {
    type: "success",
    title: changed ? "Settings saved" : "Nothing to save",
    description: changed ? RESULTS_CHECK_TEXT.minutesSaved(parsed.data.minutes) : "The settings were already these.",
  });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast);
  const failure = actionData && !actionData.ok ? actionData.toast : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Club settings</CardTitle>
        <CardDescription>
          The club&apos;s name and words on every page, its contact address, social links and time zone. A change shows on every
          page at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <section aria-labelledby="club-images" className="space-y-3">
          <h2 id="club-images" className="text-lg font-semibold">
            Logo and banner
          </h2>
          <ImageUploadForm
            label="Logo"
            hint="In the header of every page, 36 pixels high."
            query="purpose=logo"
            current={loaderData.club.logo}
          />
          <ImageUploadForm
            label="Banner"
            hint="At the top of the home page, the page's full width."
            query="purpose=banner"
            current={loaderData.club.banner}
          />
        </section>
        <ClubSettingsForm club={loaderData.club} lastResult={actionData?.result} failure={failure} />
        <CheckInSettingsForm settings={loaderData.checkIn} maxBefore={loaderData.checkInMaxBefore} />
        <ResultsCheckSettingForm minutes={loaderData.resultsCheckMinutes} max={loaderData.resultsCheckMax} />
        <DutySettingsForm duties={loaderData.duties} />
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the settings" description="An error occurred while loading the settings" />;
}

/**
 * The club setting of the results check window (decision 0056): minutes after the race day's
 * last results save during which racers may ask for a results check. Posted from /admin/settings.
 */
import { dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { saveResultsCheckMinutes } from "~/domain/race-day/results-check-setting.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { resultsCheckMinutesSchema } from "~/lib/race-day/results-check";
import type { Route } from "./+types/results-check-setting";

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "settings"), context);
  const parsed = resultsCheckMinutesSchema.safeParse(Object.fromEntries(await readForm(request, resultsCheckMinutesSchema)));
  if (!parsed.success) {
    return redirectWithToast("/admin/settings", {
      type: "error",
      title: "Nothing was changed",
      description: parsed.error.issues[0]!.message,
    });
  }
  const changed = await saveResultsCheckMinutes(context.get(dbContext), parsed.data.minutes, actor);
  return redirectWithToast("/admin/settings", {
    type: "success",
    title: changed ? "Settings saved" : "Nothing to save",
    description: changed
      ? `Requests for a results check stay open ${parsed.data.minutes} minutes.`
      : "The settings were already these.",
  });
}

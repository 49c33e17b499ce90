/** The default duty list's form on /admin/settings (issue 36 item 2): saved, then back to the settings with a toast. */
import { dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { saveDefaultDuties } from "~/domain/race-day/duty-settings.server";
import { DUTY_SETTINGS_TEXT, dutyListFromForm, dutySettingsFormSchema } from "~/lib/race-day/duties";
import type { Route } from "./+types/settings-duties";

const BACK = "/admin/settings";

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "settings"), context);
  const form = await readForm(request, dutySettingsFormSchema);
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value;
  const list = dutyListFromForm(fields);
  if (!list.ok) return redirectWithToast(BACK, { type: "error", title: "Nothing was changed", description: list.message });
  const changed = await saveDefaultDuties(context.get(dbContext), list.value, actor);
  return redirectWithToast(BACK, {
    type: "success",
    title: changed ? "Settings saved" : "Nothing to save",
    description: changed ? DUTY_SETTINGS_TEXT.saved : "The settings were already these.",
  });
}

/** The check-in setting's form on /admin/settings (issue 36 item 1): saved, then back to the settings with a toast. */
import { dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { saveCheckInSettings } from "~/domain/race-day/check-in-settings.server";
import { checkInSettingsSchema } from "~/lib/race-day/check-in";
import type { Route } from "./+types/settings-check-in";

const BACK = "/admin/settings";

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "settings"), context);
  const fields = Object.fromEntries(await readForm(request, checkInSettingsSchema));
  const minutes = typeof fields.opensMinutesBefore === "string" && /^\d{1,6}$/.test(fields.opensMinutesBefore);
  const parsed = checkInSettingsSchema.safeParse({
    ...fields,
    opensMinutesBefore: minutes ? Number(fields.opensMinutesBefore) : fields.opensMinutesBefore,
  });
  if (!parsed.success) {
    return redirectWithToast(BACK, { type: "error", title: "Nothing was changed", description: parsed.error.issues[0]!.message });
  }
  const changed = await saveCheckInSettings(context.get(dbContext), parsed.data, actor);
  return redirectWithToast(BACK, {
    type: "success",
    title: changed ? "Settings saved" : "Nothing to save",
    description: changed ? "Check-in follows the new times." : "The settings were already these.",
  });
}

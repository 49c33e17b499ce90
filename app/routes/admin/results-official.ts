/**
 * "Mark results official" (issue 32 item 2), posted from where results are entered: the Results
 * screen, which the import's confirmation also lands on. Back to that screen with the answer.
 */
import { data } from "react-router";
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { markResultsOfficial } from "~/domain/race-day/race-day.server";
import { officialSchema } from "~/lib/race-day/heat-schemas";
import { officialResultsToast } from "~/lib/race-day/race-day";
import { formatClubDateTime } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/results-official";

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "results"), context);
  const raceId = parseId(params.id);
  if (!raceId) throw data("Race Not Found", { status: 404 });
  const form = officialSchema.safeParse(Object.fromEntries(await readForm(request, officialSchema)));
  if (!form.success) throw data("Unknown action.", { status: 400 });
  const config = context.get(configContext);
  const marked = await markResultsOfficial(context.get(dbContext), raceId, config, actor);
  if (!marked.ok && marked.status === 404) throw data("Race Not Found", { status: 404 });
  const toast = officialResultsToast(
    marked.ok
      ? { ...marked, since: marked.alreadySince ? formatClubDateTime(marked.alreadySince, config.timeZone) : null }
      : marked,
  );
  return redirectWithToast(`/admin/results?race=${raceId}`, toast);
}

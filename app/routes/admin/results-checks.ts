/**
 * An admin's decision on a request for a results check (issue 36 item 3, decision 0056), posted
 * from the race's Heats page: accepted with the change log entry the correction made, or refused;
 * both with a reason. Back to the Heats page with the answer.
 */
import { data } from "react-router";
import { dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { decideResultsCheck } from "~/domain/race-day/results-checks.server";
import { decideResultsCheckSchema } from "~/lib/race-day/results-check";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/results-checks";

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "heats"), context);
  const raceId = parseId(params.id);
  if (!raceId) throw data("Race Not Found", { status: 404 });
  const back = `/admin/races/${raceId}/heats`;
  const parsed = decideResultsCheckSchema.safeParse(Object.fromEntries(await readForm(request, decideResultsCheckSchema)));
  if (!parsed.success) {
    return redirectWithToast(back, { type: "error", title: "Request not decided", description: parsed.error.issues[0]!.message });
  }
  const decided = await decideResultsCheck(context.get(dbContext), raceId, parsed.data, actor);
  if (!decided.ok && decided.status === 404 && decided.message.startsWith("This race"))
    throw data("Race Not Found", { status: 404 });
  return redirectWithToast(
    back,
    decided.ok
      ? { type: "success", title: "Request decided", description: decided.message }
      : { type: "error", title: "Request not decided", description: decided.message },
  );
}

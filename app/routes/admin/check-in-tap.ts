/**
 * One check-in tap sent by the phone list's script (decision 0055): the answer is JSON, the same
 * for a tap sent again with its key (a replay after the connection returned is applied once).
 */
import { data } from "react-router";
import { dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { applyTap, readTap } from "~/domain/race-day/check-in.server";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/check-in-tap";

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "heats"), context);
  const raceId = parseId(params.id);
  if (!raceId) return data({ error: "Race Not Found" }, { status: 404 });
  const read = await readTap(request);
  if (!read.ok) return data({ error: read.message }, { status: 400 });
  const outcome = await applyTap(context.get(dbContext), raceId, read.tap, actor);
  return data(outcome, { status: outcome.kind === "not-entered" ? 404 : 200, headers: { "Cache-Control": "no-store" } });
}

import { data } from "react-router";
import { configContext, dbContext, loggerContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { attempt, refused } from "~/domain/platform/answer.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { erasedRacers, erasureChoices, erasurePreview, eraseRacerNow } from "~/domain/privacy/erasure.server";
import { ErasedList, ErasureConfirm, ErasurePick, PRIVACY_PATH } from "~/components/privacy/erasure";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { FormAlert } from "~/components/ui/form-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatClubDateTime } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import { z } from "~/lib/util/zod";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = () => [{ title: "Privacy" }];

const eraseSchema = z.object({ intent: z.literal("erase"), competitorId: z.string() });

/**
 * The owner's privacy screen (issue 35 item 4): erase a racer who asked on paper, with `?erase=`
 * as the confirmation step, and the erasures made (decision 0053).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "privacy");
  const db = context.get(dbContext);
  const { timeZone } = context.get(configContext);
  const raw = new URL(request.url).searchParams.get("erase");
  let confirm = null;
  if (raw !== null) {
    const id = parseId(raw);
    const preview = id ? await erasurePreview(db, id) : null;
    if (!preview) throw data("Competitor Not Found", { status: 404 });
    if (!preview.erased) confirm = preview;
  }
  const [choices, erased] = await Promise.all([erasureChoices(db), erasedRacers(db)]);
  return {
    choices,
    confirm,
    erased: erased.map((e) => ({ id: e.id, label: e.label, erasedOn: formatClubDateTime(e.erasedAt, timeZone).date })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "privacy"), context);
  const db = context.get(dbContext);
  const form = await readForm(request, eraseSchema);
  const id = parseId(form.get("competitorId"));
  const title = "Failed to erase the racer";
  if (form.get("intent") !== "erase" || !id) return refused({ type: "error", title, description: "Choose a racer." }, 400);
  const outcome = await attempt(context.get(loggerContext), "racer erasure", () => eraseRacerNow(db, id, actor));
  if (!outcome) return refused({ type: "error", title, description: "An error occurred while erasing the racer" }, 500);
  if (!outcome.ok) return refused({ type: "error", title, description: "This racer no longer exists." }, 404);
  return redirectWithToast(PRIVACY_PATH, {
    type: "success",
    title: outcome.alreadyErased ? "Already erased" : "Racer erased",
    description: `Their results now show as ${outcome.label}.`,
  });
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, confirm, erased } = loaderData;
  useToast(actionData?.toast);
  return (
    <div className="space-y-4">
      <FormAlert toast={actionData && !actionData.ok ? actionData.toast : null} />
      {confirm && <ErasureConfirm {...confirm} />}
      <Card>
        <CardHeader>
          <CardTitle>Privacy</CardTitle>
          <CardDescription>
            A racer who asks, on paper or in person, for their details to be erased: once you have confirmed who they are, choose
            them here. Their results stay under an anonymous name.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <div className="space-y-2">
            <h2 className="font-semibold">Erase a racer</h2>
            <ErasurePick choices={choices} />
          </div>
          <div className="space-y-2">
            <h2 className="font-semibold">Erased racers</h2>
            <ErasedList erased={erased} />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load privacy" description="An error occurred while loading the privacy screen" />;
}

import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "~/components/ui/icons";
import { data, Link } from "react-router";
import { computedOnceContext, configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { definedSeasons, getSeason, saveSeason, seasonChoices } from "~/domain/championship/championship.server";
import { refused } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { SeasonForm } from "~/components/championship/season-form";
import { SeasonTable } from "~/components/championship/season-table";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { DEFAULT_RULES, describeRules } from "~/lib/championship/championship";
import { clubToday, formatShortDate } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import { seasonSchema } from "~/lib/championship/season-schema";
import { nextSeasonToDefine } from "~/lib/championship/seasons";
import type { Route } from "./+types/seasons";

export const meta: Route.MetaFunction = () => [{ title: "Season Management" }];

/**
 * Seasons and their championship rules. The form is a page section, not a dialog, chosen by
 * `?new` or `?edit=ID`: it posts and redirects without JavaScript as well as with it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "seasons");
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const today = clubToday(context.get(configContext));
  const [seasons, { offered }] = await Promise.all([
    definedSeasons(db),
    seasonChoices(db, today, context.get(computedOnceContext)),
  ]);
  const editId = parseId(params.get("edit") ?? undefined);
  const editing = editId ? await getSeason(db, editId) : null;
  if (editId && !editing) throw data("Season Not Found", { status: 404 });
  return {
    seasons: seasons.map((s) => ({
      ...s,
      rules: describeRules(s),
      dates: `${formatShortDate(s.startsOn)} – ${formatShortDate(s.endsOn)}`,
    })),
    form: editing ? { season: editing } : params.has("new") ? { season: null } : null,
    // Under SPEC's rules, the season being set up: not one already running (issue 32 item 8).
    blank: { ...nextSeasonToDefine(offered, today), ...DEFAULT_RULES },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "seasons"), context);
  const db = context.get(dbContext);
  const formData = await readForm(request, seasonSchema);
  const submission = parseWithZod(formData, { schema: seasonSchema });
  const failTitle = formData.get("id") ? "Failed to update season" : "Failed to create season";
  if (submission.status !== "success") {
    const toast = { type: "error", title: failTitle, description: "Please correct the marked fields." } as const;
    return refused(toast, 400, { result: submission.reply() });
  }
  const outcome = await saveSeason(db, submission.value, actor);
  if (!outcome.ok) {
    const result = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] });
    return refused({ type: "error", title: failTitle, description: outcome.message }, outcome.field ? 409 : 404, { result });
  }
  return redirectWithToast("/admin/seasons", {
    type: "success",
    title: outcome.created ? "Season created successfully" : "Season updated successfully",
    description: "The standings use the new rules at once.",
  });
}

export default function Seasons({ loaderData, actionData }: Route.ComponentProps) {
  const { seasons, form, blank } = loaderData;
  useToast(actionData?.toast);
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader layout="flex-row items-center justify-between gap-3">
          <div className="space-y-1">
            <CardTitle>Season Management</CardTitle>
            <CardDescription>
              Without a season, the standings add up every result (and each calendar year with results is a season under the
              default rules).
            </CardDescription>
          </div>
          <Link to="/admin/seasons?new" preventScrollReset className={buttonClasses()}>
            <Plus aria-hidden />
            Add Season
          </Link>
        </CardHeader>
        <CardContent>
          {seasons.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No seasons defined yet.</p>
          ) : (
            <SeasonTable seasons={seasons} />
          )}
        </CardContent>
      </Card>
      {form && (
        <SeasonForm
          key={form.season?.id ?? "new"}
          season={form.season}
          blank={blank}
          lastResult={actionData?.result}
          failure={actionData?.toast}
        />
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load seasons" description="An error occurred while loading seasons" />;
}

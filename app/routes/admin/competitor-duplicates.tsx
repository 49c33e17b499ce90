import { data, Link } from "react-router";
import { z } from "~/lib/util/zod";
import { dbContext, loggerContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { attempt, refused } from "~/domain/platform/answer.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import {
  listDuplicates,
  mergeChoices,
  mergeCompetitors,
  mergePreview,
  REFERENCING_TABLES,
  type MergeRecord,
} from "~/domain/racer/merge.server";
import { DuplicateList, MergeConfirm, PickPair, type MergeSide } from "~/components/racer/competitor-merge";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { FormAlert } from "~/components/ui/form-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ERASED_RECORD_REFUSAL } from "~/lib/racer/erased";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/competitor-duplicates";

export const meta: Route.MetaFunction = () => [{ title: "Duplicate Competitors" }];

const mergeSchema = z.object({ keep: z.string(), merge: z.string() });

function side(record: MergeRecord): MergeSide {
  return {
    id: record.id,
    name: record.name,
    fields: [
      ["E-mail", record.email ?? ""],
      ["Telephone", record.telephone ?? ""],
      ["Boat", [record.boatNumber && `#${record.boatNumber}`, record.boatName, record.boatColour].filter(Boolean).join(" ")],
      ["Classes", record.boatClasses.join(", ")],
      [
        "Race e-mails",
        [record.notifyResults && "results", record.notifyReminders && "reminders"].filter(Boolean).join(", ") || "none",
      ],
      [
        "Registered",
        record.createdAt instanceof Date ? record.createdAt.toISOString().slice(0, 10) : String(record.createdAt).slice(0, 10),
      ],
    ],
    counts: Object.entries(REFERENCING_TABLES).map(([table, label]) => [
      label.charAt(0).toUpperCase() + label.slice(1),
      record.counts[table as keyof typeof REFERENCING_TABLES],
    ]),
  };
}

/**
 * One racer, one record: the likely duplicates, and with `?keep=&merge=` the two records side by
 * side with what moves and a confirm form (a server-rendered POST, with or without JavaScript).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "competitors");
  const db = context.get(dbContext);
  const params = new URL(request.url).searchParams;
  const [pairs, choices] = await Promise.all([listDuplicates(db), mergeChoices(db)]);
  let merge = null;
  let samePicked = false;
  let erasedPicked = false;
  if (params.has("keep") || params.has("merge")) {
    const keep = parseId(params.get("keep") ?? undefined);
    const gone = parseId(params.get("merge") ?? undefined);
    const outcome = keep && gone ? await mergePreview(db, keep, gone) : ({ ok: false, reason: "not-found" } as const);
    if (!outcome.ok && outcome.reason === "not-found") throw data("Competitor Not Found", { status: 404 });
    if (outcome.ok) {
      const { keep: k, gone: g, conflicts, filled } = outcome.preview;
      merge = { keep: side(k), gone: side(g), conflicts, filled };
    } else if (outcome.reason === "erased") erasedPicked = true;
    else samePicked = true;
  }
  return { pairs, choices, merge, samePicked, erasedPicked };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "competitors"), context);
  const db = context.get(dbContext);
  const form = await readForm(request, mergeSchema);
  const keep = parseId(form.get("keep"));
  const gone = parseId(form.get("merge"));
  const title = "Failed to merge competitors";
  if (!keep || !gone) return refused({ type: "error", title, description: "Choose two competitors." }, 400);
  const outcome = await attempt(context.get(loggerContext), "competitor merge", () => mergeCompetitors(db, keep, gone, actor));
  if (!outcome) return refused({ type: "error", title, description: "An error occurred while merging competitors" }, 500);
  if (!outcome.ok) {
    if (outcome.reason === "conflict") {
      const description = `One person would be in a heat twice: ${outcome.heats.join("; ")}.`;
      return refused({ type: "error", title, description }, 409);
    }
    if (outcome.reason === "erased") return refused({ type: "error", title, description: ERASED_RECORD_REFUSAL }, 409);
    const description =
      outcome.reason === "same" ? "A competitor cannot be merged into itself." : "One of these competitors no longer exists.";
    return refused({ type: "error", title, description }, outcome.reason === "same" ? 400 : 404);
  }
  return redirectWithToast(`/admin/competitors/duplicates`, {
    type: "success",
    title: "Competitors merged",
    description: `${outcome.keep.name} now holds both histories (${outcome.moved.race_results} results moved).`,
  });
}

export default function CompetitorDuplicates({ loaderData, actionData }: Route.ComponentProps) {
  const { pairs, choices, merge, samePicked, erasedPicked } = loaderData;
  useToast(actionData?.toast);
  return (
    <div className="space-y-4">
      <FormAlert toast={actionData && !actionData.ok ? actionData.toast : null} />
      {samePicked && <FormAlert toast={{ type: "error", title: "Choose two different competitors.", description: "" }} />}
      {erasedPicked && (
        <FormAlert toast={{ type: "error", title: "Failed to merge competitors", description: ERASED_RECORD_REFUSAL }} />
      )}
      {merge && <MergeConfirm {...merge} />}
      <Card>
        <CardHeader>
          <CardTitle>Duplicate Competitors</CardTitle>
          <CardDescription>
            Racers who may have registered twice: the same e-mail, the same name (ignoring case and accents), or the same boat
            number with a similar name. Merging keeps one record with both histories.{" "}
            <Link to="/admin/competitors">Back to competitors</Link>
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <DuplicateList pairs={pairs} />
          <div className="space-y-2">
            <h2 className="font-semibold">Merge any two</h2>
            <PickPair choices={choices} />
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load duplicates" description="An error occurred while loading duplicate competitors" />;
}

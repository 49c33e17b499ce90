import { Link, redirect, useNavigation } from "react-router";
import { dbContext, loggerContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { attempt, refused } from "~/domain/platform/answer.server";
import { adminActor } from "~/domain/platform/audit.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { ImportFormError, readImportForm, settingsFromForm } from "~/domain/results-import/import-form.server";
import { raceOptions } from "~/domain/race-day/results.server";
import {
  confirmImport,
  loadDraft,
  previewDraft,
  startImport,
  updateDraftSettings,
  type ConfirmOutcome,
  type Preview,
} from "~/domain/results-import/results-import.server";
import { ImportPreview } from "~/components/results-import/import-preview";
import { ImportUploadForm } from "~/components/results-import/import-upload-form";
import { RouteError } from "~/components/layout/route-error";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { DEFAULT_SETTINGS } from "~/lib/results-import/preview";
import { previewScreen } from "~/lib/results-import/screen";
import { parseId } from "~/lib/util/params";
import { resultsEditorUrl } from "~/lib/race-day/results-editor";
import { importDoneNote } from "~/lib/results-import/outcome";
import type { Route } from "./+types/results-import";

export const meta: Route.MetaFunction = () => [{ title: "Import Results" }];

async function raceOf(context: Route.LoaderArgs["context"], id: string | undefined) {
  const raceId = parseId(id);
  const race = raceId ? (await raceOptions(context.get(dbContext))).find((r) => r.id === raceId) : undefined;
  if (!race) throw new Response("Race not found", { status: 404 });
  return race;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "results");
  const race = await raceOf(context, params.id);
  const draftId = new URL(request.url).searchParams.get("draft");
  if (!draftId) return { race, draft: null, preview: null, expired: false };
  const db = context.get(dbContext);
  const draft = await loadDraft(db, draftId, race.id, admin.id);
  if (!draft) return { race, draft: null, preview: null, expired: true };
  const preview = await previewDraft(db, draft);
  return {
    race,
    draft: { id: draft.id, fileName: draft.fileName, settings: draft.settings },
    preview: preview.ok ? { ok: true as const, ...previewScreen({ ...preview, settings: draft.settings }) } : preview,
    expired: false,
  };
}

const CONFIRM_MESSAGES: Record<Exclude<ConfirmOutcome, { ok: true }>["reason"], string> = {
  "race-not-found": "This race no longer exists.",
  "draft-not-found": "This import has expired or was already confirmed. Upload the file again.",
  changed: "The preview changed (a mapping, a choice or the club's racers): check it again, then confirm.",
  nothing: "No heat can be imported: fix the rows marked unusable first.",
  unreadable: "The file could not be read.",
  refused: "The choices could not be saved.",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "results");
  const race = await raceOf(context, params.id);
  const db = context.get(dbContext);
  const here = `/admin/races/${race.id}/import`;
  const fail = (description: string, status = 400) => refused({ type: "error", title: "Import not done", description }, status);
  let form;
  try {
    form = await readImportForm(request);
  } catch (error) {
    if (error instanceof ImportFormError) return fail(error.message);
    throw error;
  }
  if (form.intent === "preview") {
    if (form.source === null) return fail("Choose a file or paste cells from a spreadsheet.");
    const settings = {
      ...DEFAULT_SETTINGS,
      defaultClass: form.defaultClass ?? DEFAULT_SETTINGS.defaultClass,
      defaultHeat: form.defaultHeat ?? DEFAULT_SETTINGS.defaultHeat,
      mapping: null,
      encoding: form.encoding,
    };
    const started = await startImport(db, {
      raceId: race.id,
      adminId: admin.id,
      fileName: form.fileName,
      source: form.source,
      settings,
    });
    if (!started.ok) return fail(started.message);
    return redirect(`${here}?draft=${started.id}`);
  }
  const draft = await loadDraft(db, form.draft, race.id, admin.id);
  if (!draft) return fail(CONFIRM_MESSAGES["draft-not-found"], 404);
  // The post's mapping and choices, checked against the preview the admin saw.
  const settingsOf = (shown: Extract<Preview, { ok: true }>) =>
    settingsFromForm(form, draft.settings, shown.table.headers.length, shown.mapping, (i) => {
      const row = shown.plan.rows[i];
      return row && { line: row.line, ids: row.suggestions.map((s) => s.id) };
    });
  try {
    if (form.intent === "update") {
      const shown = await previewDraft(db, draft);
      if (!shown.ok) return fail(shown.message);
      await updateDraftSettings(db, draft, settingsOf(shown));
      return redirect(`${here}?draft=${draft.id}`);
    }
  } catch (error) {
    if (error instanceof ImportFormError) return fail(error.message);
    throw error;
  }
  const outcome = await attempt(context.get(loggerContext), "results import", () =>
    confirmImport(
      db,
      { draftId: draft.id, raceId: race.id, adminId: admin.id, digest: form.digest, draft, settingsOf },
      adminActor(admin, context),
    ),
  );
  if (!outcome) return fail("An unexpected error occurred: nothing was imported, the previous results are unchanged.", 500);
  if (!outcome.ok) return fail(outcome.message ?? CONFIRM_MESSAGES[outcome.reason], outcome.reason === "changed" ? 409 : 400);
  const first = outcome.changed[0] ?? outcome.unchanged[0];
  const [boatClass, , heat] = first?.split(" ") ?? [];
  return redirectWithToast(boatClass ? resultsEditorUrl(race.id, boatClass, Number(heat)) : `/admin/results?race=${race.id}`, {
    type: "success",
    title: outcome.changed.length ? "Results imported" : "Results already up to date",
    description: importDoneNote(outcome),
  });
}

export default function ResultsImport({ loaderData, actionData }: Route.ComponentProps) {
  const { race, draft, preview, expired } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Card>
      <CardHeader>
        <CardTitle>Import Results</CardTitle>
        <CardDescription>
          {race.title} ({race.dateLabel}). Nothing is saved until you confirm the preview.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <FormAlert toast={actionData?.toast} />
        {expired && (
          <p role="alert" className="text-destructive">
            This import has expired or was already confirmed. Upload the file again.
          </p>
        )}
        {preview && !preview.ok && (
          <p role="alert" className="text-destructive">
            {preview.message}
          </p>
        )}
        {draft && preview?.ok ? <ImportPreview draft={draft} preview={preview} busy={busy} /> : <ImportUploadForm busy={busy} />}
        <div className="flex flex-wrap gap-2">
          {draft && (
            <Link to={`/admin/races/${race.id}/import`} className={buttonClasses({ variant: "outline" })}>
              Start again with another file
            </Link>
          )}
          <Link to={`/admin/results?race=${race.id}`} className={buttonClasses({ variant: "ghost" })}>
            Back to Results Management
          </Link>
        </div>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the results import" />;
}

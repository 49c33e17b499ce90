import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "~/components/ui/icons";
import { useState } from "react";
import { Link, useFetcher, useLocation, useNavigation, useRevalidator } from "react-router";
import { configContext, dbContext, loggerContext } from "~/context";
import {
  COMPETITORS_PAGE_SIZE,
  competitorsPage,
  deleteCompetitor,
  saveCompetitor,
  type AdminCompetitor,
} from "~/domain/racer/competitors.server";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { attempt, refused, succeeded } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { useFetcherOutcome } from "~/components/ui/use-fetcher-outcome";
import { showToast } from "~/components/layout/show-toast";
import { CompetitorDialog } from "~/components/racer/competitor-dialog";
import { CompetitorRow } from "~/components/racer/competitor-row";
import { CompetitorSkeletonRows, CompetitorsTable } from "~/components/racer/competitors-table";
import { RouteError } from "~/components/layout/route-error";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TableCell, TableRow } from "~/components/ui/table";
import { competitorSchema } from "~/lib/racer/competitor-schema";
import { ERASED_RECORD_REFUSAL } from "~/lib/racer/erased";
import { avatarDrawing } from "~/lib/racer/avatar";
import { parseId } from "~/lib/util/params";
import { readPageOf, requestedPage } from "~/lib/util/paging";
import { PageLinks } from "~/components/ui/page-links";
import type { Route } from "./+types/competitors";
import { standings } from "~/domain/championship/all-time-standings.server";
import { racerNoShows } from "~/domain/race-day/check-in.server";
import { RacerNoShows } from "~/components/race-day/no-shows";
import { clubToday } from "~/lib/util/dates";

export const meta: Route.MetaFunction = () => [{ title: "Competitor Management" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "competitors");
  const db = context.get(dbContext);
  const totals = standings(db);
  const { competitors, page, pages } = await readPageOf(
    requestedPage(new URL(request.url).searchParams.get("page")),
    COMPETITORS_PAGE_SIZE,
    (offset) => competitorsPage(db, totals, { limit: COMPETITORS_PAGE_SIZE, offset }),
  );
  // One query for every listed racer (issue 36 item 1): the races each entered and never came to.
  const noShows = await racerNoShows(
    db,
    competitors.map((c) => c.id),
    clubToday(context.get(configContext)),
  );
  // Drawn here: DiceBear in the browser would cost every visit a chunk of script.
  return {
    competitors: competitors.map((c) => ({ ...c, avatar: avatarDrawing(c.name) })),
    page,
    pages,
    noShows: Object.fromEntries(noShows),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "competitors"), context);
  const db = context.get(dbContext);
  const log = context.get(loggerContext);
  const formData = await readForm(request, competitorSchema, { extraFields: ["intent"] });

  if (formData.get("intent") === "delete") {
    const id = parseId(formData.get("id"));
    const outcome = await attempt(log, "competitor delete", async () =>
      id ? deleteCompetitor(db, id, actor) : ({ ok: false, reason: "not-found" } as const),
    );
    const title = "Failed to delete competitor";
    if (!outcome) return refused({ type: "error", title, description: "An error occurred while deleting competitor" }, 500);
    if (outcome.ok) return succeeded({ type: "success", title: "Competitor deleted successfully" });
    const description =
      outcome.reason === "has-results"
        ? "This competitor has race results and cannot be deleted: their racing history would be lost."
        : "This competitor no longer exists.";
    return refused({ type: "error", title, description }, outcome.reason === "has-results" ? 409 : 404);
  }

  const submission = parseWithZod(formData, { schema: competitorSchema });
  const title = formData.get("id") ? "Failed to update competitor" : "Failed to create competitor";
  const failed = (description: string, status: number, result = submission.reply()) =>
    refused({ type: "error", title, description }, status, { result });
  if (submission.status !== "success") return failed("Please correct the marked fields.", 400);
  const outcome = await attempt(log, "competitor save", () => saveCompetitor(db, submission.value, actor));
  if (!outcome) return failed("An error occurred while saving competitor", 500);
  if (!outcome.ok) {
    if (outcome.reason === "erased")
      return failed(ERASED_RECORD_REFUSAL, 409, submission.reply({ formErrors: [ERASED_RECORD_REFUSAL] }));
    const duplicate = outcome.reason === "duplicate-email";
    const message = duplicate ? "Another competitor already uses this email address." : "This competitor no longer exists.";
    const fieldErrors: Record<string, string[]> = duplicate ? { email: [message] } : {};
    return failed(message, duplicate ? 409 : 404, submission.reply({ fieldErrors, formErrors: [message] }));
  }
  return succeeded({
    type: "success",
    title: outcome.created ? "Competitor created successfully" : "Competitor updated successfully",
  });
}

export default function Competitors({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading =
    revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === pathname);
  const [dialog, setDialog] = useState<{ n: number; competitor: AdminCompetitor | null } | null>(null);
  const [opened, setOpened] = useState(0);
  // Lives above the rows: the deleted row is gone by the time the answer's toast is shown.
  const deleter = useFetcher<typeof action>({ key: "competitor-delete" });
  useFetcherOutcome(deleter, (answer) => showToast(answer.toast));
  const open = (competitor: AdminCompetitor | null) => {
    setOpened((n) => n + 1);
    setDialog({ n: opened + 1, competitor });
  };

  return (
    <Card>
      <CardHeader layout="flex-row items-center justify-between gap-3">
        <CardTitle>Competitor Management</CardTitle>
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/competitors/duplicates" className={buttonClasses({ variant: "outline" })}>
            Find duplicates
          </Link>
          <Button onClick={() => open(null)}>
            <Plus aria-hidden />
            Add Competitor
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <CompetitorsTable>
          {loading ? (
            <CompetitorSkeletonRows />
          ) : loaderData.competitors.length === 0 ? (
            <TableRow>
              <TableCell colSpan={6} className="py-6 text-center text-muted-foreground">
                No competitors yet.
              </TableCell>
            </TableRow>
          ) : (
            loaderData.competitors.map((c) => (
              <CompetitorRow
                key={c.id}
                competitor={c}
                note={<RacerNoShows races={loaderData.noShows[c.id]} />}
                deleting={deleter.state !== "idle" && deleter.formData?.get("id") === String(c.id)}
                onEdit={() => open(c)}
                onDelete={() => {
                  if (window.confirm("Are you sure you want to delete this competitor?")) {
                    void deleter.submit({ intent: "delete", id: String(c.id) }, { method: "post" });
                  }
                }}
              />
            ))
          )}
        </CompetitorsTable>
        <PageLinks
          label="Competitor pages"
          page={loaderData.page}
          pages={loaderData.pages}
          href={(n) => (n > 1 ? `/admin/competitors?page=${n}` : "/admin/competitors")}
          previous="Previous racers"
          next="More racers"
          className="mt-4"
        />
      </CardContent>
      {dialog && (
        <CompetitorDialog
          key={dialog.n}
          formKey={`competitor-${dialog.n}`}
          competitor={dialog.competitor}
          onClose={() => setDialog(null)}
        />
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load competitors" description="An error occurred while loading competitors" />;
}

import { parseWithZod } from "@conform-to/zod/v4";
import { Plus } from "~/components/ui/icons";
import { data, Link } from "react-router";
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { adminActor } from "~/domain/platform/audit.server";
import { deleteNotice, getNotice, newsPage, raceChoices, saveNotice } from "~/domain/news/news.server";
import { refused } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { NewsDeleteConfirm, NewsForm } from "~/components/news/news-form";
import { NewsTable } from "~/components/news/news-table";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { isPinned, newsSchema } from "~/lib/news/news-schema";
import { clubToday, formatClubDateTime, formatShortDate } from "~/lib/util/dates";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/news";

export const meta: Route.MetaFunction = () => [{ title: "News" }];

/** The most recent notices the list shows; older ones stay on /news. */
const LISTED = 100;

/**
 * News notices: the list, and a page section chosen by `?new`, `?edit=ID` or `?delete=ID` (a form
 * that posts and redirects, with or without JavaScript). Owners and results officers alike.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context, "news");
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const params = new URL(request.url).searchParams;
  const editId = parseId(params.get("edit") ?? undefined);
  const deleteId = parseId(params.get("delete") ?? undefined);
  const [{ notices }, races, picked] = await Promise.all([
    newsPage(db, { limit: LISTED, offset: 0 }),
    editId || params.has("new") ? raceChoices(db) : [],
    editId || deleteId ? getNotice(db, (editId ?? deleteId)!) : null,
  ]);
  if ((editId || deleteId) && !picked) throw data("Notice Not Found", { status: 404 });
  const today = clubToday(config);
  const blank = { id: null, title: "", body: "", pinnedUntil: null, raceId: null };
  return {
    notices: notices.map((n) => ({
      id: n.id,
      title: n.title,
      published: formatClubDateTime(n.publishedAt, config.timeZone).date,
      pinnedUntil: n.pinnedUntil && formatShortDate(n.pinnedUntil),
      pinned: isPinned(n.pinnedUntil, today),
      race: n.race?.title ?? null,
    })),
    races: races.map((r) => ({ id: r.id, title: r.title, dateLabel: formatShortDate(r.date) })),
    form: editId && picked ? { ...picked, raceId: picked.race?.id ?? null } : params.has("new") ? blank : null,
    deleting: deleteId && picked ? { id: picked.id, title: picked.title } : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(await requireAdmin(request, context, "news"), context);
  const db = context.get(dbContext);
  const formData = await readForm(request, newsSchema, { extraFields: ["intent"] });

  if (formData.get("intent") === "delete") {
    const id = parseId(formData.get("id"));
    if (!id || !(await deleteNotice(db, id, actor))) {
      return refused({ type: "error", title: "Failed to delete notice", description: "This notice no longer exists." }, 404, {
        result: undefined,
      });
    }
    return redirectWithToast("/admin/news", { type: "success", title: "Notice deleted" });
  }

  const submission = parseWithZod(formData, { schema: newsSchema });
  const failTitle = formData.get("id") ? "Failed to update notice" : "Failed to publish notice";
  if (submission.status !== "success") {
    const toast = { type: "error", title: failTitle, description: "Please correct the marked fields." } as const;
    return refused(toast, 400, { result: submission.reply() });
  }
  const outcome = await saveNotice(db, submission.value, actor);
  if (!outcome.ok) {
    const result = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] } })
      : submission.reply({ formErrors: [outcome.message] });
    return refused({ type: "error", title: failTitle, description: outcome.message }, outcome.status, { result });
  }
  return redirectWithToast("/admin/news", {
    type: "success",
    title: outcome.created ? "Notice published" : "Notice updated",
    description: "The news page, the feed and the home page show it at once.",
  });
}

export default function News({ loaderData, actionData }: Route.ComponentProps) {
  const { notices, races, form, deleting } = loaderData;
  useToast(actionData?.toast);
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader layout="flex-row items-center justify-between gap-3">
          <div className="space-y-1">
            <CardTitle>News</CardTitle>
            <CardDescription>
              Notices for the club: on <a href="/news">the news page</a> and its feed, on the home page while pinned, and on their
              race&apos;s page.
            </CardDescription>
          </div>
          <Link to="/admin/news?new" preventScrollReset className={buttonClasses()}>
            <Plus aria-hidden />
            Write Notice
          </Link>
        </CardHeader>
        <CardContent>
          {notices.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground">No notices yet.</p>
          ) : (
            <NewsTable notices={notices} />
          )}
        </CardContent>
      </Card>
      {form && (
        <NewsForm
          key={form.id ?? "new"}
          notice={form}
          races={races}
          lastResult={actionData?.result}
          failure={actionData?.toast}
        />
      )}
      {deleting && <NewsDeleteConfirm notice={deleting} />}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load news" description="An error occurred while loading the notices" />;
}

import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { configContext, dbContext } from "~/context";
import { getNotice } from "~/domain/news/news.server";
import { NotFoundMessage } from "~/components/layout/not-found";
import { RouteError } from "~/components/layout/route-error";
import { NoticeBody } from "~/components/news/notice";
import { showNotice } from "~/lib/news/shown";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";
import { readPageData, type PageHandle } from "~/lib/platform/page";
import { parseId } from "~/lib/util/params";
import type { Route } from "./+types/news-notice";

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [{ title: "Notice Not Found" }];
  const { notice } = loaderData;
  return linkPreview(previewSite(matches), location, { title: notice.title, type: "article", description: notice.excerpt });
};

/** A read page (decision 0012): server HTML, no React in the browser. */
export const handle: PageHandle = { query: [] };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const id = parseId(params.id);
  const notice = id ? await getNotice(context.get(dbContext), id) : null;
  if (!notice) throw data("Notice Not Found", { status: 404 });
  return readPageData(request, { notice: showNotice(notice, context.get(configContext).timeZone) });
}

export default function NewsNotice({ loaderData }: Route.ComponentProps) {
  const { notice } = loaderData;
  return (
    <article className="mx-auto max-w-3xl space-y-6">
      <header className="space-y-2">
        <p className="text-sm">
          <a href="/news" className="text-primary underline">
            All news
          </a>
        </p>
        <h1 className="text-3xl font-bold">{notice.title}</h1>
        <p className="text-muted-foreground">
          {notice.published}
          {notice.race && (
            <>
              {" · "}
              <a href={`/results/${notice.race.id}`} className="text-primary underline">
                {notice.race.title}
              </a>
            </>
          )}
        </p>
      </header>
      <NoticeBody body={notice.body} />
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundMessage
        title="Notice Not Found"
        message="The notice you are looking for does not exist or has been removed."
        to="/news"
        linkText="Back to News"
      />
    );
  }
  return <RouteError message="Failed to load the notice" />;
}

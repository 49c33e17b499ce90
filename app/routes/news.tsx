import { configContext, dbContext } from "~/context";
import { newsPage } from "~/domain/news/news.server";
import { RouteError } from "~/components/layout/route-error";
import { NoticeCard } from "~/components/news/notice";
import { PageLinks } from "~/components/ui/page-links";
import { readPageOf, requestedPage } from "~/lib/util/paging";
import { NEWS_PAGE_SIZE } from "~/lib/news/news-schema";
import { showNotice } from "~/lib/news/shown";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";
import { readPageData, type PageHandle } from "~/lib/platform/page";
import type { Route } from "./+types/news";

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = previewSite(matches);
  return linkPreview(site, location, {
    title: "News",
    description: `News and notices of the ${site?.clubName ?? "club"}: race days, changes and club announcements.`,
  });
};

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/atom+xml", title: "News feed", href: "/news.atom" },
];

/** A read page (decision 0012): server HTML, no React in the browser; cached per `page`. */
export const handle: PageHandle = { query: ["page"] };

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const { timeZone } = context.get(configContext);
  const { page, pages, notices } = await readPageOf(
    requestedPage(new URL(request.url).searchParams.get("page")),
    NEWS_PAGE_SIZE,
    (offset) => newsPage(db, { limit: NEWS_PAGE_SIZE, offset }),
  );
  return readPageData(request, { page, pages, notices: notices.map((n) => showNotice(n, timeZone)) });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const { page, pages, notices } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">News</h1>
        <a href="/news.atom" className="text-sm text-primary underline">
          News feed (Atom)
        </a>
      </div>
      {notices.length === 0 ? (
        <p className="rounded-lg border p-6 text-center text-muted-foreground">No news yet.</p>
      ) : (
        <div className="space-y-4">
          {notices.map((notice) => (
            <NoticeCard key={notice.id} notice={notice} />
          ))}
          <PageLinks
            label="News pages"
            page={page}
            pages={pages}
            href={(n) => (n > 1 ? `/news?page=${n}` : "/news")}
            previous="Newer news"
            next="Older news"
          />
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load news" />;
}

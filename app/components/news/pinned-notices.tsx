import type { ShownNotice } from "~/components/news/notice";

/** The home page's pinned notices ("Saturday's race moves to Sunday"): title, date, excerpt. */
export function PinnedNotices({ notices }: { notices: ShownNotice[] }) {
  return (
    <section
      aria-labelledby="pinned-news"
      className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="pinned-news" className="text-lg font-semibold">
          Club notices
        </h2>
        <a href="/news" className="text-sm underline">
          All news
        </a>
      </div>
      <ul className="space-y-3">
        {notices.map((notice) => (
          <li key={notice.id}>
            <a href={`/news/${notice.id}`} className="font-semibold underline">
              {notice.title}
            </a>
            <span className="text-sm"> · {notice.published}</span>
            <p className="text-sm">{notice.excerpt}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

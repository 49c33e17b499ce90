import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatNews } from "~/lib/news/format";

/** A notice as the public pages show it; `published` already in the club's words ("Jun 14, 2026"). */
export interface ShownNotice {
  id: number;
  title: string;
  published: string;
  /** The text as typed: formatted here into elements, never into HTML. */
  body: string;
  /** A short plain-text excerpt (lists and the home page show it instead of the whole text). */
  excerpt: string;
  race: { id: number; title: string } | null;
}

/** The notice's text: paragraphs, lists and links (app/lib/news/format.tsx). */
export function NoticeBody({ body }: { body: string }) {
  return <div className="space-y-3 break-words [overflow-wrap:anywhere]">{formatNews(body)}</div>;
}

/** One notice in a list: its title (a link to its page), date, race and excerpt or whole text. */
export function NoticeCard({ notice, whole = false }: { notice: ShownNotice; whole?: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <a href={`/news/${notice.id}`} className="hover:underline">
            {notice.title}
          </a>
        </CardTitle>
        <CardDescription>
          {notice.published}
          {notice.race && (
            <>
              {" · "}
              <a href={`/results/${notice.race.id}`} className="hover:underline">
                {notice.race.title}
              </a>
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {whole ? (
          <NoticeBody body={notice.body} />
        ) : (
          <p>
            {notice.excerpt}{" "}
            <a href={`/news/${notice.id}`} className="text-primary underline" aria-label={`Read more: ${notice.title}`}>
              Read more
            </a>
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** A race's notices on its page ("Racing moves to Sunday"), each whole, newest first. */
export function RaceNotices({ notices }: { notices: ShownNotice[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>News</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {notices.map((notice) => (
          <div key={notice.id} className="space-y-2">
            <h3 className="font-semibold">
              <a href={`/news/${notice.id}`} className="hover:underline">
                {notice.title}
              </a>{" "}
              <span className="font-normal text-muted-foreground">· {notice.published}</span>
            </h3>
            <NoticeBody body={notice.body} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}

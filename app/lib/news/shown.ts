/**
 * A notice shaped for the public pages: its date in the club's time zone and a plain excerpt.
 * The body stays the typed text; components format it into elements.
 */
import { plainNews } from "~/lib/news/format";
import { shortDescription } from "~/lib/platform/link-preview";
import { formatClubDateTime } from "~/lib/util/dates";

export interface StoredNotice {
  id: number;
  title: string;
  body: string;
  publishedAt: Date;
  race: { id: number; title: string } | null;
}

export function showNotice(notice: StoredNotice, timeZone: string) {
  return {
    id: notice.id,
    title: notice.title,
    published: formatClubDateTime(notice.publishedAt, timeZone).date,
    body: notice.body,
    excerpt: shortDescription(plainNews(notice.body)),
    race: notice.race ? { id: notice.race.id, title: notice.race.title } : null,
  };
}

import { History, Pencil, Trash2 } from "~/components/ui/icons";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { CardActionLabel, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

/** A notice as the admin list shows it; the loader formats the dates, so no date library loads here. */
export interface ListedNotice {
  id: number;
  title: string;
  published: string;
  /** The pin's last day as the list shows it ("Mar 5, 2024"); null when not pinned. */
  pinnedUntil: string | null;
  pinned: boolean;
  race: string | null;
}

const HOME_PAGE = "Home page";

/**
 * The notices, newest first: title (a link to its page), when, pin, race, and the actions. On a
 * phone each notice is a card with labelled buttons (issue 32 item 4).
 */
export function NewsTable({ notices }: { notices: ListedNotice[] }) {
  return (
    <Table cards>
      <TableHeader>
        <TableRow>
          <TableHead>Notice</TableHead>
          <TableHead>{HOME_PAGE}</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {notices.map((notice) => (
          <TableRow key={notice.id}>
            <TableCell>
              <a href={`/news/${notice.id}`} className="font-medium text-primary hover:underline">
                {notice.title}
              </a>
              <div className="text-xs text-muted-foreground">
                {notice.published}
                {notice.race && ` · ${notice.race}`}
              </div>
            </TableCell>
            <TableCell label={HOME_PAGE} className="text-sm md:whitespace-nowrap">
              {pinText(notice)}
            </TableCell>
            <TableCell className="md:text-right md:whitespace-nowrap">
              <Link
                to={`/admin/audit?record=news:${notice.id}`}
                aria-label={`History of ${notice.title}`}
                className={buttonClasses({ variant: "ghost", size: "rowIcon" })}
              >
                <History aria-hidden />
                <CardActionLabel>History</CardActionLabel>
              </Link>
              <Link
                to={`/admin/news?edit=${notice.id}`}
                preventScrollReset
                aria-label={`Edit ${notice.title}`}
                className={buttonClasses({ variant: "ghost", size: "rowIcon" })}
              >
                <Pencil aria-hidden />
                <CardActionLabel>Edit</CardActionLabel>
              </Link>
              <Link
                to={`/admin/news?delete=${notice.id}`}
                preventScrollReset
                aria-label={`Delete ${notice.title}`}
                className={buttonClasses({ variant: "ghost", size: "rowIcon" })}
              >
                <Trash2 aria-hidden />
                <CardActionLabel>Delete</CardActionLabel>
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function pinText(notice: ListedNotice): string {
  if (!notice.pinnedUntil) return "Not pinned";
  return `${notice.pinned ? "Pinned until" : "Was pinned until"} ${notice.pinnedUntil}`;
}

import { History, Pencil, Trash2 } from "~/components/ui/icons";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

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

/** The notices, newest first: title (a link to its page), when, pin, race, and the actions. */
export function NewsTable({ notices }: { notices: ListedNotice[] }) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Notice</TableHead>
          <TableHead className="hidden sm:table-cell">Home page</TableHead>
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
              <div className="text-xs text-muted-foreground sm:hidden">{pinText(notice)}</div>
            </TableCell>
            <TableCell className="hidden whitespace-nowrap text-sm sm:table-cell">{pinText(notice)}</TableCell>
            <TableCell className="whitespace-nowrap text-right">
              <Link
                to={`/admin/audit?record=news:${notice.id}`}
                aria-label={`History of ${notice.title}`}
                className={buttonClasses({ variant: "ghost", size: "icon" })}
              >
                <History aria-hidden />
              </Link>
              <Link
                to={`/admin/news?edit=${notice.id}`}
                preventScrollReset
                aria-label={`Edit ${notice.title}`}
                className={buttonClasses({ variant: "ghost", size: "icon" })}
              >
                <Pencil aria-hidden />
              </Link>
              <Link
                to={`/admin/news?delete=${notice.id}`}
                preventScrollReset
                aria-label={`Delete ${notice.title}`}
                className={buttonClasses({ variant: "ghost", size: "icon" })}
              >
                <Trash2 aria-hidden />
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

/**
 * "Page N of M" with links to the pages either side, for lists read a page at a time (the
 * results archive, the calendar). Plain links: they work without JavaScript and on read pages,
 * which do not hydrate.
 */
export function PageLinks({
  label,
  page,
  pages,
  href,
  previous,
  next,
  className = "",
}: {
  /** The navigation landmark's name, e.g. "Calendar pages". */
  label: string;
  page: number;
  pages: number;
  href: (page: number) => string;
  /** The words of the link to page - 1 and page + 1. */
  previous: string;
  next: string;
  className?: string;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className={`flex items-center justify-between gap-4 text-sm ${className}`}>
      {page > 1 ? (
        <a href={href(page - 1)} className="font-medium text-primary hover:underline" rel="prev">
          <span aria-hidden>← </span>
          {previous}
        </a>
      ) : (
        <span />
      )}
      <span className="text-muted-foreground">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a href={href(page + 1)} className="font-medium text-primary hover:underline" rel="next">
          {next}
          <span aria-hidden> →</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

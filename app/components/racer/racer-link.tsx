import type { ReactNode } from "react";
import { racerPath } from "~/lib/racer/erased";

/**
 * A racer's name in a public table: a plain link to their profile (these pages do not hydrate),
 * or, for a racer erased at their request, the anonymous label as text with the same layout
 * (class `unlinked`, styled by the tables in app.css), since their profile answers 410. `className`
 * styles the link only: the label is not to look like one.
 */
export function RacerLink({
  racer,
  className,
  children,
}: {
  racer: { competitorId: number; erased: boolean };
  className?: string;
  children: ReactNode;
}) {
  const href = racerPath(racer);
  return href ? (
    <a href={href} className={className}>
      {children}
    </a>
  ) : (
    <span className="unlinked">{children}</span>
  );
}

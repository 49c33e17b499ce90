import { Fragment } from "react";
import { Link } from "react-router";

/**
 * The head of a race's race-day screens (check-in, heats, duties): the screen's title, the race's
 * date, links to its other screens, and back to the list of races.
 */
export function RaceScreenHeader({
  title,
  dateLabel,
  links,
}: {
  title: string;
  dateLabel: string;
  links: { to: string; label: string }[];
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-sm text-muted-foreground">
        {dateLabel}
        {[...links, { to: "/admin/races", label: "Back to races" }].map((link) => (
          <Fragment key={link.to}>
            {" · "}
            <Link to={link.to} className="text-primary underline underline-offset-2">
              {link.label}
            </Link>
          </Fragment>
        ))}
      </p>
    </div>
  );
}

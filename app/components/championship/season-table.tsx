import { History, Pencil } from "~/components/ui/icons";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { CardActionLabel, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";

/** A defined season as the list shows it: its rules in words and its dates formatted (by the loader). */
export interface ListedSeason {
  id: number;
  key: string;
  name: string;
  startsOn: string;
  endsOn: string;
  rules: string[];
  /** "Mar 5, 2024 – Oct 1, 2024". */
  dates: string;
}

/** The columns after Season; each also labels its value on a phone's card. */
const COLUMNS = { dates: "Dates", rules: "Rules" } as const;

/**
 * The defined seasons: name (a link to its standings), dates, rules, and the edit link. On a phone
 * each season is a card with labelled buttons (issue 32 item 4).
 */
export function SeasonTable({ seasons }: { seasons: ListedSeason[] }) {
  return (
    <Table cards>
      <TableHeader>
        <TableRow>
          <TableHead>Season</TableHead>
          <TableHead>{COLUMNS.dates}</TableHead>
          <TableHead>{COLUMNS.rules}</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {seasons.map((season) => (
          <TableRow key={season.id}>
            <TableCell className="font-medium">
              <Link to={`/standings?season=${season.key}`} className="text-primary hover:underline">
                {season.name}
              </Link>
              <div className="text-xs text-muted-foreground">?season={season.key}</div>
            </TableCell>
            <TableCell label={COLUMNS.dates} className="md:whitespace-nowrap">
              {season.dates}
            </TableCell>
            <TableCell label={COLUMNS.rules} className="text-sm">
              {season.rules.length === 0 ? "Every result counts (default points)." : season.rules.join(" ")}
            </TableCell>
            <TableCell className="md:text-right">
              <Link
                to={`/admin/audit?record=season:${season.id}`}
                aria-label={`History of ${season.name}`}
                className={buttonClasses({ variant: "ghost", size: "rowIcon" })}
              >
                <History aria-hidden />
                <CardActionLabel>History</CardActionLabel>
              </Link>
              <Link
                to={`/admin/seasons?edit=${season.id}`}
                preventScrollReset
                aria-label={`Edit ${season.name}`}
                className={buttonClasses({ variant: "ghost", size: "rowIcon" })}
              >
                <Pencil aria-hidden />
                <CardActionLabel>Edit</CardActionLabel>
              </Link>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

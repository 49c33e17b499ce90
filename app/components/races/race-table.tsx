import type { ReactNode } from "react";
import type { ImageRef } from "~/lib/platform/image-ref";
import { Grid3x3, History, ListChecks, Pencil, Trash2, Trophy } from "~/components/ui/icons";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { CardActionLabel, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { RACE_STATUS_LABELS, type RaceStatus } from "~/lib/races/race-timing";
import { plural } from "~/lib/util/plural";

/** A race as the admin list and its dialogs have it: the entry window also on the club's clock. */
export interface ListedRace {
  id: number;
  title: string;
  date: string;
  /** The date as the list shows it ("Mar 5, 2024"): the loader formats it, so no date library loads here. */
  dateLabel: string;
  /** "Counts in: 2027 Season": the championship season the race is part of (issue 32 item 8). */
  countsIn: string;
  location: string;
  description: string;
  imageUrl: string | null;
  status: RaceStatus;
  countsForChampionship: boolean;
  resultCount: number;
  entryCount: number;
  entriesOpen: string;
  entriesClose: string;
  image?: ImageRef | null;
}

/** What a row's buttons open: the race's form, its delete confirmation or its entries. */
export type RaceDialogKind = "form" | "delete" | "entries";

/** SPEC's columns; each also labels its value on a phone's card. */
const COLUMNS = { date: "Date", location: "Location", status: "Status" } as const;

/** The race's duty roster (issue 36 item 2). */
const DUTIES_LINK = buttonClasses({ variant: "ghost", size: "sm" });

/**
 * The races with their status and, per row, links to results and heats and the dialogs' buttons.
 * On a phone each race is a card, its icon buttons labelled (issue 32 item 4).
 */
// eslint-disable-next-line max-lines-per-function -- a table's markup (cards on a phone), one column per line in the order the screen shows them
export function RaceTable({
  races,
  onOpen,
  statusNote,
}: {
  races: ListedRace[];
  onOpen: (kind: RaceDialogKind, race: ListedRace) => void;
  /** What later features add under a race's status (its no-shows), composed by the route. */
  statusNote?: (race: ListedRace) => ReactNode;
}) {
  return (
    <Table cards>
      <TableHeader>
        <TableRow>
          <TableHead>Race</TableHead>
          <TableHead>{COLUMNS.date}</TableHead>
          <TableHead>{COLUMNS.location}</TableHead>
          <TableHead>{COLUMNS.status}</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {races.map((race) => (
          <TableRow key={race.id}>
            <TableCell className="font-medium">{race.title}</TableCell>
            <TableCell label={COLUMNS.date}>
              <div className="md:whitespace-nowrap">{race.dateLabel}</div>
              <div className="mt-1 text-xs text-muted-foreground">{race.countsIn}</div>
            </TableCell>
            <TableCell label={COLUMNS.location}>{race.location}</TableCell>
            <TableCell label={COLUMNS.status}>
              <Badge variant={race.status === "completed" ? "past" : race.status === "cancelled" ? "cancelled" : "upcoming"}>
                {RACE_STATUS_LABELS[race.status]}
              </Badge>
              {!race.countsForChampionship && <div className="mt-1 text-xs text-muted-foreground">Not in the championship</div>}
              {statusNote?.(race)}
            </TableCell>
            <TableCell className="md:text-right md:whitespace-nowrap">
              {race.status === "completed" ? (
                <Link
                  to={`/admin/results?race=${race.id}`}
                  aria-label={`Results of ${race.title}`}
                  className={buttonClasses({ variant: "outline", size: "sm" })}
                >
                  <Trophy aria-hidden />
                  Results
                </Link>
              ) : (
                <Button variant="outline" size="sm" disabled aria-label={`Results of ${race.title}`}>
                  <Trophy aria-hidden />
                  Results
                </Button>
              )}
              <Button variant="ghost" size="sm" onClick={() => onOpen("entries", race)}>
                <ListChecks aria-hidden />
                {/* The name starts with what the button shows (WCAG 2.5.3, label in name). */}
                {/* "3 entries" on a phone's card, where the bare count would not say what it counts. */}
                <span>
                  {race.entryCount}
                  <span className="md:sr-only">{` ${plural(race.entryCount, "entry", "entries")}`}</span>
                </span>
                <span className="sr-only">{` of ${race.title}`}</span>
              </Button>
              <Link
                to={`/admin/races/${race.id}/heats`}
                aria-label={`Heats of ${race.title}`}
                className={buttonClasses({ variant: "ghost", size: "sm" })}
              >
                <Grid3x3 aria-hidden />
                Heats
              </Link>
              {/* Race day at the lake (issue 36 item 1): the phone list of entrants to check in. */}
              <Link
                to={`/admin/races/${race.id}/check-in`}
                aria-label={`Check-in of ${race.title}`}
                className={buttonClasses({ variant: "ghost", size: "sm" })}
              >
                Check-in
              </Link>
              <Link to={`/admin/races/${race.id}/duties`} aria-label={`Duties of ${race.title}`} className={DUTIES_LINK}>
                Duties
              </Link>
              <Link
                to={`/admin/audit?record=race:${race.id}`}
                aria-label={`History of ${race.title}`}
                className={buttonClasses({ variant: "ghost", size: "rowIcon" })}
              >
                <History aria-hidden />
                <CardActionLabel>History</CardActionLabel>
              </Link>
              <Button variant="ghost" size="rowIcon" aria-label={`Edit ${race.title}`} onClick={() => onOpen("form", race)}>
                <Pencil aria-hidden />
                <CardActionLabel>Edit</CardActionLabel>
              </Button>
              <Button variant="ghost" size="rowIcon" aria-label={`Delete ${race.title}`} onClick={() => onOpen("delete", race)}>
                <Trash2 aria-hidden className="text-destructive" />
                <CardActionLabel>Delete</CardActionLabel>
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

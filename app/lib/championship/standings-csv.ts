/**
 * The standings pages as CSV rows: the same rows and numbers as the page. A dropped round is
 * written in brackets, "(12)", the usual notation of championship tables; a blank is a round not run.
 */
type Cell = string | number;

interface CsvRound {
  id: number;
  title: string;
  date: string;
}

interface CsvChampionshipRow {
  position: number | null;
  name: string;
  boat: string;
  points: number;
  wins: number;
  podiums: number;
  countBack: string | null;
  cells: ({ points: number; dropped: boolean } | null)[];
}

export function specStandingsCsv(
  rows: readonly { position: number; name: string; boat: string; boatClass: string; wins: number; points: number }[],
): Cell[][] {
  return [
    ["Pos", "Racer", "Boat", "Class", "Wins", "Points"],
    ...rows.map((r) => [r.position, r.name, r.boat, r.boatClass, r.wins, r.points]),
  ];
}

export function championshipCsv(
  seasonName: string,
  tables: readonly {
    boatClass: string;
    rounds: readonly CsvRound[];
    classified: readonly CsvChampionshipRow[];
    notClassified: readonly CsvChampionshipRow[];
  }[],
): Cell[][] {
  // One column per round of any class, in date order: classes raced on different days line up.
  const byId = new Map<number, CsvRound>();
  for (const table of tables) for (const round of table.rounds) byId.set(round.id, round);
  const rounds = [...byId.values()].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const header: Cell[] = [
    "Season",
    "Class",
    "Pos",
    "Racer",
    "Boat",
    ...rounds.map((r) => `${r.date} ${r.title}`),
    "Points",
    "Wins",
    "Podiums",
    "Note",
  ];
  const out: Cell[][] = [header];
  for (const table of tables) {
    const column = new Map(table.rounds.map((round, i) => [round.id, i]));
    const line = (row: CsvChampionshipRow, note: string): Cell[] => [
      seasonName,
      table.boatClass,
      row.position ?? "",
      row.name,
      row.boat,
      ...rounds.map((round) => {
        const i = column.get(round.id);
        const cell = i === undefined ? null : row.cells[i];
        if (!cell) return "";
        return cell.dropped ? `(${cell.points})` : cell.points;
      }),
      row.points,
      row.wins,
      row.podiums,
      note,
    ];
    for (const row of table.classified) out.push(line(row, row.countBack ?? ""));
    for (const row of table.notClassified) out.push(line(row, "not classified"));
  }
  return out;
}

/** "standings-2025-open.csv" */
export function standingsCsvName(seasonKey: string, boatClass: string | null): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
  return ["standings", slug(seasonKey), boatClass ? slug(boatClass) : ""].filter(Boolean).join("-") + ".csv";
}

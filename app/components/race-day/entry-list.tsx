import { boatCount, type ClassEntries } from "~/lib/race-day/race-day";

/** The public entry list of an upcoming or today's race: per class, boat number first. */
export function EntryList({ classes }: { classes: ClassEntries[] }) {
  if (classes.length === 0) {
    return <p className="text-sm text-muted-foreground">No entries yet.</p>;
  }
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      {classes.map((c) => (
        <section key={c.boatClass} aria-labelledby={`entries-${c.boatClass}`}>
          <h3 id={`entries-${c.boatClass}`} className="font-semibold">
            {c.boatClass} <span className="font-normal text-muted-foreground">({boatCount(c.entrants.length)})</span>
          </h3>
          <ul className="mt-2 divide-y text-sm">
            {c.entrants.map((e) => (
              <li key={e.competitorId} className="flex gap-3 py-1.5">
                <span className="w-10 shrink-0 font-mono font-semibold">{e.boatNumber ? `#${e.boatNumber}` : ""}</span>
                <span className="min-w-0">
                  <span className="font-medium">{e.boatName?.trim() || e.driver}</span>
                  {e.boatName?.trim() ? <span className="text-muted-foreground"> · {e.driver}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

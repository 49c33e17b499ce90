/** Race day's "12 of 15 boats checked in", per class (the lines are made by the loader). */
export function CheckInCounts({ counts }: { counts: { boatClass: string; line: string }[] }) {
  return (
    <ul aria-label="Check-in" className="flex flex-wrap gap-x-6 gap-y-1 text-sm font-medium">
      {counts.map((c) => (
        <li key={c.boatClass}>
          {c.boatClass}: {c.line}
        </li>
      ))}
    </ul>
  );
}

import { LinkTabs } from "~/components/ui/link-tabs";
import { adminRacesHref, adminRaceViewLabel, type AdminRaceView } from "~/lib/races/admin-race-view";

/** The admin race list's pages: this year with what is upcoming first, then each past year with races. */
export function RaceYearTabs({ view, thisYear, pastYears }: { view: AdminRaceView; thisYear: number; pastYears: number[] }) {
  if (pastYears.length === 0 && view.kind === "current") return null;
  const tabs = [
    { key: "current", label: adminRaceViewLabel({ kind: "current", year: thisYear }), to: adminRacesHref(null) },
    ...pastYears.map((year) => ({ key: String(year), label: String(year), to: adminRacesHref(year) })),
  ];
  return <LinkTabs label="Races by year" tabs={tabs} current={view.kind === "current" ? "current" : String(view.year)} wrap />;
}

export function noRacesIn(view: AdminRaceView): string {
  return view.kind === "current" ? `No races in ${view.year} or later yet.` : `No races in ${view.year}.`;
}

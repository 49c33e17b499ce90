/**
 * Which races `/admin/races` lists (issue 34 item 6): a club with twenty seasons has hundreds of
 * races, and the screen hydrates each one. By default this year's races and every later one (what
 * an admin edits), else one past year's (`?year=YYYY`). Anything else in the address is the default.
 */
export type AdminRaceView = { kind: "current"; year: number } | { kind: "past"; year: number };

export function adminRaceView(yearParam: string | null, thisYear: number): AdminRaceView {
  const year = yearParam && /^\d{4}$/.test(yearParam) ? Number(yearParam) : NaN;
  return year < thisYear ? { kind: "past", year } : { kind: "current", year: thisYear };
}

/** The first and last day a view covers (the current one has no last day: every upcoming race). */
export function adminRaceDays(view: AdminRaceView): { from: string; to: string | null } {
  return { from: `${view.year}-01-01`, to: view.kind === "past" ? `${view.year}-12-31` : null };
}

export function adminRacesHref(year: number | null): string {
  return year === null ? "/admin/races" : `/admin/races?year=${year}`;
}

/** The view that lists a race of `date` ("yyyy-MM-dd"). */
export function adminRaceViewOf(date: string, thisYear: number): AdminRaceView {
  return adminRaceView(date.slice(0, 4), thisYear);
}

/** The tab's words for a view. */
export function adminRaceViewLabel(view: AdminRaceView): string {
  return view.kind === "current" ? `${view.year} and upcoming` : String(view.year);
}

/** Whether two views list the same races. */
export function sameAdminRaceView(a: AdminRaceView, b: AdminRaceView): boolean {
  return a.kind === b.kind && a.year === b.year;
}

/**
 * Seasons: a named range of calendar days. An admin may define seasons (with their rules); any
 * calendar year with results that no defined season touches is a season too, with SPEC's rules.
 * Race dates are the club's calendar days already, so only "today" needs CLUB_TIMEZONE (callers
 * pass it in, from clubToday: this module also runs in the browser, which gets no date library).
 */
export interface SeasonRange {
  /** The `?season=` value: "2025", "2025-26", ... */
  key: string;
  name: string;
  startsOn: string;
  endsOn: string;
}

/** `?season=all`: SPEC's standings, every result of every race. */
export const ALL_SEASONS = "all";

/** Lower-case letters, digits and dashes; starts with a letter or digit; never "all". */
export const SEASON_KEY_PATTERN = /^[0-9a-z][0-9a-z-]{0,31}$/;

export function isSeasonKey(value: string): boolean {
  return SEASON_KEY_PATTERN.test(value) && value !== ALL_SEASONS;
}

export function calendarYearSeason(year: number): SeasonRange {
  return { key: String(year), name: `${year} Season`, startsOn: `${year}-01-01`, endsOn: `${year}-12-31` };
}

export function seasonContains(season: Pick<SeasonRange, "startsOn" | "endsOn">, date: string): boolean {
  return date >= season.startsOn && date <= season.endsOn;
}

function overlaps(a: Pick<SeasonRange, "startsOn" | "endsOn">, b: Pick<SeasonRange, "startsOn" | "endsOn">): boolean {
  return a.startsOn <= b.endsOn && b.startsOn <= a.endsOn;
}

/**
 * Every season a visitor can pick, newest first: every defined season (an admin made it on
 * purpose, results or not), and the calendar years with results that no defined season overlaps.
 */
export function offeredSeasons<S extends SeasonRange>(
  defined: readonly S[],
  resultDates: readonly string[],
): (S | SeasonRange)[] {
  const offered: (S | SeasonRange)[] = [...defined];
  const years = new Set(resultDates.map((date) => Number(date.slice(0, 4))));
  for (const year of years) {
    const implicit = calendarYearSeason(year);
    if (!defined.some((season) => overlaps(season, implicit) || season.key === implicit.key)) offered.push(implicit);
  }
  return offered.sort((a, b) => b.startsOn.localeCompare(a.startsOn));
}

export interface DefaultSeason {
  key: string;
  /** No season covers today: `key` is the most recent one that has ended, and the page says so. */
  ended: boolean;
}

/**
 * The season shown without `?season=`, chosen by dates alone (never by the order seasons were
 * made in): the offered season (defined, or a calendar year with results) that covers today, else
 * the most recent one that has ended. Until a defined season has started (none defined, or only
 * seasons still to come) SPEC's standings of every result (`all`): the site behaves as SPEC says
 * until an admin's rules apply.
 */
export function defaultSeason(
  offered: readonly SeasonRange[],
  defined: readonly Pick<SeasonRange, "startsOn">[],
  today: string,
): DefaultSeason {
  if (!defined.some((s) => s.startsOn <= today)) return { key: ALL_SEASONS, ended: false };
  const running = offered.find((s) => seasonContains(s, today));
  if (running) return { key: running.key, ended: false };
  const ended = offered.filter((s) => s.endsOn < today).sort((a, b) => b.endsOn.localeCompare(a.endsOn))[0];
  return ended ? { key: ended.key, ended: true } : { key: ALL_SEASONS, ended: false };
}

/** What the standings say when no season covers today. */
export function endedSeasonNote(seasonName: string): string {
  return `No season is running today: showing ${seasonName}, the most recent.`;
}

/** The season a race date belongs to, among the offered ones. */
export function seasonOf<S extends SeasonRange>(seasons: readonly S[], date: string): S | undefined {
  return seasons.find((season) => seasonContains(season, date));
}

/**
 * The season a race on `date` counts in: the one the standings put it in once it has results
 * (offeredSeasons' rule, then seasonOf), so an admin sees it before the results are in (issue 32
 * item 8). Undefined: no season covers that day (a defined season takes its year, not this day).
 */
export function seasonCountingOn<S extends SeasonRange>(defined: readonly S[], date: string): S | SeasonRange | undefined {
  return seasonOf(offeredSeasons(defined, [date]), date);
}

/** What a race says under its date: the season it counts in, or why none. */
export function countsInText(season: Pick<SeasonRange, "name"> | undefined, countsForChampionship: boolean): string {
  if (!countsForChampionship) return "Counts in: no season (not in the championship)";
  return season ? `Counts in: ${season.name}` : "Counts in: no season covers this day";
}

/**
 * Where a new season's form starts: the first calendar year, from today's, that no offered season
 * (defined, or a calendar year with results) touches. The running year already counts as a
 * season, so what is being set up is the next one.
 */
export function nextSeasonToDefine(offered: readonly SeasonRange[], today: string): SeasonRange {
  let year = Number(today.slice(0, 4));
  while (offered.some((season) => season.key === String(year) || overlaps(season, calendarYearSeason(year)))) year++;
  return calendarYearSeason(year);
}

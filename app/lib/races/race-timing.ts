/**
 * Where a race stands relative to today (SPEC section 4). Both values are calendar days
 * ("yyyy-MM-dd"); `today` comes from `todayInZone(CLUB_TIMEZONE)`, so lexical order is date order.
 */
export type RaceTiming = "today" | "upcoming" | "past";

export const RACE_TIMING_LABELS: Record<RaceTiming, string> = {
  today: "Today",
  upcoming: "Upcoming",
  past: "Past",
};

export function raceTiming(raceDate: string, today: string): RaceTiming {
  if (raceDate === today) return "today";
  return raceDate > today ? "upcoming" : "past";
}

/** The race detail card: 'Upcoming' if the date is in the future, else 'Completed' ('Cancelled' wins). */
export function raceDetailStatus(raceDate: string, today: string, status?: RaceStatus): "Upcoming" | "Completed" | "Cancelled" {
  if (status === "cancelled") return "Cancelled";
  return raceDate > today ? "Upcoming" : "Completed";
}

export const RACE_STATUSES = ["upcoming", "completed", "cancelled"] as const;
export type RaceStatus = (typeof RACE_STATUSES)[number];
export const RACE_STATUS_LABELS: Record<RaceStatus, string> = {
  upcoming: "Upcoming",
  completed: "Completed",
  cancelled: "Cancelled",
};

import { todayInZone } from "~/lib/util/dates";
import { CLUB } from "./routes";

/** The test club's date today (YYYY-MM-DD), in its time zone. */
export const clubToday = () => todayInZone(CLUB.timeZone);

/** The test club's date `days` from today (negative: ago), YYYY-MM-DD: a race a week ahead, a year ago. */
export function inDays(days: number): string {
  const d = new Date(`${clubToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

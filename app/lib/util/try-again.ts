/** How long a refused visitor waits (rate limits): one wording for every form. */
import { countOf } from "~/lib/util/plural";

/** Whole minutes to wait, rounded up, at least 1. */
export function minutesToWait(retryAfterSeconds: number): number {
  return Math.max(1, Math.ceil(retryAfterSeconds / 60));
}

/** "Please try again in 1 minute." / "Please try again in 15 minutes." */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = minutesToWait(retryAfterSeconds);
  return `Please try again in ${countOf(minutes, "minute")}.`;
}

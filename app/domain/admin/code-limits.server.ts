/**
 * The limits on 6-digit codes, one counter for the sign-in's code step and every code typed on the
 * account pages (issue 31 item 3): 5 wrong codes per admin and per address in 15 minutes. Their
 * own keys: a right password clears the password's counters, which must not also forgive codes.
 */
import type { Database } from "~/db/client";
import { hitAll, refund, reset, type RateLimit } from "~/domain/platform/rate-limit.server";

const CODE_FAILURE_LIMIT = 5;
const CODE_WINDOW_SECONDS = 15 * 60;

export function codeLimits(adminId: number, address: string): [admin: RateLimit, address: RateLimit] {
  const common = { limit: CODE_FAILURE_LIMIT, windowSeconds: CODE_WINDOW_SECONDS };
  return [
    { key: `signin-code:admin:${adminId}`, ...common },
    { key: `signin-code:ip:${address}`, ...common },
  ];
}

export type CodeAttempt =
  | { allowed: true; settle: (result: "right" | "wrong" | "unchecked") => Promise<void> }
  | { allowed: false; retryAfterSeconds: number };

/**
 * A code typed on the account pages (proving it is them again, new recovery codes, removing the
 * app) counts against the SAME limits as the sign-in's code step (issue 31 item 3): a stolen
 * session is no faster a code-guessing oracle than the login, and guesses there use up the
 * sign-in's allowance too. Counted before the code is checked; `settle` then clears the counters
 * after a right code (as the sign-in does), keeps a wrong one counted, and takes back an attempt
 * whose code was never checked.
 */
export async function countCodeAttempt(db: Database, adminId: number, address: string): Promise<CodeAttempt> {
  const limits = codeLimits(adminId, address);
  const states = await hitAll(db, limits);
  const blocked = states.filter((s) => !s.allowed);
  if (blocked.length) {
    for (const rule of limits) await refund(db, rule);
    return { allowed: false, retryAfterSeconds: Math.max(...blocked.map((s) => s.retryAfterSeconds)) };
  }
  return {
    allowed: true,
    async settle(result) {
      // As at sign-in: a right code clears its admin's counter and gives back its own count on
      // the address's, which keeps its failures (a success must not forgive spraying).
      if (result === "right") {
        await reset(db, limits[0].key);
        await refund(db, limits[1]);
      }
      if (result === "unchecked") for (const rule of limits) await refund(db, rule);
    },
  };
}

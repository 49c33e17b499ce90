import { TOTP_PERIOD_SECONDS, totpStep } from "~/lib/admin/totp";

/**
 * The step whose code a test should type: after `lastStep` (codes are accepted once per step) and
 * still accepted when it arrives. The site allows one step either side, so the step before the
 * current one is accepted only for what is left of the current step: a code made late in a step
 * failed on a slow machine. That step is used only with at least 15 s to go; when no step is
 * left, this waits for the next step to begin.
 */
export async function usableTotpStep(lastStep: number): Promise<number> {
  for (;;) {
    const now = Date.now() / 1000;
    const current = totpStep(now);
    const secondsLeftInStep = (current + 1) * TOTP_PERIOD_SECONDS - now;
    const earliest = secondsLeftInStep >= 15 ? current - 1 : current;
    const step = Math.max(earliest, lastStep + 1);
    if (step <= current + 1) return step;
    await new Promise((resolve) => setTimeout(resolve, Math.ceil(secondsLeftInStep * 1000) + 50));
  }
}

/** The two-factor page's answers (issue 23 item 4, issue 31 items 2 and 3): what a refusal tells the admin. */
import type { Toast } from "~/lib/util/toast";
import { tryAgainIn } from "~/lib/util/try-again";

export const WRONG_CODE: Toast = {
  type: "error",
  title: "Wrong code",
  description: "That code is not right, or was used already. Wait for the next one.",
};

/** A factor change from a session that has not proved it is its admin's lately: nothing changes. */
export const CONFIRM_FIRST: Toast = {
  type: "error",
  title: "Confirm it's you first",
  description: "Enter your password, a code from your app, or use a passkey; then make the change within 10 minutes.",
};

export const tooManyCodes = (retryAfterSeconds: number): Toast => ({
  type: "error",
  title: "Too many wrong codes",
  description: `Too many wrong codes for your account. ${tryAgainIn(retryAfterSeconds)}`,
});

/** What changes a sign-in factor or the recovery codes: each needs a recent re-authentication (ASVS 7.5.1). */
export const NEEDS_RECENT_REAUTH = new Set(["totp-start", "recovery-regenerate", "totp-disable"]);

export const CONFIRMED: Toast = {
  type: "success",
  title: "Confirmed",
  description: "You can change your sign-in for the next 10 minutes.",
};

/** A re-authentication that failed: a wrong password, code or passkey answer, or too many. */
export function reauthRefusal(
  method: "password" | "code" | "passkey",
  outcome: { reason: "wrong" | "demo" } | { reason: "limited"; retryAfterSeconds: number },
): { toast: Toast; status: number } {
  if (outcome.reason === "demo")
    return {
      toast: { type: "error", title: "Not confirmed", description: "The demo admin's account cannot be changed." },
      status: 403,
    };
  if (outcome.reason === "limited") {
    const toast =
      method === "code"
        ? tooManyCodes(outcome.retryAfterSeconds)
        : ({
            type: "error",
            title: "Not confirmed",
            description: `Too many wrong passwords. ${tryAgainIn(outcome.retryAfterSeconds)}`,
          } as const);
    return { toast, status: 429 };
  }
  const description =
    method === "password"
      ? "Your current password is not right."
      : method === "code"
        ? WRONG_CODE.description
        : "The passkey's answer could not be checked. Try again.";
  return { toast: { type: "error", title: "Not confirmed", description }, status: 400 };
}

export const ALREADY_OFF: Toast = { type: "error", title: "Already off", description: "Your authenticator app is not set up." };

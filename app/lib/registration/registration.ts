/**
 * The driver and race registration forms' texts (SPEC sections 5 and 8); their schemas and
 * messages are in registration-forms.ts, shared by the server and the forms' page script.
 */
import { z } from "~/lib/util/zod";
import type { Toast } from "~/lib/util/toast";
import { formatDayMonthYear } from "~/lib/util/dates";
import { tryAgainIn } from "~/lib/util/try-again";

// The forms' schemas live where the browser's page script can bundle them without zod's full build.
export {
  DRIVER_LIMITS,
  DRIVER_MESSAGES,
  driverRegistrationSchema,
  PRINT_POPUP_BLOCKED,
  printFormUrl,
  RACE_MESSAGES,
  RACE_REGISTRATION_FORM_ID,
  raceRegistrationSchema,
  REGISTRATION_FORM_ID,
  type DriverRegistration,
  type RaceRegistration,
} from "~/lib/registration/registration-forms";

/** What the submit button asked for: a plain submit, or the answer to one of the two dialogs. */
export const DRIVER_INTENTS = ["submit", "update", "use-new-email", "cancel"] as const;
export type DriverIntent = (typeof DRIVER_INTENTS)[number];

export function parseDriverIntent(value: unknown): DriverIntent {
  return DRIVER_INTENTS.find((i) => i === value) ?? "submit";
}

/** SPEC section 8's toasts for both forms. */
export const REGISTRATION_TOASTS = {
  driverSaved: { type: "success", title: "Registration Successful!", description: "Your registration has been submitted." },
  driverUpdated: { type: "success", title: "Registration Updated!", description: "Your registration details have been updated." },
  driverFailed: {
    type: "error",
    title: "Registration Failed",
    description: "There was an error submitting your registration. Please try again.",
  },
  // SPEC's sentence, then what the mail cap (app/lib/platform/mail-cap.ts) promises the racer.
  raceSaved: {
    type: "success",
    title: "Registration Successful",
    description:
      "You have successfully registered for the race. The racer gets one e-mail about this entry if the club has their address.",
  },
  raceFailed: {
    type: "error",
    title: "Registration Failed",
    description: "There was an error with your registration. Please try again.",
  },
} as const satisfies Record<string, Toast>;

export function alreadyRegisteredToast(boatClass: string): Toast {
  return {
    type: "error",
    title: "Already Registered",
    description: `You are already registered for this race in the ${boatClass} class.`,
  };
}

export function tooManyRequestsToast(retryAfterSeconds: number): Toast {
  return {
    type: "error",
    title: "Too Many Attempts",
    description: `Too many submissions from your connection. ${tryAgainIn(retryAfterSeconds)}`,
  };
}

/** 'First Last - Boat #N' (the race registration's driver list). */
export function driverLabel(d: { firstName: string; lastName: string; boatNumber: string | null }): string {
  const name = `${d.firstName} ${d.lastName}`;
  return d.boatNumber ? `${name} - Boat #${d.boatNumber}` : name;
}

/**
 * Shown in the 'Existing Registration Found' dialog instead of the other record's full address:
 * enough for its owner to recognise it, not enough to harvest it ("m•••@example.com").
 */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/** 'title, dd MMMM yyyy at location' (the raw date when it cannot be formatted). */
export function raceLabel(r: { title: string; date: string; location: string }): string {
  const when = formatDayMonthYear(r.date);
  return r.location ? `${r.title}, ${when} at ${r.location}` : `${r.title}, ${when}`;
}

/** The question the server asks before saving (SPEC section 4's two dialogs). */
export type RegistrationDialog =
  | { type: "update"; existing: { name: string; boatName: string | null; boatNumber: string; boatClasses: string[] } }
  | { type: "new-email"; existing: { name: string; maskedEmail: string | null } };

/**
 * Not in SPEC: the answers when a change to an existing registration waits for the consent of the
 * address on file (decision 0008). Only the masked address is shown, as in SPEC's dialog.
 */
export const CHANGE_NOTICES = {
  sent: (maskedEmail: string) =>
    ({
      type: "info",
      title: "Check Your Email",
      description: `We sent a confirmation link to ${maskedEmail}. The registration changes only when that link is followed, within 24 hours.`,
    }) as const,
  alreadySent: (maskedEmail: string) =>
    ({
      type: "info",
      title: "Confirmation Already Sent",
      description: `A confirmation link was already sent to ${maskedEmail}. Please use the link in that email; no new link is sent for now.`,
    }) as const,
  noAddress: (clubEmail: string) =>
    ({
      type: "error",
      title: "Cannot Confirm Online",
      description: `This registration has no email address on file, so the change cannot be confirmed online. Please contact ${clubEmail}.`,
    }) as const,
};

/** Not in SPEC: the confirmation link's page (/registration/confirm/:token). */
export const CONFIRM_PAGE = {
  title: "Confirm Registration Change",
  intro: "Please check the change to your registration below. Nothing changes until you confirm it.",
  button: "Confirm Change",
  busy: "Confirming...",
  columns: { field: "Field", current: "Now", next: "After confirming" },
  noChange: "The details are the same as the ones on file; confirming keeps them and records your PIPA consent again.",
  // SPEC's 'Registration Updated!' toast is the confirmation page's message.
  applied: REGISTRATION_TOASTS.driverUpdated,
  unknown: {
    type: "error",
    title: "Link Not Found",
    description: "This confirmation link is not valid. Please check that you opened the whole link from the email.",
  },
  used: { type: "error", title: "Link Already Used", description: "This confirmation link has already been used." },
  expired: {
    type: "error",
    title: "Link Expired",
    description: "This confirmation link has expired. Please submit the registration form again to get a new link.",
  },
  emailTaken: (clubEmail: string) =>
    ({
      type: "error",
      title: "Email Already Registered",
      description: `The new email address is now used by another registration, so nothing was changed. Please contact ${clubEmail}.`,
    }) as const,
} as const;

/** The manage-my-entry page's buttons: a class, or "race" for the whole entry. */
export const withdrawSchema = z.object({ withdraw: z.string().check(z.trim(), z.minLength(1), z.maxLength(40)) });

/** The "Manage my entry" page behind the race-entry e-mail's link. */
export const ENTRY_PAGE = {
  title: "Manage My Entry",
  withdrawnClass: (boatClass: string) => `You have withdrawn from the ${boatClass} class.`,
  withdrawnRace: (title: string) => `You have withdrawn from ${title}.`,
  /** The second step (issue 32 item 11): one tap on a phone must not end an entry. */
  confirmRace: (title: string) => `Withdraw from ${title}?`,
  confirmClass: (boatClass: string, title: string) => `Withdraw from the ${boatClass} class of ${title}?`,
  confirmYes: "Yes, withdraw",
  confirmNo: "Keep my entry",
  unknown: {
    type: "error",
    title: "Link Not Found",
    description: "This entry link is not valid. Please check that you opened the whole link from the email.",
  },
  used: { type: "error", title: "Link Already Used", description: "This entry has been withdrawn; the link no longer works." },
  expired: {
    type: "error",
    title: "Entries Closed",
    description: "Entries for this race have closed, so the entry can no longer be changed online. Please contact the club.",
  },
  "not-entered": { type: "error", title: "Not Entered", description: "You are not entered in that class; nothing was changed." },
  empty: { type: "success", title: "Entry Withdrawn", description: "You have no entry left in this race." },
  tooMany: { type: "error", title: "Too Many Requests", description: "Please wait a few minutes and try again." },
  failed: { type: "error", title: "Error", description: "Your entry could not be changed. Please try again." },
} as const;

/**
 * The driver and race registration forms' rules and texts (SPEC sections 5 and 8), shared by the
 * browser (Conform) and the server: one schema, one set of messages.
 */
import { z } from "~/lib/util/zod";
import type { Toast } from "~/lib/util/toast";
import { boatClassListSchema } from "~/lib/races/boat-classes";
import { formatDayMonthYear } from "~/lib/util/dates";
import { MAX_ID } from "~/lib/util/params";
import { tryAgainIn } from "~/lib/util/try-again";
import { isTelephone, shortPublicText, TELEPHONE_MESSAGE } from "~/lib/util/input-rules";

export const DRIVER_MESSAGES = {
  firstName: "First name must be at least 2 characters.",
  lastName: "Last name must be at least 2 characters.",
  boatNumber: "Boat number is required.",
  boatClasses: "Please select at least one boat class.",
  email: "Please enter a valid email address.",
  pipaConsent: "You must agree to the PIPA policy to register.",
} as const;

// Not in SPEC: upper bounds, so absurd input gets a message instead of a database error.
export const DRIVER_LIMITS = {
  name: 50,
  boatName: 60,
  boatNumber: 10,
  telephone: 30,
  email: 254,
} as const;

const tooLong = (what: string, max: number) => `${what} must be at most ${max} characters.`;

export const driverRegistrationSchema = z.object({
  firstName: shortPublicText("First name", DRIVER_MESSAGES.firstName)
    .trim()
    .min(2, DRIVER_MESSAGES.firstName)
    .max(DRIVER_LIMITS.name, tooLong("First name", DRIVER_LIMITS.name)),
  lastName: shortPublicText("Last name", DRIVER_MESSAGES.lastName)
    .trim()
    .min(2, DRIVER_MESSAGES.lastName)
    .max(DRIVER_LIMITS.name, tooLong("Last name", DRIVER_LIMITS.name)),
  boatName: shortPublicText("Boat name")
    .trim()
    .max(DRIVER_LIMITS.boatName, tooLong("Boat name", DRIVER_LIMITS.boatName))
    .optional()
    .transform((v) => v || undefined),
  boatNumber: shortPublicText("Boat number", DRIVER_MESSAGES.boatNumber)
    .trim()
    .min(1, DRIVER_MESSAGES.boatNumber)
    .max(DRIVER_LIMITS.boatNumber, tooLong("Boat number", DRIVER_LIMITS.boatNumber)),
  boatClasses: boatClassListSchema(DRIVER_MESSAGES.boatClasses),
  telephone: z
    .string()
    .trim()
    .max(DRIVER_LIMITS.telephone, tooLong("Telephone", DRIVER_LIMITS.telephone))
    .refine((v) => v === "" || isTelephone(v), TELEPHONE_MESSAGE)
    .optional()
    .transform((v) => v || undefined),
  email: z
    .string({ error: DRIVER_MESSAGES.email })
    .trim()
    .max(DRIVER_LIMITS.email, DRIVER_MESSAGES.email)
    .pipe(z.email({ error: DRIVER_MESSAGES.email })),
  pipaConsent: z.boolean({ error: DRIVER_MESSAGES.pipaConsent }).refine((agreed) => agreed, DRIVER_MESSAGES.pipaConsent),
  // Not in SPEC: opt-in race e-mails (decision 0022), unticked unless the driver ticks it.
  raceEmails: z.boolean().default(false),
});

export type DriverRegistration = z.output<typeof driverRegistrationSchema>;

/** What the submit button asked for: a plain submit, or the answer to one of the two dialogs. */
export const DRIVER_INTENTS = ["submit", "update", "use-new-email", "cancel"] as const;
export type DriverIntent = (typeof DRIVER_INTENTS)[number];

export function parseDriverIntent(value: unknown): DriverIntent {
  return DRIVER_INTENTS.find((i) => i === value) ?? "submit";
}

export const RACE_MESSAGES = {
  competitorId: "Please select a driver",
  raceId: "Please select a race",
  boatClasses: "Please select at least one boat class",
  // Not in SPEC: the server's refusals, worded like SPEC's messages.
  raceClosed: "Registration for this race has closed. Please select an upcoming race",
  raceUnknown: "That race could not be found. Please select a race",
  driverUnknown: "That driver could not be found. Please select a driver",
} as const;

const id = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

export const raceRegistrationSchema = z.object({
  competitorId: id(RACE_MESSAGES.competitorId),
  raceId: id(RACE_MESSAGES.raceId),
  boatClasses: boatClassListSchema(RACE_MESSAGES.boatClasses),
});

export type RaceRegistration = z.output<typeof raceRegistrationSchema>;

/** SPEC section 8's toasts for both forms. */
export const REGISTRATION_TOASTS = {
  driverSaved: { type: "success", title: "Registration Successful!", description: "Your registration has been submitted." },
  driverUpdated: { type: "success", title: "Registration Updated!", description: "Your registration details have been updated." },
  driverFailed: {
    type: "error",
    title: "Registration Failed",
    description: "There was an error submitting your registration. Please try again.",
  },
  // SPEC's sentence, then what the mail cap (app/lib/registration/mail-cap.ts) promises the racer.
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

/** `typed` could be a guess at `onFile` from its mask (d•••@example.com), whatever the capitals. */
export function fitsMask(onFile: string, typed: string): boolean {
  return maskEmail(onFile.toLowerCase()) === maskEmail(typed.toLowerCase());
}

/** 'title, dd MMMM yyyy at location' (the raw date when it cannot be formatted). */
export function raceLabel(r: { title: string; date: string; location: string }): string {
  const when = formatDayMonthYear(r.date);
  return r.location ? `${r.title}, ${when} at ${r.location}` : `${r.title}, ${when}`;
}

/** A field no person sees or fills in; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";

export const PRINT_POPUP_BLOCKED = "Please allow popups to print the registration form.";

/** The printable form's address, with the classes to tick. */
export function printFormUrl(boatClasses: readonly string[]): string {
  const query = new URLSearchParams(boatClasses.map((c) => ["class", c]));
  const qs = query.toString();
  return qs ? `/registration/print?${qs}` : "/registration/print";
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
export const withdrawSchema = z.object({ withdraw: z.string().trim().min(1).max(40) });

/** The "Manage my entry" page behind the race-entry e-mail's link. */
export const ENTRY_PAGE = {
  title: "Manage My Entry",
  withdrawnClass: (boatClass: string) => `You have withdrawn from the ${boatClass} class.`,
  withdrawnRace: (title: string) => `You have withdrawn from ${title}.`,
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

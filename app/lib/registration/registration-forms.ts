/**
 * The driver and race registration forms' rules and messages (SPEC sections 5 and 8): one zod/mini
 * schema per form, run by the server (Conform) and by the forms' page script in the browser
 * (app/scripts/public-forms.ts, decision 0033), so both give the same messages from the same rules.
 * Nothing here may import zod's full build or a date library: the page script bundles this file.
 */
import { z } from "~/lib/util/zod-mini";
import { boatClassListSchema } from "~/lib/platform/boat-classes";
import { MAX_ID } from "~/lib/util/params";
import { forbiddenCharactersCheck, isTelephone, TELEPHONE_MESSAGE } from "~/lib/util/text-rules";

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

/** shortPublicText's rule (app/lib/util/input-rules.ts), trimmed, between `min` and `max` long. */
function publicText(what: string, max: number, min?: { length: number; message: string }) {
  const checks = [forbiddenCharactersCheck(what), z.trim()];
  if (min) checks.push(z.minLength(min.length, min.message));
  return z.string(min ? { error: min.message } : undefined).check(...checks, z.maxLength(max, tooLong(what, max)));
}

/** An optional text: empty is "not given". */
const optional = (schema: z.ZodMiniType<string, string>) =>
  z.pipe(
    z.optional(schema),
    z.transform((v: string | undefined) => v || undefined),
  );

export const driverRegistrationSchema = z.object({
  firstName: publicText("First name", DRIVER_LIMITS.name, { length: 2, message: DRIVER_MESSAGES.firstName }),
  lastName: publicText("Last name", DRIVER_LIMITS.name, { length: 2, message: DRIVER_MESSAGES.lastName }),
  boatName: optional(publicText("Boat name", DRIVER_LIMITS.boatName)),
  boatNumber: publicText("Boat number", DRIVER_LIMITS.boatNumber, { length: 1, message: DRIVER_MESSAGES.boatNumber }),
  boatClasses: boatClassListSchema(DRIVER_MESSAGES.boatClasses),
  telephone: optional(
    z.string().check(
      z.trim(),
      z.maxLength(DRIVER_LIMITS.telephone, tooLong("Telephone", DRIVER_LIMITS.telephone)),
      z.refine((v: string) => v === "" || isTelephone(v), TELEPHONE_MESSAGE),
    ),
  ),
  email: z.pipe(
    z.string({ error: DRIVER_MESSAGES.email }).check(z.trim(), z.maxLength(DRIVER_LIMITS.email, DRIVER_MESSAGES.email)),
    z.email({ error: DRIVER_MESSAGES.email }),
  ),
  pipaConsent: z
    .boolean({ error: DRIVER_MESSAGES.pipaConsent })
    .check(z.refine((agreed: boolean) => agreed, DRIVER_MESSAGES.pipaConsent)),
  // Not in SPEC: opt-in race e-mails (decision 0022), unticked unless the driver ticks it.
  raceEmails: z._default(z.boolean(), false),
});

export type DriverRegistration = z.output<typeof driverRegistrationSchema>;

export const RACE_MESSAGES = {
  competitorId: "Please select a driver",
  raceId: "Please select a race",
  boatClasses: "Please select at least one boat class",
  // Not in SPEC: the server's refusals, worded like SPEC's messages.
  raceClosed: "Registration for this race has closed. Please select an upcoming race",
  raceUnknown: "That race could not be found. Please select a race",
  driverUnknown: "That driver could not be found. Please select a driver",
} as const;

const id = (message: string) =>
  z.number({ error: message }).check(z.int(message), z.positive(message), z.maximum(MAX_ID, message));

export const raceRegistrationSchema = z.object({
  competitorId: id(RACE_MESSAGES.competitorId),
  raceId: id(RACE_MESSAGES.raceId),
  boatClasses: boatClassListSchema(RACE_MESSAGES.boatClasses),
});

export type RaceRegistration = z.output<typeof raceRegistrationSchema>;

/** The driver registration form: its dialogs' buttons and the print button post or read it. */
export const REGISTRATION_FORM_ID = "registration-form";

export const PRINT_POPUP_BLOCKED = "Please allow popups to print the registration form.";

/** The printable form's address, with the classes to tick. */
export function printFormUrl(boatClasses: readonly string[]): string {
  const query = new URLSearchParams(boatClasses.map((c) => ["class", c]));
  const qs = query.toString();
  return qs ? `/registration/print?${qs}` : "/registration/print";
}

export const RACE_REGISTRATION_FORM_ID = "race-registration-form";

/**
 * A racer an import creates meets the registration form's rules (issue 31 item 10): the same
 * schema fields, not a copy of them, so a name the form refuses (a control or text-direction
 * character, more than 50 letters, one letter) is refused here with the form's own words, and
 * the racer is one every form can edit afterwards.
 */
import { driverRegistrationSchema } from "~/lib/registration/registration-forms";

const { firstName, lastName, boatNumber } = driverRegistrationSchema.shape;

/** The form's messages for a new racer's fields; none when it may be created. */
export function newRacerProblems(racer: { firstName: string; lastName: string; boatNumber: string }): string[] {
  const checks = [firstName.safeParse(racer.firstName), lastName.safeParse(racer.lastName)];
  // Files without a boat column create racers without a number, as before; a number given must fit.
  if (racer.boatNumber !== "") checks.push(boatNumber.safeParse(racer.boatNumber));
  return checks.flatMap((check) => (check.success ? [] : check.error.issues.slice(0, 1).map((issue) => issue.message)));
}

import { InputField, type AnyField } from "~/components/ui/field";
import { BoatClassFieldset } from "~/components/registration/boat-class-fieldset";
import { PipaConsentField, RaceEmailsField } from "~/components/registration/consent-fields";

type DriverField =
  "firstName" | "lastName" | "boatName" | "boatNumber" | "boatClasses" | "telephone" | "email" | "pipaConsent" | "raceEmails";

/**
 * SPEC's driver fields in SPEC's order, with its labels: the registration form and a racer's
 * correction of their own record (the my-data page) ask the same questions the same way.
 */
export function DriverFields({ fields, policy }: { fields: Record<DriverField, AnyField>; policy: string[] }) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField field={fields.firstName} label="First Name*" autoComplete="given-name" />
        <InputField field={fields.lastName} label="Last Name*" autoComplete="family-name" />
        <InputField field={fields.boatName} label="Boat Name" autoComplete="off" />
        <InputField field={fields.boatNumber} label="Boat Number*" autoComplete="off" />
      </div>

      <BoatClassFieldset
        field={fields.boatClasses}
        legend="Boat Class*"
        options={["Open", "Superboat"]}
        label={(value) => (value === "Open" ? "Open Class" : "Superboat Class")}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <InputField field={fields.telephone} label="Telephone" type="tel" autoComplete="tel" />
        <InputField field={fields.email} label="Email*" type="email" autoComplete="email" />
      </div>

      <PipaConsentField field={fields.pipaConsent} policy={policy} />
      <RaceEmailsField field={fields.raceEmails} />
    </>
  );
}

import { Checkbox } from "~/components/ui/checkbox";
import { FieldError } from "~/components/ui/label";
import { RACE_EMAILS } from "~/lib/registration/race-messages";
import { type FieldMetadata, getInputProps } from "~/components/ui/use-zod-form";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyField = FieldMetadata<any>;

/** The PIPA consent box, with the policy to unfold under it. */
export function PipaConsentField({ field, policy }: { field: AnyField; policy: string[] }) {
  return (
    <div className="space-y-2">
      <label className="flex items-start gap-2 text-sm font-medium">
        <Checkbox {...getInputProps(field, { type: "checkbox" })} key={field.key} className="mt-0.5" />I agree to the PIPA Policy*
      </label>
      <details className="rounded-md border px-3 py-2 text-sm">
        <summary className="cursor-pointer font-medium text-primary">Read the full PIPA Policy</summary>
        <div className="mt-2 space-y-2 text-muted-foreground">
          {policy.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </details>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

/** The opt-in to race e-mails (decision 0022), with its hint. */
export function RaceEmailsField({ field }: { field: AnyField }) {
  return (
    <div className="space-y-1">
      <label className="flex items-start gap-2 text-sm font-medium">
        <Checkbox
          {...getInputProps(field, { type: "checkbox" })}
          key={field.key}
          aria-describedby="race-emails-hint"
          className="mt-0.5"
        />
        {RACE_EMAILS.optInLabel}
      </label>
      <p id="race-emails-hint" className="pl-6 text-xs text-muted-foreground">
        {RACE_EMAILS.optInHint}
      </p>
    </div>
  );
}

/**
 * The data page's forms (plain HTML posts, no script): correct my details (the registration's
 * fields and its consent, sent for confirmation to the address on file like any change), erase my
 * record (asked, then confirmed), and close the page.
 */
import { DriverFields } from "~/components/registration/driver-fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { REQUIRED_NOTE } from "~/components/ui/field";
import { getFormProps, useZodForm, type SubmissionResult } from "~/components/ui/use-zod-form";
import { MY_DATA_TEXTS } from "~/lib/privacy/my-data";
import { driverRegistrationSchema } from "~/lib/registration/registration-forms";

export type CurrentDetails = {
  firstName: string;
  lastName: string;
  boatName: string;
  boatNumber: string;
  boatClasses: string[];
  telephone: string;
  email: string;
};

export function CorrectionForm({
  current,
  policy,
  lastResult,
}: {
  current: CurrentDetails;
  policy: string[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useZodForm(driverRegistrationSchema, { id: "correction-form", lastResult, defaultValue: current });
  return (
    <section aria-labelledby="correct" className="space-y-3">
      <h2 id="correct" className="text-xl font-semibold">
        {MY_DATA_TEXTS.correctHeading}
      </h2>
      <p className="text-sm text-muted-foreground">
        Change what is wrong and send it. We e-mail a link to the address on file; the change is made when you open it and
        confirm. {REQUIRED_NOTE}
      </p>
      <form method="post" action="/privacy/my-data" {...getFormProps(form)} className="space-y-5">
        <DriverFields fields={fields} policy={policy} />
        <Button type="submit" name="intent" value="correct">
          Send the correction
        </Button>
      </form>
    </section>
  );
}

/** Two steps: a GET link asks (?erase), and the confirmation posts. */
export function EraseSection({ confirming }: { confirming: boolean }) {
  return (
    <section aria-labelledby="erase" className="space-y-3 rounded-md border border-destructive p-4">
      <h2 id="erase" className="text-xl font-semibold">
        {MY_DATA_TEXTS.eraseHeading}
      </h2>
      <p className="text-sm">{MY_DATA_TEXTS.eraseExplained}</p>
      {confirming ? (
        <form method="post" action="/privacy/my-data" className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="erase" variant="destructive">
            {MY_DATA_TEXTS.eraseConfirm}
          </Button>
          <a href="/privacy/my-data" className={buttonClasses({ variant: "outline" })}>
            Keep my record
          </a>
        </form>
      ) : (
        <a href="/privacy/my-data?erase#erase" className={buttonClasses({ variant: "destructive" })}>
          {MY_DATA_TEXTS.eraseHeading}
        </a>
      )}
    </section>
  );
}

export function EndForm() {
  return (
    <form method="post" action="/privacy/my-data">
      <Button type="submit" name="intent" value="end" variant="outline">
        {MY_DATA_TEXTS.endButton}
      </Button>
    </form>
  );
}

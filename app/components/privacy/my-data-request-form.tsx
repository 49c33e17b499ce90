import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Honeypot } from "~/components/ui/honeypot";
import { getFormProps, useZodForm, type SubmissionResult } from "~/components/ui/use-zod-form";
import { MY_DATA_TEXTS, myDataRequestSchema } from "~/lib/privacy/my-data";
import { NOTICE_ANCHORS } from "~/lib/privacy/notice";
import type { Toast } from "~/lib/util/toast";

/**
 * "See your data": one address, posted back to /privacy (to this section, so the answer is in view
 * without script). Once sent, the form gives way to the answer every address gets.
 */
export function MyDataRequestForm({
  sent,
  mailServer,
  error,
  lastResult,
}: {
  sent: boolean;
  mailServer: boolean;
  error: Toast | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const [form, fields] = useZodForm(myDataRequestSchema, { id: "my-data-request", lastResult: lastResult ?? undefined });
  return (
    <div className="space-y-3 rounded-md border p-4">
      <h3 className="text-lg font-semibold">{MY_DATA_TEXTS.requestHeading}</h3>
      {sent ? (
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {mailServer ? MY_DATA_TEXTS.requested : MY_DATA_TEXTS.noMail}
        </p>
      ) : (
        <form method="post" action={`/privacy#${NOTICE_ANCHORS.rights}`} {...getFormProps(form)} className="relative space-y-4">
          <FormAlert toast={error} />
          {!mailServer && (
            <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{MY_DATA_TEXTS.noMail}</p>
          )}
          <Honeypot />
          <InputField
            field={fields.email}
            label="E-mail address you registered with"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
          />
          <Button type="submit">{MY_DATA_TEXTS.requestButton}</Button>
        </form>
      )}
    </div>
  );
}

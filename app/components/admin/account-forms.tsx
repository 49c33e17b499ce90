/** The account page's two forms: the e-mail address, and a password change. Both work without JavaScript. */
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/label";
import { getFormProps, type SubmissionResult, useZodForm } from "~/components/ui/use-zod-form";
import { emailChangeSchema, passwordChangeSchema } from "~/lib/admin/account-schemas";
import { PASSWORD_HINT } from "~/lib/admin/password-rules";

type Result = SubmissionResult<string[]> | undefined;

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formData?.get("intent") === intent;
}

export function EmailForm({ email, lastResult }: { email: string | null; lastResult: Result }) {
  const navigation = useNavigation();
  const busy = useBusy("email");
  const [form, fields] = useZodForm(emailChangeSchema, {
    id: "account-email",
    defaultValue: { email: email ?? "" },
    lastResult: navigation.state === "idle" ? lastResult : undefined,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail address</CardTitle>
        <CardDescription>
          {email ? (
            <>
              Now <strong className="break-all">{email}</strong>. A password reset link goes here.
            </>
          ) : (
            "None yet. A password reset link goes to this address."
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="email" />
          <InputField field={fields.email} label="E-mail address" type="email" autoComplete="email" autoCapitalize="none" />
          <InputField
            field={fields.currentPassword}
            label="Your current password"
            type="password"
            autoComplete="current-password"
          />
          <FieldError id={form.errorId} errors={form.errors} />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Save the address"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

export function PasswordForm({ lastResult }: { lastResult: Result }) {
  const navigation = useNavigation();
  const busy = useBusy("password");
  const [form, fields] = useZodForm(passwordChangeSchema, {
    id: "account-password",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
        <CardDescription>Your other sessions end; this one stays.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" className="space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="password" />
          <InputField field={fields.currentPassword} label="Current password" type="password" autoComplete="current-password" />
          <InputField
            field={fields.newPassword}
            label="New password"
            hint={PASSWORD_HINT}
            type="password"
            autoComplete="new-password"
          />
          <InputField field={fields.confirmPassword} label="New password again" type="password" autoComplete="new-password" />
          <FieldError id={form.errorId} errors={form.errors} />
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : "Change password"}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

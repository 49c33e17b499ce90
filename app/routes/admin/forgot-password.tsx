import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { clientAddressContext, configContext, dbContext, loggerContext } from "~/context";
import { requestPasswordReset } from "~/domain/admin/password-reset.server";
import { refused } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { useToast } from "~/components/layout/show-toast";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { getFormProps, useZodForm } from "~/components/ui/use-zod-form";
import { ACCOUNT_MESSAGES, forgotPasswordSchema } from "~/lib/admin/account-schemas";
import { NO_MAIL } from "~/lib/platform/mail-setup";
import { HYDRATE } from "~/lib/platform/page";
import { tryAgainIn } from "~/lib/util/try-again";
import type { Route } from "./+types/forgot-password";

/** A form page: hydrates (docs/decisions/0012-read-pages-without-a-framework.md). */
export const handle = HYDRATE;

export const meta: Route.MetaFunction = () => [{ title: "Forgot your password?" }];

/** Whether a link can reach anyone at all: the server's setting, the same for every visitor. */
export function loader({ context }: Route.LoaderArgs) {
  return { mailServer: Boolean(context.get(configContext).mailServer) };
}

/**
 * Asks for a reset link. The answer is the same for every well-formed address (the domain module
 * also evens out the time): it never tells whether an admin uses the address.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request, forgotPasswordSchema), { schema: forgotPasswordSchema });
  if (submission.status !== "success") {
    const toast = { type: "error", title: "Please enter your e-mail address", description: ACCOUNT_MESSAGES.email } as const;
    return refused(toast, 400, { result: submission.reply(), sent: false });
  }
  const { clubName, clubEmail, siteUrl } = context.get(configContext);
  const outcome = await requestPasswordReset(context.get(dbContext), {
    email: submission.value.email,
    address: context.get(clientAddressContext),
    club: { clubName, clubEmail, siteUrl },
    onLateFailure: (error) => context.get(loggerContext).error({ err: error }, "password reset request failed after its answer"),
  });
  if (outcome.kind === "limited") {
    const toast = {
      type: "error",
      title: "Too many requests",
      description: `Too many reset requests from this network. ${tryAgainIn(outcome.retryAfterSeconds)}`,
    } as const;
    return refused(toast, 429, { result: submission.reply({ formErrors: [toast.description] }), sent: false });
  }
  // No echo of the address: the page is the same whoever's it was. The page says it (no toast).
  return data({ ok: true as const, toast: null, result: null, sent: true });
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  // Without e-mail the answer says so, in words that do not depend on the address typed.
  const answer = loaderData.mailServer ? ACCOUNT_MESSAGES.resetRequested : NO_MAIL.forgotPassword;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useZodForm(forgotPasswordSchema, {
    lastResult: navigation.state === "idle" ? (actionData?.result ?? undefined) : undefined,
  });
  useToast(actionData?.toast);
  return (
    <div className="mx-auto max-w-sm py-6">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">Forgot your password?</h1>
          <CardDescription>
            Enter the e-mail address of your admin account. We send a link to choose a new password.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {actionData?.sent ? (
            <p role="status" className="rounded-md bg-muted p-3 text-sm">
              {answer}
            </p>
          ) : (
            <Form method="post" className="space-y-4" {...getFormProps(form)}>
              {!loaderData.mailServer && (
                <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                  {NO_MAIL.forgotPassword}
                </p>
              )}
              {actionData && !actionData.ok && actionData.toast.title === "Too many requests" && (
                <FormAlert toast={actionData.toast} />
              )}
              <InputField field={fields.email} label="E-mail address" type="email" autoComplete="email" autoCapitalize="none" />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Sending..." : "Send me a link"}
              </Button>
            </Form>
          )}
          <Link to="/admin/login" className={buttonClasses({ variant: "outline" }, "w-full")}>
            Back to login
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

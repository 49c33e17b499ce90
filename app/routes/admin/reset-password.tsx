import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { clientAddressContext, configContext, dbContext } from "~/context";
import { resetLinkState, resetPassword } from "~/domain/admin/password-reset.server";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { useToast } from "~/components/layout/show-toast";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { getFormProps, useZodForm } from "~/components/ui/use-zod-form";
import { ACCOUNT_MESSAGES, resetPasswordSchema } from "~/lib/admin/account-schemas";
import { PASSWORD_HINT } from "~/lib/admin/password-rules";
import { HYDRATE } from "~/lib/platform/page";
import { tryAgainIn } from "~/lib/util/try-again";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/reset-password";

export const handle = HYDRATE;

/**
 * The address holds a live token: never in a Referer to another site (not even our origin, as the
 * site-wide policy would send), nor in caches or search engines. Not "no-referrer": Chromium then
 * posts the form with `Origin: null`, which the cross-site request check refuses.
 */
export const headers: Route.HeadersFunction = () => ({
  "Referrer-Policy": "same-origin",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
});

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password" }, { name: "robots", content: "noindex" }];

/** Unknown is 404; used or expired is 410 (Gone): the link existed and will never work again. */
function linkGone(kind: "unknown" | "used" | "expired") {
  return data({ state: "invalid" as const, username: null }, { status: kind === "unknown" ? 404 : 410 });
}

/** Shows the form for a live link. A GET never uses the link: mail scanners open links. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const state = await resetLinkState(context.get(dbContext), params.token);
  if (state.kind !== "valid") return linkGone(state.kind);
  return data({ state: "valid" as const, username: state.admin.username });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const limit = await countPublicPost(db, "admin-reset-password", context.get(clientAddressContext));
  if (!limit.allowed) {
    const toast: Toast = { type: "error", title: "Too many requests", description: tryAgainIn(limit.retryAfterSeconds) };
    return data({ result: null, toast }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const submission = parseWithZod(await readForm(request, resetPasswordSchema), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    const toast: Toast = { type: "error", title: "Password not changed", description: "Please correct the marked fields." };
    return data({ result: submission.reply({ hideFields: ["newPassword", "confirmPassword"] }), toast }, { status: 400 });
  }
  const { clubName, clubEmail, siteUrl } = context.get(configContext);
  const outcome = await resetPassword(db, params.token, submission.value.newPassword, {
    address: context.get(clientAddressContext),
    club: { clubName, clubEmail, siteUrl },
  });
  switch (outcome.kind) {
    case "done":
      // Never a session: the next sign-in asks for the password and, when on, the second factor.
      return redirectWithToast("/admin/login", {
        type: "success",
        title: "Password changed",
        description: ACCOUNT_MESSAGES.resetDone,
      });
    case "weak": {
      const toast: Toast = { type: "error", title: "Password not changed", description: outcome.message };
      const result = submission.reply({
        fieldErrors: { newPassword: [outcome.message] },
        hideFields: ["newPassword", "confirmPassword"],
      });
      return data({ result, toast }, { status: 400 });
    }
    default:
      return linkGone(outcome.kind);
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const gone = actionData && "state" in actionData ? actionData : null;
  const answer = actionData && "toast" in actionData ? actionData : null;
  const [form, fields] = useZodForm(resetPasswordSchema, {
    lastResult: navigation.state === "idle" ? (answer?.result ?? undefined) : undefined,
  });
  useToast(answer?.toast);
  const page = gone ?? loaderData;
  return (
    <div className="mx-auto max-w-sm py-6">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">Choose a new password</h1>
          {page.state === "valid" && (
            <CardDescription>
              For the admin account <strong>{page.username}</strong>.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          {page.state === "invalid" ? (
            <>
              <p role="alert" className="text-sm">
                {ACCOUNT_MESSAGES.linkInvalid}
              </p>
              <Link to="/admin/forgot-password" className={buttonClasses({}, "w-full")}>
                Ask for a new link
              </Link>
            </>
          ) : (
            <Form method="post" className="space-y-4" {...getFormProps(form)}>
              {answer?.toast.title === "Too many requests" && <FormAlert toast={answer.toast} />}
              {/* Lets a password manager file the new password under the right account. */}
              <input type="hidden" name="username" value={page.username ?? ""} autoComplete="username" disabled />
              <InputField
                field={fields.newPassword}
                label="New password"
                hint={PASSWORD_HINT}
                type="password"
                autoComplete="new-password"
              />
              <InputField field={fields.confirmPassword} label="New password again" type="password" autoComplete="new-password" />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Saving..." : "Save the new password"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { clientAddressContext, dbContext, productionContext } from "~/context";
import { currentAdmin, sessionCookie, sessionIdFrom } from "~/domain/admin/auth.server";
import { attemptCode, pendingCookie, pendingIdFrom, pendingSignIn } from "~/domain/admin/second-factor.server";
import { afterSignInPath } from "~/domain/admin/sign-in.server";
import { tooManyAttemptsMessage } from "~/domain/admin/login.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { useToast } from "~/components/layout/show-toast";
import { PasskeySignIn } from "~/components/admin/passkey-sign-in";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/label";
import { getFormProps, useZodForm } from "~/components/ui/use-zod-form";
import { landingPath } from "~/lib/admin/roles";
import { signinCodeSchema } from "~/lib/admin/totp";
import { countOf } from "~/lib/util/plural";
import type { Toast } from "~/lib/util/toast";
import { HYDRATE } from "~/lib/platform/page";
import type { Route } from "./+types/login-code";

/** A form page: hydrates (docs/decisions/0012-read-pages-without-a-framework.md). */
export const handle = HYDRATE;

export const meta: Route.MetaFunction = () => [{ title: "Two-factor sign-in" }];

const START_AGAIN: Toast = {
  type: "error",
  title: "Sign in again",
  description: "Your sign-in timed out. Enter your password again.",
};

/** The sign-in's second step: only with a live pending state (the password was right a moment ago). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const admin = await currentAdmin(request, context);
  if (admin) throw redirect(landingPath(admin.role));
  const pending = await pendingSignIn(db, pendingIdFrom(request, context.get(productionContext)));
  if (!pending) throw await redirectWithToast("/admin/login", START_AGAIN);
  return { totpOn: pending.totpOn, hasPasskeys: pending.hasPasskeys };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const production = context.get(productionContext);
  const submission = parseWithZod(await readForm(request, signinCodeSchema), { schema: signinCodeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["code"] }), toast: null }, { status: 400 });
  }
  const clearPending = pendingCookie(request, production, null);
  const outcome = await attemptCode(db, {
    pendingId: pendingIdFrom(request, production),
    code: submission.value.code,
    address: context.get(clientAddressContext),
    userAgent: request.headers.get("User-Agent") ?? "",
    previousSessionId: sessionIdFrom(request, production),
  });
  if (outcome.ok) {
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(request, production, outcome.sessionId));
    headers.append("Set-Cookie", clearPending);
    const description =
      outcome.recoveryCodesLeft === null
        ? "You have successfully logged in."
        : `You used a recovery code: ${countOf(outcome.recoveryCodesLeft, "recovery code")} left. Make new ones on your two-factor page.`;
    return redirectWithToast(
      await afterSignInPath(db, outcome.admin),
      { type: "success", title: "Success", description },
      { headers },
    );
  }
  if (outcome.reason === "expired" || (outcome.reason === "wrong-code" && outcome.attemptsLeft <= 0)) {
    const toast: Toast =
      outcome.reason === "expired"
        ? START_AGAIN
        : { type: "error", title: "Too many wrong codes", description: "Enter your password again to get a new try." };
    return redirectWithToast("/admin/login", toast, { headers: { "Set-Cookie": clearPending } });
  }
  const description =
    outcome.reason === "limited"
      ? tooManyAttemptsMessage(outcome.retryAfterSeconds)
      : `That code is not right (or was used already). ${countOf(outcome.attemptsLeft, "try", "tries")} left.`;
  return data(
    {
      result: submission.reply({ formErrors: [description], hideFields: ["code"] }),
      toast: { type: "error", title: "Authentication Failed", description } satisfies Toast,
    },
    { status: outcome.reason === "limited" ? 429 : 401 },
  );
}

export default function LoginCode({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useZodForm(signinCodeSchema, {
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
  });
  useToast(actionData?.toast);

  return (
    <div className="mx-auto max-w-sm py-6">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">Two-factor sign-in</h1>
          <CardDescription>
            {loaderData.totpOn
              ? "Enter the 6-digit code from your authenticator app."
              : "Your account signs in with a passkey, or with one of your recovery codes."}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <Form method="post" className="space-y-4" {...getFormProps(form)}>
            <InputField
              field={fields.code}
              label={loaderData.totpOn ? "Code" : "Recovery code"}
              autoComplete="one-time-code"
              autoCapitalize="characters"
              spellCheck={false}
              aria-describedby={`${fields.code.errorId} code-hint`}
            />
            <p id="code-hint" className="text-sm text-muted-foreground">
              No phone at hand? Type one of your recovery codes here instead (each works once).
            </p>
            <FieldError id={form.errorId} errors={form.errors} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Checking..." : "Continue"}
            </Button>
          </Form>
          {loaderData.hasPasskeys && <PasskeySignIn label="Use a passkey instead" />}
          <Link to="/admin/login" className={buttonClasses({ variant: "outline" }, "w-full")}>
            Cancel
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

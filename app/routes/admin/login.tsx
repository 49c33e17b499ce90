import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { clientAddressContext, dbContext, productionContext } from "~/context";
import { currentAdmin, demoCredentials, sessionCookie, sessionIdFrom } from "~/domain/admin/auth.server";
import { attemptLogin, tooManyAttemptsMessage } from "~/domain/admin/login.server";
import { pendingCookie } from "~/domain/admin/second-factor.server";
import { afterSignInPath } from "~/domain/admin/sign-in.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { useToast } from "~/components/layout/show-toast";
import { PasskeySignIn } from "~/components/admin/passkey-sign-in";
import type { Toast } from "~/lib/util/toast";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { FieldError } from "~/components/ui/label";
import { loginSchema } from "~/lib/admin/sign-in-schemas";
import { landingPath } from "~/lib/admin/roles";
import type { Route } from "./+types/login";
import { getFormProps, useZodForm } from "~/components/ui/use-zod-form";
import { HYDRATE } from "~/lib/platform/page";
import { useNonce } from "~/components/layout/nonce";
import pendingSubmitScript from "~/pending-submit.js?raw";

/** SPEC's busy label of the login button. */
const LOGGING_IN = "Logging in...";

/** A form page: hydrates (docs/decisions/0012-read-pages-without-a-framework.md). */
export const handle = HYDRATE;

export const meta: Route.MetaFunction = () => [{ title: "Admin Login" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await currentAdmin(request, context);
  if (admin) throw redirect(landingPath(admin.role));
  return { demoHint: await demoCredentials(context.get(dbContext)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const submission = parseWithZod(await readForm(request, loginSchema), { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), toast: null }, { status: 400 });
  }
  const production = context.get(productionContext);
  const outcome = await attemptLogin(db, {
    ...submission.value,
    address: context.get(clientAddressContext),
    userAgent: request.headers.get("User-Agent") ?? "",
    previousSessionId: sessionIdFrom(request, production),
  });
  if (outcome.ok && outcome.secondFactor) {
    return redirect("/admin/login/code", {
      headers: { "Set-Cookie": pendingCookie(request, production, outcome.secondFactor.pendingId) },
    });
  }
  if (outcome.ok) {
    return redirectWithToast(
      await afterSignInPath(db, outcome.admin),
      { type: "success", title: "Success", description: "You have successfully logged in." },
      { headers: { "Set-Cookie": sessionCookie(request, production, outcome.sessionId) } },
    );
  }
  const hint = await demoCredentials(db);
  const description =
    outcome.reason === "limited"
      ? tooManyAttemptsMessage(outcome.retryAfterSeconds)
      : hint
        ? `Invalid username or password. (Use ${hint})`
        : "Invalid username or password.";
  return data(
    {
      result: submission.reply({ formErrors: [description], hideFields: ["password"] }),
      toast: { type: "error", title: "Authentication Failed", description } satisfies Toast,
    },
    { status: outcome.reason === "limited" ? 429 : 401 },
  );
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const nonce = useNonce();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useZodForm(loginSchema, {
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
  });

  useToast(actionData?.toast);

  return (
    <div className="mx-auto max-w-sm py-6">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">Admin Login</h1>
          <CardDescription>Sign in to manage competitors, races and results.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="space-y-4" {...getFormProps(form)}>
            <InputField field={fields.username} label="Username" autoComplete="username" autoCapitalize="none" />
            <InputField field={fields.password} label="Password" type="password" autoComplete="current-password" />
            <FieldError id={form.errorId} errors={form.errors} />
            <Button type="submit" className="w-full" disabled={busy} data-pending-label={LOGGING_IN}>
              {busy ? LOGGING_IN : "Login"}
            </Button>
          </Form>
          {/* The same label before the page's scripts run (app/pending-submit.js); allowed by the response's nonce. */}
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: pendingSubmitScript }} />
          <p className="mt-4 text-center text-sm">
            <Link to="/admin/forgot-password" className="underline underline-offset-4">
              Forgot your password?
            </Link>
          </p>
          <div className="mt-4">
            <PasskeySignIn />
          </div>
          {loaderData.demoHint && (
            <p className="mt-4 rounded-md bg-muted p-3 text-sm text-muted-foreground">
              Demo credentials: <span className="font-mono">{loaderData.demoHint}</span>
            </p>
          )}
          <Link to="/" className={buttonClasses({ variant: "outline" }, "mt-4 w-full")}>
            Back to Homepage
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}

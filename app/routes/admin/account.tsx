import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { configContext, dbContext, productionContext } from "~/context";
import { hashSessionId, requireAdmin, sessionIdFrom } from "~/domain/admin/auth.server";
import { changeEmail, changePassword, type EmailOutcome, type PasswordOutcome } from "~/domain/admin/account.server";
import { adminActor } from "~/domain/platform/audit.server";
import { refused, succeeded } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { EmailForm, PasswordForm } from "~/components/admin/account-forms";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ACCOUNT_MESSAGES, accountFormFields, emailChangeSchema, passwordChangeSchema } from "~/lib/admin/account-schemas";
import { REQUIREMENT_PATHS } from "~/lib/admin/account-rules";
import { ROLE_LABELS } from "~/lib/admin/roles";
import { tryAgainIn } from "~/lib/util/try-again";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "My Account" }];

/** "My account": every admin's own, whatever the role; where an account without an e-mail lands. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return {
    username: admin.username,
    role: ROLE_LABELS[admin.role],
    email: admin.email,
    twoFactor: admin.twoFactor,
    isDemo: admin.isDemo,
    requirement: admin.requirement,
  };
}

/** Why a change was refused: the field it concerns, the message, the status. */
function refusal(outcome: Exclude<EmailOutcome | PasswordOutcome, { kind: "changed" }>): [string | null, string, number] {
  switch (outcome.kind) {
    case "demo":
      return [null, ACCOUNT_MESSAGES.demo, 403];
    case "wrong-password":
      return ["currentPassword", ACCOUNT_MESSAGES.wrongPassword, 400];
    case "limited":
      return ["currentPassword", `Too many wrong passwords. ${tryAgainIn(outcome.retryAfterSeconds)}`, 429];
    case "taken":
      return ["email", ACCOUNT_MESSAGES.emailTaken, 409];
    case "unchanged":
      return ["email", ACCOUNT_MESSAGES.emailUnchanged, 400];
    case "same":
      return ["newPassword", ACCOUNT_MESSAGES.samePassword, 400];
    case "weak":
      return ["newPassword", outcome.message, 400];
  }
}

type Reply = (options?: {
  hideFields?: string[];
  fieldErrors?: Record<string, string[]>;
  formErrors?: string[];
  resetForm?: boolean;
}) => SubmissionResult<string[]>;

const HIDE = ["currentPassword", "newPassword", "confirmPassword"];

/** The page's answer to one of its two forms (`reply`: that submission's Conform reply). */
function answer(form: "email" | "password", reply: Reply, outcome: EmailOutcome | PasswordOutcome | "invalid") {
  const title = form === "email" ? "Address not saved" : "Password not changed";
  if (outcome === "invalid") {
    return refused({ type: "error", title, description: "Please correct the marked fields." }, 400, {
      form,
      result: reply({ hideFields: HIDE }),
    });
  }
  if (outcome.kind !== "changed") {
    const [field, message, status] = refusal(outcome);
    const errors = field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
    return refused({ type: "error", title, description: message }, status, {
      form,
      result: reply({ hideFields: HIDE, ...errors }),
    });
  }
  const toast =
    form === "email"
      ? ({ type: "success", title: "Address saved", description: "Password reset links now go to this address." } as const)
      : ({ type: "success", title: "Password changed", description: "Your other sessions have ended." } as const);
  return succeeded(toast, { form, result: reply({ resetForm: true }) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const db = context.get(dbContext);
  const { clubName, clubEmail } = context.get(configContext);
  const club = { clubName, clubEmail };
  const actor = adminActor(admin, context);
  const formData = await readForm(request, accountFormFields);
  if (formData.get("intent") === "password") {
    const submission = parseWithZod(formData, { schema: passwordChangeSchema });
    if (submission.status !== "success") return answer("password", (o) => submission.reply(o), "invalid");
    const current = sessionIdFrom(request, context.get(productionContext));
    const outcome = await changePassword(db, admin, submission.value, {
      actor,
      club,
      keepSessionHash: current ? hashSessionId(current) : null,
    });
    return answer("password", (o) => submission.reply(o), outcome);
  }
  const submission = parseWithZod(formData, { schema: emailChangeSchema });
  if (submission.status !== "success") return answer("email", (o) => submission.reply(o), "invalid");
  return answer("email", (o) => submission.reply(o), await changeEmail(db, admin, submission.value, { actor, club }));
}

export default function MyAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { username, role, email, twoFactor, isDemo, requirement } = loaderData;
  useToast(actionData?.toast);
  const resultFor = (form: string) => (actionData?.form === form ? actionData.result : undefined);
  return (
    <div className="space-y-4">
      {requirement === "email" && (
        <p role="status" className="rounded-md border border-primary bg-muted p-3 text-sm font-medium">
          {ACCOUNT_MESSAGES.addEmail}
        </p>
      )}
      {requirement === "two-factor" && (
        <p role="status" className="rounded-md border border-primary bg-muted p-3 text-sm font-medium">
          Your account needs two-factor sign-in before the admin area opens.{" "}
          <Link to={REQUIREMENT_PATHS["two-factor"]} className="underline">
            Set it up
          </Link>
          .
        </p>
      )}
      <Card>
        <CardHeader>
          <CardTitle>My Account</CardTitle>
          <CardDescription>Your sign-in details. Only you can change them.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted-foreground">Username</dt>
            <dd className="break-all">{username}</dd>
            <dt className="text-muted-foreground">Role</dt>
            <dd>{role}</dd>
            <dt className="text-muted-foreground">Two-factor sign-in</dt>
            <dd>{twoFactor ? "On" : "Off"}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Link to="/admin/account/two-factor" className={buttonClasses({ variant: "outline", size: "sm" })}>
              Two-factor sign-in
            </Link>
            <Link to="/admin/sessions" className={buttonClasses({ variant: "outline", size: "sm" })}>
              My sessions
            </Link>
          </div>
        </CardContent>
      </Card>
      {isDemo ? (
        <p className="rounded-md bg-muted p-3 text-sm text-muted-foreground">{ACCOUNT_MESSAGES.demo}</p>
      ) : (
        <>
          <EmailForm email={email} lastResult={resultFor("email")} />
          <PasswordForm lastResult={resultFor("password")} />
        </>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load your account" description="An error occurred while loading your account" />;
}

/**
 * An invitation's link (issue 23 item 2): the invited person sees their e-mail and role and
 * chooses a username and password; that creates their admin account, spends the link and signs
 * them in, to set up two-factor sign-in next. A GET never spends the link (mail scanners open links).
 */
import { PASSWORD_HINT } from "~/lib/admin/password-rules";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import { clientAddressContext, configContext, dbContext, productionContext } from "~/context";
import { checkPasswordStrength, hashPassword, sessionCookie, sessionIdFrom } from "~/domain/admin/auth.server";
import { acceptInvitation, viewInvitation } from "~/domain/admin/invitations.server";
import { countPublicPost } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { useToast } from "~/components/layout/show-toast";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { InputField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { FieldError } from "~/components/ui/label";
import { getFormProps, useZodForm } from "~/components/ui/use-zod-form";
import { ADMINS_MESSAGES, acceptInvitationSchema, INVITATION_PAGE, invitationEndedToast } from "~/lib/admin/admins";
import { REQUIREMENT_PATHS } from "~/lib/admin/account-rules";
import { ROLE_LABELS } from "~/lib/admin/roles";
import { tooManyRequestsToast } from "~/lib/registration/registration";
import { HYDRATE } from "~/lib/platform/page";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/invitation";

/** A form page: hydrates (docs/decisions/0012-read-pages-without-a-framework.md). */
export const handle = HYDRATE;

// The address holds a live token: no cache, no search engine, and no Referer header carrying it to another site.
export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "no-referrer",
});

export const meta: Route.MetaFunction = () => [
  { title: INVITATION_PAGE.title },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

const invalid = () => data({ invitation: null, refusal: INVITATION_PAGE.invalid }, { status: 404 });

export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await viewInvitation(context.get(dbContext), params.token);
  if (!invitation) return invalid();
  // Ended with its sender's removal or demotion: says so, and why (410: it will not come back).
  if (invitation.status === "ended") {
    return data({ invitation: null, refusal: invitationEndedToast(invitation.reason) }, { status: 410 });
  }
  return { invitation: { email: invitation.email, role: ROLE_LABELS[invitation.role] }, refusal: null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const address = context.get(clientAddressContext);
  const limit = await countPublicPost(db, "admin-invitation", address);
  if (!limit.allowed) {
    const toast = tooManyRequestsToast(limit.retryAfterSeconds);
    return data({ result: undefined, toast }, { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } });
  }
  const submission = parseWithZod(await readForm(request, acceptInvitationSchema), { schema: acceptInvitationSchema });
  const hide = ["password", "confirmPassword"];
  const refuse = (toast: Toast, status: number, fieldErrors?: Record<string, string[]>) =>
    data({ result: submission.reply({ hideFields: hide, ...(fieldErrors ? { fieldErrors } : {}) }), toast }, { status });
  if (submission.status !== "success") {
    return refuse({ type: "error", title: "Account not created", description: "Please correct the marked fields." }, 400);
  }
  const { username, password } = submission.value;
  const weak = checkPasswordStrength(password, { username, clubName: context.get(configContext).clubName });
  if (weak) return refuse({ type: "error", title: "Account not created", description: weak }, 400, { password: [weak] });
  // The expensive hash only for a link that works.
  const invitation = await viewInvitation(db, params.token);
  if (!invitation) return refuse(INVITATION_PAGE.invalid, 404);
  if (invitation.status === "ended") return refuse(invitationEndedToast(invitation.reason), 410);
  const production = context.get(productionContext);
  const outcome = await acceptInvitation(
    db,
    params.token,
    { username, passwordHash: await hashPassword(password) },
    { address, userAgent: request.headers.get("User-Agent") ?? "", previousSessionId: sessionIdFrom(request, production) },
  );
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "username-taken":
        return refuse({ type: "error", title: "Account not created", description: ADMINS_MESSAGES.usernameTaken }, 409, {
          username: [ADMINS_MESSAGES.usernameTaken],
        });
      case "email-taken":
        return refuse({ type: "error", title: "Account not created", description: ADMINS_MESSAGES.emailTaken }, 409);
      case "ended":
        return refuse(invitationEndedToast(outcome.ended), 410);
      default:
        return refuse(INVITATION_PAGE.invalid, 404);
    }
  }
  return redirectWithToast(
    REQUIREMENT_PATHS["two-factor"],
    { type: "success", title: "Welcome", description: "Your admin account is ready. Now set up two-factor sign-in." },
    { headers: { "Set-Cookie": sessionCookie(request, production, outcome.sessionId) } },
  );
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [form, fields] = useZodForm(acceptInvitationSchema, {
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
  });
  useToast(actionData?.toast);
  const { invitation, refusal } = loaderData;
  return (
    <div className="mx-auto max-w-sm py-6">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold">{INVITATION_PAGE.title}</h1>
          {invitation && (
            <CardDescription>
              You are invited as <strong>{invitation.role}</strong> with the e-mail address{" "}
              <strong className="break-all">{invitation.email}</strong>. Choose your username (3 to 32 characters: lowercase
              letters a-z and digits, with . _ or - between them) and password.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          {!invitation ? (
            <FormAlert toast={refusal ?? INVITATION_PAGE.invalid} />
          ) : (
            <Form method="post" className="space-y-4" {...getFormProps(form)}>
              <InputField
                field={fields.username}
                label="Username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
              />
              <InputField
                field={fields.password}
                label="Password"
                hint={PASSWORD_HINT}
                type="password"
                autoComplete="new-password"
              />
              <InputField field={fields.confirmPassword} label="Password again" type="password" autoComplete="new-password" />
              <FieldError id={form.errorId} errors={form.errors} />
              <Button type="submit" className="w-full" disabled={busy}>
                {busy ? "Creating account..." : "Create my admin account"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

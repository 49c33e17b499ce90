import { parseWithZod } from "@conform-to/zod/v4";
import { configContext, dbContext, loggerContext, productionContext } from "~/context";
import { requireAdmin, sessionCookie } from "~/domain/admin/auth.server";
import {
  changeRole,
  endAdminSessions,
  listAdmins,
  listInvitations,
  removeAdmin,
  setRequireTwoFactor,
} from "~/domain/admin/admins.server";
import { inviteAdmin, revokeInvitation } from "~/domain/admin/invitations.server";
import { readSetting } from "~/domain/admin/club-settings.server";
import { adminActor } from "~/domain/platform/audit.server";
import { attempt, refused, succeeded } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { AdminsList } from "~/components/admin/admins-list";
import { InvitationLink, InviteForm, PendingInvitations, TwoFactorSettingForm } from "~/components/admin/admin-invitations";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { FormAlert } from "~/components/ui/form-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  ADMINS_FORM_SCHEMAS,
  ADMINS_MESSAGES,
  adminsFormFields,
  invitationEndedLine,
  isAdminsIntent,
  INVITATION_HOURS,
  twoFactorLabel,
} from "~/lib/admin/admins";
import { landingPath, mayUse } from "~/lib/admin/roles";
import { NO_MAIL } from "~/lib/platform/mail-setup";
import { formatClubDateTime } from "~/lib/util/dates";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/admins";

export const meta: Route.MetaFunction = () => [{ title: "Admins" }];

const HERE = "/admin/admins";

/** Owners only (app/lib/admin/roles.ts, area "admins"): the club's admins, invitations and its two-factor setting. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context, "admins");
  const db = context.get(dbContext);
  const { timeZone } = context.get(configContext);
  const when = (instant: Date) => {
    const { date, time } = formatClubDateTime(instant, timeZone);
    return `${date} ${time}`;
  };
  const [admins, invitations, requireTwoFactor] = await Promise.all([
    listAdmins(db),
    listInvitations(db),
    readSetting(db, "security.require_two_factor"),
  ]);
  return {
    admins: admins.map((a) => ({
      ...a,
      twoFactor: twoFactorLabel(a.twoFactor),
      lastSignIn: a.lastSignInAt ? when(a.lastSignInAt) : "Never",
      lastSignInAt: undefined,
      isMe: a.id === me.id,
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expires: when(i.expiresAt),
      ended: i.endedReason && invitationEndedLine(i.endedReason),
    })),
    requireTwoFactor,
  };
}

// eslint-disable-next-line max-lines-per-function -- one short branch per intent of the screen's forms, each checked for the role first
export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(request, context, "admins");
  const actor = adminActor(me, context);
  const db = context.get(dbContext);
  const log = context.get(loggerContext);
  const formData = await readForm(request, adminsFormFields);
  const intent = formData.get("intent");
  if (!isAdminsIntent(intent)) {
    const toast = { type: "error", title: "Nothing was changed", description: "This form is not one of this page's." } as const;
    return refused(toast, 400, { intent: null, result: undefined });
  }
  const submission = parseWithZod(formData, { schema: ADMINS_FORM_SCHEMAS[intent] });
  const fail = (title: string, description: string, status: number) =>
    refused({ type: "error", title, description } satisfies Toast, status, { intent, result: submission.reply() });
  if (submission.status !== "success") return fail("Nothing was changed", "Please correct the marked fields.", 400);
  const done = (title: string, description?: string) => redirectWithToast(HERE, { type: "success", title, description });
  const failed = () => fail("Nothing was changed", "An error occurred. Please try again.", 500);
  const value = submission.value;

  switch (value.intent) {
    case "invite": {
      const { clubName, clubEmail, siteUrl, mailServer } = context.get(configContext);
      const outcome = await attempt(log, "admin invitation", () =>
        inviteAdmin(db, value, actor, { clubName, clubEmail, siteUrl }),
      );
      if (!outcome) return failed();
      if (!outcome.ok && outcome.reason === "may-not-invite") {
        return fail("Invitation not sent", ADMINS_MESSAGES.mayNotInvite, 403);
      }
      if (!outcome.ok) {
        const result = submission.reply({ fieldErrors: { email: [ADMINS_MESSAGES.emailTaken] } });
        return refused({ type: "error", title: "Invitation not sent", description: ADMINS_MESSAGES.emailTaken }, 409, {
          intent,
          result,
        });
      }
      if (mailServer) {
        return done("Invitation sent", `An e-mail with a link for ${value.email} is on its way. The link works for 72 hours.`);
      }
      // Nothing leaves the site: the link, once, to the owner who made it (the answer to their POST, never stored).
      return succeeded(
        { type: "success", title: NO_MAIL.invitationTitle, description: NO_MAIL.invitation(value.email, INVITATION_HOURS) },
        { intent, result: submission.reply({ resetForm: true }), invitationLink: outcome.link },
      );
    }
    case "revoke": {
      const outcome = await attempt(log, "invitation revoke", () => revokeInvitation(db, value.invitation, actor));
      if (outcome === null) return failed();
      if (!outcome) return fail("Invitation not revoked", ADMINS_MESSAGES.invitationGone, 404);
      return done("Invitation revoked", "Its link no longer works.");
    }
    case "role":
    case "remove": {
      const outcome = await attempt(log, `admin ${value.intent}`, () =>
        value.intent === "role" ? changeRole(db, value.id, value.role, actor) : removeAdmin(db, value.id, actor),
      );
      if (!outcome) return failed();
      const title = value.intent === "role" ? "Role not changed" : "Admin not removed";
      if (!outcome.ok) {
        return outcome.reason === "last-owner"
          ? fail(title, ADMINS_MESSAGES.lastOwner, 409)
          : fail(title, ADMINS_MESSAGES.notFound, 404);
      }
      if (outcome.signedOut) {
        const headers = { "Set-Cookie": sessionCookie(request, context.get(productionContext), null) };
        return redirectWithToast("/admin/login", { type: "success", title: "Your admin account was removed" }, { headers });
      }
      if (value.intent === "remove") return done("Admin removed", "They are signed out everywhere.");
      // An owner who made themselves a results officer may no longer use this page.
      const next = value.id === me.id && !mayUse(value.role, "admins") ? landingPath(value.role) : HERE;
      return redirectWithToast(next, { type: "success", title: "Role changed", description: "It applies from their next page." });
    }
    case "end-sessions": {
      const ended = await attempt(log, "admin sessions end", () => endAdminSessions(db, value.id, actor));
      if (ended === null) return fail("Sessions not ended", ADMINS_MESSAGES.notFound, 404);
      if (value.id === me.id) {
        const headers = { "Set-Cookie": sessionCookie(request, context.get(productionContext), null) };
        return redirectWithToast("/admin/login", { type: "success", title: "All your sessions were ended" }, { headers });
      }
      return done("Sessions ended", ended === 1 ? "1 session was ended." : `${ended} sessions were ended.`);
    }
    case "two-factor": {
      const on = value.requireTwoFactor === true;
      const changed = await attempt(log, "two-factor setting", () => setRequireTwoFactor(db, on, actor));
      if (changed === null) return failed();
      return done(
        "Setting saved",
        on ? "Every admin now signs in with two factors." : "Only owners must sign in with two factors.",
      );
    }
  }
}

export default function Admins({ loaderData, actionData }: Route.ComponentProps) {
  const { admins, invitations, requireTwoFactor } = loaderData;
  useToast(actionData?.toast);
  const inviteFailure = actionData?.intent === "invite" && !actionData.ok ? actionData : undefined;
  const invitationLink = actionData && "invitationLink" in actionData ? actionData.invitationLink : null;
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>Admins</CardTitle>
          <CardDescription>
            Everyone who can sign in to the admin area. Owners can do everything; results officers look after races, entries,
            heats, results and seasons.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {actionData && actionData.intent !== "invite" && !actionData.ok && <FormAlert toast={actionData.toast} />}
          <AdminsList admins={admins} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Invite an admin</CardTitle>
          <CardDescription>
            They receive a link for 72 hours to choose a username and password, then set up two-factor sign-in.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {invitationLink && actionData?.ok && <InvitationLink link={invitationLink} toast={actionData.toast} />}
          <InviteForm
            lastResult={actionData?.intent === "invite" ? actionData.result : undefined}
            failure={inviteFailure?.toast}
          />
          <section aria-labelledby="pending-invitations" className="space-y-2">
            <h3 id="pending-invitations" className="font-semibold">
              Pending invitations
            </h3>
            <PendingInvitations invitations={invitations} />
          </section>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Two-factor sign-in</CardTitle>
        </CardHeader>
        <CardContent>
          <TwoFactorSettingForm required={requireTwoFactor} />
        </CardContent>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the admins" description="An error occurred while loading the admins" />;
}

import { data, Form, useNavigation } from "react-router";
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { addPasskey, removePasskey } from "~/domain/admin/passkeys.server";
import { markReauthenticated, reauthenticate, recentlyReauthenticated } from "~/domain/admin/reauth.server";
import { confirmCurrentPassword, currentPasswordRefusal } from "~/domain/admin/account.server";
import {
  confirmTotpSetup,
  disableTotp,
  pendingTotpSecret,
  regenerateRecoveryCodes,
  startTotpSetup,
  twoFactorStatus,
} from "~/domain/admin/two-factor.server";
import { refused, succeeded } from "~/domain/platform/answer.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import {
  ConfirmIdentity,
  PasskeysSection,
  RecoveryCodes,
  TotpOn,
  TotpSetup,
  type TotpSetupView,
} from "~/components/admin/two-factor";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { formatRecoveryCode, groupSecret, qrPath, totpUri, twoFactorFields, twoFactorSchema } from "~/lib/admin/totp";
import { formatClubDateTime } from "~/lib/util/dates";
import { tryAgainIn } from "~/lib/util/try-again";
import { countOf } from "~/lib/util/plural";
import type { Toast } from "~/lib/util/toast";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [{ title: "Two-factor sign-in" }];

/** Every admin's own two-factor page; account-rules sends an account that must have two factors here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { timeZone } = context.get(configContext);
  const status = await twoFactorStatus(context.get(dbContext), admin);
  const when = (d: Date | null) => (d ? Object.values(formatClubDateTime(d, timeZone)).join(" ") : "never");
  return {
    isDemo: admin.isDemo,
    mustSetUp:
      admin.requirement === "two-factor"
        ? admin.role === "owner"
          ? "Owners must sign in with two factors."
          : "The club requires every admin to sign in with two factors."
        : null,
    totpOn: status.totpOn,
    // Until when this session may change factors (issue 31 item 2); null: it must confirm first.
    reauthUntil: admin.session.reauthUntil ? formatClubDateTime(admin.session.reauthUntil, timeZone).time : null,
    recoveryCodesLeft: status.recoveryCodesLeft,
    required: status.required,
    passkeys: status.passkeys.map((p) => ({
      id: p.id,
      name: p.name || "Passkey",
      added: when(p.createdAt),
      lastUsed: when(p.lastUsedAt),
    })),
  };
}

function setupView(setupId: string, secret: string, username: string, clubName: string): TotpSetupView {
  return { setupId, secretGroups: groupSecret(secret), qr: qrPath(totpUri(clubName, username, secret)) };
}

const WRONG_CODE: Toast = {
  type: "error",
  title: "Wrong code",
  description: "That code is not right, or was used already. Wait for the next one.",
};

/** A factor change from a session that has not proved it is its admin's lately: nothing changes. */
const CONFIRM_FIRST: Toast = {
  type: "error",
  title: "Confirm it's you first",
  description: "Enter your password, a code from your app, or use a passkey; then make the change within 10 minutes.",
};

const tooManyCodes = (retryAfterSeconds: number): Toast => ({
  type: "error",
  title: "Too many wrong codes",
  description: `Too many wrong codes for your account. ${tryAgainIn(retryAfterSeconds)}`,
});

/** What changes a sign-in factor or the recovery codes: each needs a recent re-authentication (ASVS 7.5.1). */
const NEEDS_RECENT_REAUTH = new Set(["totp-start", "recovery-regenerate", "totp-disable"]);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const db = context.get(dbContext);
  const { clubName, siteUrl } = context.get(configContext);
  const actor = { ...adminActor(admin, context), adminId: admin.id };
  const parsed = twoFactorSchema.safeParse(Object.fromEntries(await readForm(request, twoFactorFields)));
  if (!parsed.success) {
    const description = parsed.error.issues[0]?.message ?? "Check the form.";
    return refused({ type: "error", title: "Nothing was changed", description }, 400);
  }
  if (admin.isDemo) {
    return refused(
      {
        type: "error",
        title: "Not for the demo admin",
        description: "Everyone shares the demo admin: it cannot have two-factor sign-in.",
      },
      403,
    );
  }
  const form = parsed.data;
  if (NEEDS_RECENT_REAUTH.has(form.intent) && !recentlyReauthenticated(admin)) return refused(CONFIRM_FIRST, 403);
  switch (form.intent) {
    case "reauth-password":
    case "reauth-code":
    case "reauth-passkey": {
      const proof =
        form.intent === "reauth-password"
          ? ({ method: "password", password: form.currentPassword } as const)
          : form.intent === "reauth-code"
            ? ({ method: "code", code: form.code } as const)
            : ({ method: "passkey", response: form.response, party: { siteUrl, clubName } } as const);
      const outcome = await reauthenticate(db, admin, actor, proof);
      if (outcome.ok)
        return succeeded({
          type: "success",
          title: "Confirmed",
          description: "You can change your sign-in for the next 10 minutes.",
        });
      if (outcome.reason === "limited")
        return refused(
          proof.method === "code"
            ? tooManyCodes(outcome.retryAfterSeconds)
            : {
                type: "error",
                title: "Not confirmed",
                description: `Too many wrong passwords. ${tryAgainIn(outcome.retryAfterSeconds)}`,
              },
          429,
        );
      const description =
        proof.method === "password"
          ? "Your password is not right."
          : proof.method === "code"
            ? WRONG_CODE.description
            : "The passkey's answer could not be checked. Try again.";
      return refused({ type: "error", title: "Not confirmed", description }, 400);
    }
    case "totp-start": {
      const { setupId, secret } = await startTotpSetup(db, admin.id);
      return data({ ok: true as const, toast: null, setup: setupView(setupId, secret, admin.username, clubName) });
    }
    case "totp-confirm": {
      const outcome = await confirmTotpSetup(db, actor, form.setupId, form.code);
      if (outcome.ok) {
        return succeeded(
          { type: "success", title: "Two-factor sign-in is on", description: "Save your recovery codes now." },
          { recoveryCodes: outcome.recoveryCodes.map(formatRecoveryCode) },
        );
      }
      const secret = outcome.reason === "wrong-code" ? await pendingTotpSecret(db, admin.id, form.setupId) : null;
      if (!secret)
        return refused(
          { type: "error", title: "Set-up timed out", description: "Start the set-up again: the QR code lasts 10 minutes." },
          410,
        );
      return refused(WRONG_CODE, 400, { setup: setupView(form.setupId, secret, admin.username, clubName) });
    }
    case "recovery-regenerate": {
      const outcome = await regenerateRecoveryCodes(db, actor, form.code);
      if (!outcome.ok && outcome.reason === "limited") return refused(tooManyCodes(outcome.retryAfterSeconds), 429);
      if (!outcome.ok && outcome.reason === "off")
        return refused({ type: "error", title: "Already off", description: "Your authenticator app is not set up." }, 409);
      if (!outcome.ok) return refused(WRONG_CODE, 400);
      return succeeded(
        { type: "success", title: "New recovery codes", description: "The old ones no longer work. Save these now." },
        { recoveryCodes: outcome.value.map(formatRecoveryCode) },
      );
    }
    case "totp-disable": {
      const outcome = await disableTotp(db, actor, admin.role, form.code);
      if (outcome.ok)
        return succeeded({
          type: "success",
          title: "Authenticator app removed",
          description: "Codes from it no longer sign you in.",
        });
      if (outcome.reason === "required") {
        return refused(
          {
            type: "error",
            title: "Two factors required",
            description: "Your account must keep a second factor: add a passkey first.",
          },
          409,
        );
      }
      if (outcome.reason === "limited") return refused(tooManyCodes(outcome.retryAfterSeconds), 429);
      return outcome.reason === "off"
        ? refused({ type: "error", title: "Already off", description: "Your authenticator app is not set up." }, 409)
        : refused(WRONG_CODE, 400);
    }
    case "passkey-add": {
      if (!form.response) {
        return refused(
          {
            type: "error",
            title: "Passkey not added",
            description: "Adding a passkey needs JavaScript: your device asks for it.",
          },
          400,
        );
      }
      const outcome = await addPasskey(db, actor, { siteUrl, clubName }, form.name, form.response);
      if (outcome.ok)
        return succeeded({ type: "success", title: "Passkey added", description: `"${form.name}" signs you in now.` });
      const description =
        outcome.reason === "duplicate"
          ? "That passkey is already on your account."
          : "The passkey's answer could not be checked. Try again.";
      return refused({ type: "error", title: "Passkey not added", description }, 400);
    }
    case "passkey-remove": {
      // The form's own current password, or a recent re-authentication.
      if (form.currentPassword !== undefined) {
        const refusal = await confirmCurrentPassword(db, admin, form.currentPassword);
        if (refusal) {
          const { status, description } = currentPasswordRefusal(refusal);
          return refused({ type: "error", title: "Passkey not removed", description }, status);
        }
        await markReauthenticated(db, admin);
      } else if (!recentlyReauthenticated(admin)) {
        return refused(CONFIRM_FIRST, 403);
      }
      const outcome = await removePasskey(db, actor, admin.role, form.id);
      if (outcome.ok)
        return succeeded({ type: "success", title: "Passkey removed", description: `"${outcome.name}" no longer signs you in.` });
      if (outcome.reason === "required") {
        return refused(
          {
            type: "error",
            title: "Two factors required",
            description: "This is your last second factor: set up an authenticator app or another passkey first.",
          },
          409,
        );
      }
      return refused({ type: "error", title: "Passkey not removed", description: "That passkey is already gone." }, 404);
    }
  }
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  useToast(actionData?.toast);
  const setup = actionData && "setup" in actionData ? actionData.setup : null;
  const codes = actionData && "recoveryCodes" in actionData ? (actionData.recoveryCodes as string[]) : null;
  const d = loaderData;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Two-factor sign-in</CardTitle>
        <CardDescription>
          A code from an authenticator app, or a passkey, besides your password: a stolen password alone no longer signs anyone
          in.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {d.mustSetUp && (
          <p role="alert" className="rounded-md border border-destructive px-4 py-3 text-sm text-destructive">
            {`${d.mustSetUp} Set it up to continue.`}
          </p>
        )}
        {actionData && !actionData.ok && <FormAlert toast={actionData.toast} />}
        {codes && <RecoveryCodes codes={codes} />}
        {d.isDemo ? (
          <p className="text-sm text-muted-foreground">Everyone shares the demo admin: it cannot have two-factor sign-in.</p>
        ) : !d.reauthUntil ? (
          <>
            <ConfirmIdentity totpOn={d.totpOn} hasPasskeys={d.passkeys.length > 0} busy={busy} />
            <section aria-labelledby="app-heading" className="space-y-2">
              <h2 id="app-heading" className="text-lg font-semibold">
                Authenticator app
              </h2>
              <p className="text-sm">{d.totpOn ? `On. ${countOf(d.recoveryCodesLeft, "unused recovery code")}.` : "Off."}</p>
            </section>
            <PasskeysSection passkeys={d.passkeys} busy={busy} canChange={false} />
          </>
        ) : (
          <>
            <p role="status" className="text-sm text-muted-foreground">
              {`Confirmed: you can change your sign-in until ${d.reauthUntil}.`}
            </p>
            <section aria-labelledby="app-heading" className="space-y-3">
              <h2 id="app-heading" className="text-lg font-semibold">
                Authenticator app
              </h2>
              {setup ? (
                <TotpSetup setup={setup} busy={busy} />
              ) : d.totpOn ? (
                <TotpOn
                  recoveryCodesLeft={d.recoveryCodesLeft}
                  needsPasskeyFirst={d.required && d.passkeys.length === 0}
                  busy={busy}
                />
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="totp-start" />
                  <Button type="submit" disabled={busy}>
                    Set up an authenticator app
                  </Button>
                </Form>
              )}
            </section>
            <PasskeysSection passkeys={d.passkeys} busy={busy} canChange />
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return (
    <RouteError
      message="Failed to load two-factor sign-in"
      description="An error occurred while loading your two-factor settings"
    />
  );
}

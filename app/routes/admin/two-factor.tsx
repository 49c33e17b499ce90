import { data, useNavigation } from "react-router";
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { addPasskey, removePasskey } from "~/domain/admin/passkeys.server";
import {
  markReauthenticated,
  reauthenticate,
  reauthProof,
  reauthUntil,
  recentlyReauthenticated,
} from "~/domain/admin/reauth.server";
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
import { RecoveryCodes } from "~/components/admin/recovery-codes";
import type { TotpSetupView } from "~/components/admin/two-factor";
import { TwoFactorControls } from "~/components/admin/two-factor-controls";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { formatRecoveryCode, groupSecret, qrPath, totpUri, twoFactorFields, twoFactorSchema } from "~/lib/admin/totp";
import { formatClubDateTime } from "~/lib/util/dates";
import * as say from "~/lib/admin/two-factor-messages";
import type { Route } from "./+types/two-factor";

export const meta: Route.MetaFunction = () => [{ title: "Two-factor sign-in" }];

/** Every admin's own two-factor page; account-rules sends an account that must have two factors here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const { timeZone } = context.get(configContext);
  const db = context.get(dbContext);
  const status = await twoFactorStatus(db, admin);
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
    reauthUntil: await reauthUntil(db, admin).then((until) => (until ? formatClubDateTime(until, timeZone).time : null)),
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
  const uri = totpUri(clubName, username, secret);
  return { setupId, secretGroups: groupSecret(secret), uri, qr: qrPath(uri) };
}

// eslint-disable-next-line max-lines-per-function -- one short branch per intent of the screen's forms (set up, confirm, remove, codes, passkeys), each re-authenticated first
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
  if (say.NEEDS_RECENT_REAUTH.has(form.intent) && !recentlyReauthenticated(admin)) return refused(say.CONFIRM_FIRST, 403);
  switch (form.intent) {
    case "reauth-password":
    case "reauth-code":
    case "reauth-passkey": {
      const proof = reauthProof(form, { siteUrl, clubName });
      const outcome = await reauthenticate(db, admin, actor, proof);
      if (outcome.ok) return succeeded(say.CONFIRMED);
      const { toast, status } = say.reauthRefusal(proof.method, outcome);
      return refused(toast, status);
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
      return refused(say.WRONG_CODE, 400, { setup: setupView(form.setupId, secret, admin.username, clubName) });
    }
    case "recovery-regenerate": {
      const outcome = await regenerateRecoveryCodes(db, actor, form.code);
      if (!outcome.ok && outcome.reason === "limited") return refused(say.tooManyCodes(outcome.retryAfterSeconds), 429);
      if (!outcome.ok && outcome.reason === "off") return refused(say.ALREADY_OFF, 409);
      if (!outcome.ok) return refused(say.WRONG_CODE, 400);
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
      if (outcome.reason === "limited") return refused(say.tooManyCodes(outcome.retryAfterSeconds), 429);
      return outcome.reason === "off" ? refused(say.ALREADY_OFF, 409) : refused(say.WRONG_CODE, 400);
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
        return refused(say.CONFIRM_FIRST, 403);
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
        {/* Until the admin says the once-only codes are saved, nothing else: no button to press instead. */}
        {codes ? (
          <RecoveryCodes codes={codes} action="/admin/account/two-factor" />
        ) : d.isDemo ? (
          <p className="text-sm text-muted-foreground">Everyone shares the demo admin: it cannot have two-factor sign-in.</p>
        ) : (
          <TwoFactorControls state={d} setup={setup} busy={busy} />
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

/** The two-factor page's controls: "Confirm it's you" first, then the app and passkeys (issue 31 item 2). */
import { Form } from "react-router";
import {
  ConfirmIdentity,
  PasskeysSection,
  TotpOn,
  TotpSetup,
  type PasskeyView,
  type TotpSetupView,
} from "~/components/admin/two-factor";
import { Button } from "~/components/ui/button";
import { countOf } from "~/lib/util/plural";

export interface TwoFactorState {
  totpOn: boolean;
  recoveryCodesLeft: number;
  required: boolean;
  passkeys: PasskeyView[];
  /** Until when (club time) this session may change factors; null: it must confirm first. */
  reauthUntil: string | null;
}

export function TwoFactorControls({
  state: d,
  setup,
  busy,
}: {
  state: TwoFactorState;
  setup: TotpSetupView | null;
  busy: boolean;
}) {
  if (!d.reauthUntil) {
    return (
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
    );
  }
  return (
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
          <TotpOn recoveryCodesLeft={d.recoveryCodesLeft} needsPasskeyFirst={d.required && d.passkeys.length === 0} busy={busy} />
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
  );
}

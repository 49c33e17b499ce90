/** The two-factor page's parts: the authenticator set-up, passkeys, "Confirm it's you". */
import { useRef, useState } from "react";
import { Form } from "react-router";
import { Button, buttonClasses } from "~/components/ui/button";
import { CopyButton } from "~/components/ui/copy-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ceremonyMessage, runPasskeyCeremony } from "~/components/admin/passkey-ceremony";
import { PASSKEY_NAME_MAX } from "~/lib/admin/totp";
import { countOf } from "~/lib/util/plural";

/** A 6-digit code field with its label, for the forms that need a current code. */
export function CodeInput({ id, label = "6-digit code from your app" }: { id: string; label?: string }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        maxLength={7}
        required
        className="max-w-40"
      />
    </div>
  );
}

export interface TotpSetupView {
  setupId: string;
  secretGroups: string;
  /** The otpauth:// address the QR code holds: on the phone itself, a link opens the app with it. */
  uri: string;
  qr: { size: number; path: string };
}

/**
 * The set-up, for a phone as much as a computer: a link that opens the authenticator app on this
 * device, the QR code for a second one, the key to copy or type, then the first code.
 */
export function TotpSetup({ setup, busy }: { setup: TotpSetupView; busy: boolean }) {
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>
          On this phone: tap &quot;Open in authenticator app&quot; (Google Authenticator, Microsoft Authenticator, 1Password,
          ...). On a computer: scan the QR code with your phone&apos;s app.
        </li>
        <li>Or copy the key below into the app.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <a href={setup.uri} className={buttonClasses()}>
        Open in authenticator app
      </a>
      <svg
        viewBox={`0 0 ${setup.qr.size} ${setup.qr.size}`}
        className="h-40 w-40 rounded-md border sm:h-52 sm:w-52"
        role="img"
        aria-label="QR code for your authenticator app"
        shapeRendering="crispEdges"
      >
        <rect width={setup.qr.size} height={setup.qr.size} fill="#ffffff" />
        <path d={setup.qr.path} fill="#000000" />
      </svg>
      <div className="space-y-2">
        <p className="text-sm">
          Key for typing in:{" "}
          <code className="font-mono break-all" data-testid="totp-secret">
            {setup.secretGroups}
          </code>
        </p>
        <CopyButton text={setup.secretGroups.replace(/ /g, "")} label="Copy the key" />
      </div>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="totp-confirm" />
        <input type="hidden" name="setupId" value={setup.setupId} />
        <CodeInput id="setup-code" />
        <Button type="submit" disabled={busy}>
          Turn on
        </Button>
      </Form>
    </div>
  );
}

/**
 * "Add a passkey": a name, then the device's own prompt. A plain form post carries the
 * authenticator's answer; without JavaScript the server answers that passkeys need it.
 */
export function PasskeyAdd({ busy }: { busy: boolean }) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const response = useRef<HTMLInputElement>(null);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (response.current!.value) return;
    event.preventDefault();
    if (!form.current!.reportValidity()) return;
    setWaiting(true);
    setError(null);
    try {
      // The options are issued only to a session that proved it is its admin's lately.
      response.current!.value = await runPasskeyCeremony("register", "/admin/account/passkey-options", { purpose: "add" });
      form.current!.submit();
    } catch (e) {
      setError(ceremonyMessage(e));
      setWaiting(false);
    }
  }

  return (
    <form ref={form} method="post" className="space-y-3" onSubmit={(e) => void onSubmit(e)}>
      <input type="hidden" name="intent" value="passkey-add" />
      <input ref={response} type="hidden" name="response" defaultValue="" />
      <div className="space-y-2">
        <Label htmlFor="passkey-name">Passkey name</Label>
        <Input
          id="passkey-name"
          name="name"
          required
          maxLength={PASSKEY_NAME_MAX}
          placeholder="e.g. My phone"
          className="max-w-72"
        />
      </div>
      <Button type="submit" disabled={busy || waiting}>
        {waiting ? "Waiting for the passkey..." : "Add a passkey"}
      </Button>
      {!hydrated && <p className="text-sm text-muted-foreground">Adding a passkey needs JavaScript.</p>}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

/** TOTP is on: new recovery codes, or removing the app, each after a current code. */
export function TotpOn({
  recoveryCodesLeft,
  needsPasskeyFirst,
  busy,
}: {
  recoveryCodesLeft: number;
  needsPasskeyFirst: boolean;
  busy: boolean;
}) {
  return (
    <>
      <p className="text-sm">On. {countOf(recoveryCodesLeft, "unused recovery code")}.</p>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="recovery-regenerate" />
        <CodeInput id="regenerate-code" label="6-digit code, to make new recovery codes" />
        <Button type="submit" variant="outline" disabled={busy}>
          Make new recovery codes
        </Button>
      </Form>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="totp-disable" />
        <CodeInput id="disable-code" label="6-digit code, to remove the app" />
        <Button type="submit" variant="destructive" disabled={busy}>
          Remove the authenticator app
        </Button>
        {needsPasskeyFirst && (
          <p className="text-sm text-muted-foreground">
            Your account must keep a second factor: add a passkey before removing the app.
          </p>
        )}
      </Form>
    </>
  );
}

export interface PasskeyView {
  id: number;
  name: string;
  added: string;
  lastUsed: string;
}

/** The admin's passkeys (name, added, last used); with `canChange` each with Remove, and "Add a passkey". */
export function PasskeysSection({ passkeys, busy, canChange }: { passkeys: PasskeyView[]; busy: boolean; canChange: boolean }) {
  return (
    <section aria-labelledby="passkeys-heading" className="space-y-3">
      <h2 id="passkeys-heading" className="text-lg font-semibold">
        Passkeys
      </h2>
      {passkeys.length > 0 ? (
        <ul className="divide-y" aria-label="Your passkeys">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium break-words">{p.name}</p>
                <p className="text-sm text-muted-foreground">
                  added {p.added} · last used {p.lastUsed}
                </p>
              </div>
              {canChange && (
                <Form method="post">
                  <input type="hidden" name="intent" value="passkey-remove" />
                  <input type="hidden" name="id" value={p.id} />
                  <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Remove passkey ${p.name}`}>
                    Remove
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          No passkeys yet. A passkey signs you in with your phone's or computer's lock.
        </p>
      )}
      {canChange && <PasskeyAdd busy={busy} />}
    </section>
  );
}

/**
 * "Confirm it's you": before anything on the page changes a sign-in factor, the admin proves it is
 * them again (issue 31 item 2). The password and the code are plain forms (no JavaScript needed);
 * a passkey needs the device's prompt.
 */
export function ConfirmIdentity({
  totpOn,
  hasPasskeys,
  busy,
  sentence = "To change how you sign in, confirm it's you first: then you can make changes here for 10 minutes.",
}: {
  totpOn: boolean;
  hasPasskeys: boolean;
  busy: boolean;
  sentence?: string;
}) {
  return (
    <section aria-labelledby="confirm-heading" className="space-y-3 rounded-md border p-4">
      <h2 id="confirm-heading" className="text-lg font-semibold">
        Confirm it&apos;s you
      </h2>
      <p className="text-sm">{sentence}</p>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="reauth-password" />
        <div className="space-y-2">
          <Label htmlFor="reauth-password">Your password</Label>
          <Input
            id="reauth-password"
            name="currentPassword"
            type="password"
            required
            autoComplete="current-password"
            className="max-w-72"
          />
        </div>
        <Button type="submit" disabled={busy}>
          Confirm with your password
        </Button>
      </Form>
      {totpOn && (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="reauth-code" />
          <CodeInput id="reauth-code" label="Or a 6-digit code from your app" />
          <Button type="submit" variant="outline" disabled={busy}>
            Confirm with a code
          </Button>
        </Form>
      )}
      {hasPasskeys && <PasskeyConfirm busy={busy} />}
    </section>
  );
}

/** "Confirm with a passkey": the device's prompt for one of the admin's own passkeys, then a plain post. */
function PasskeyConfirm({ busy }: { busy: boolean }) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const response = useRef<HTMLInputElement>(null);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    setWaiting(true);
    setError(null);
    try {
      response.current!.value = await runPasskeyCeremony("authenticate", "/admin/account/passkey-options", {
        purpose: "reauth",
      });
      form.current!.submit();
    } catch (e) {
      setError(ceremonyMessage(e));
      setWaiting(false);
    }
  }

  return (
    <form ref={form} method="post" className="space-y-2">
      <input type="hidden" name="intent" value="reauth-passkey" />
      <input ref={response} type="hidden" name="response" defaultValue="" />
      <Button type="button" variant="outline" disabled={!hydrated || busy || waiting} onClick={() => void onClick()}>
        {waiting ? "Waiting for the passkey..." : "Confirm with a passkey"}
      </Button>
      {!hydrated && <p className="text-sm text-muted-foreground">A passkey needs JavaScript.</p>}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

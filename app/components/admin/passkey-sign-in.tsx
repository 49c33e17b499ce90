import { KeyRound } from "~/components/ui/icons";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { ceremonyMessage, runPasskeyCeremony } from "~/components/admin/passkey-ceremony";

/**
 * "Sign in with a passkey" (usernameless: the authenticator offers the passkeys it holds for this
 * site). Needs JavaScript (WebAuthn is a browser API); without it, a sentence says so.
 */
export function PasskeySignIn({ label = "Sign in with a passkey" }: { label?: string }) {
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const response = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!hydrated) return <p className="text-sm text-muted-foreground">Signing in with a passkey needs JavaScript.</p>;

  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      response.current!.value = await runPasskeyCeremony("authenticate", "/admin/login/passkey", { intent: "options" });
      // A plain post: the server sets the session cookie and redirects, as the password form does.
      form.current!.submit();
    } catch (e) {
      setError(ceremonyMessage(e));
      setBusy(false);
    }
  }

  return (
    <form ref={form} method="post" action="/admin/login/passkey" className="space-y-2">
      <input type="hidden" name="intent" value="verify" />
      <input ref={response} type="hidden" name="response" defaultValue="" />
      <Button type="button" variant="outline" className="w-full" disabled={busy} onClick={() => void signIn()}>
        <KeyRound aria-hidden />
        {busy ? "Waiting for the passkey..." : label}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

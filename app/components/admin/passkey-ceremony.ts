/**
 * The browser's half of a passkey ceremony: fetch the server's options, hand them to the
 * authenticator through @simplewebauthn/browser (loaded only when a passkey button is used, so
 * no page pays for it up front), and return its answer as JSON for a plain form post.
 */
export async function runPasskeyCeremony(
  kind: "register" | "authenticate",
  optionsUrl: string,
  body: Record<string, string>,
): Promise<string> {
  const res = await fetch(optionsUrl, { method: "POST", body: new URLSearchParams(body) });
  const options: unknown = await res.json().catch(() => null);
  if (!res.ok || !options) {
    const error = (options as { error?: string } | null)?.error;
    throw new Error(error ?? "The server did not answer. Try again.");
  }
  const webauthn = await import("@simplewebauthn/browser");
  if (!webauthn.browserSupportsWebAuthn()) throw new Error("This browser does not support passkeys.");
  try {
    const answer =
      kind === "register"
        ? await webauthn.startRegistration({
            optionsJSON: options as Parameters<typeof webauthn.startRegistration>[0]["optionsJSON"],
          })
        : await webauthn.startAuthentication({
            optionsJSON: options as Parameters<typeof webauthn.startAuthentication>[0]["optionsJSON"],
          });
    return JSON.stringify(answer);
  } catch (error) {
    if (error instanceof Error && error.name === "NotAllowedError")
      throw new Error("The passkey request was cancelled or timed out.");
    if (error instanceof Error && error.name === "InvalidStateError")
      throw new Error("This device already holds a passkey for your account.");
    throw new Error("The passkey did not answer. Try again.");
  }
}

export function ceremonyMessage(error: unknown): string {
  return error instanceof Error ? error.message : "The passkey did not answer. Try again.";
}

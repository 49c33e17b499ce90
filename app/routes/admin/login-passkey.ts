/**
 * Signing in with a passkey (a resource route; the button is app/components/admin/passkey-sign-in.tsx):
 * POST intent=options answers the WebAuthn options as JSON; POST intent=verify with the
 * authenticator's answer signs in (a full sign-in: the passkey verified its user) and redirects.
 */
import { clientAddressContext, configContext, dbContext, productionContext } from "~/context";
import { sessionCookie, sessionIdFrom } from "~/domain/admin/auth.server";
import { signInOptions, signInWithPasskey } from "~/domain/admin/passkeys.server";
import { pendingCookie } from "~/domain/admin/second-factor.server";
import { afterSignInPath } from "~/domain/admin/sign-in.server";
import { tooManyAttemptsMessage } from "~/domain/admin/login.server";
import { readForm } from "~/domain/platform/read-form.server";
import { redirectWithToast } from "~/domain/platform/toast.server";
import { passkeySignInSchema } from "~/lib/admin/totp";
import type { Route } from "./+types/login-passkey";

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(dbContext);
  const production = context.get(productionContext);
  const parsed = passkeySignInSchema.safeParse(Object.fromEntries(await readForm(request, passkeySignInSchema)));
  if (!parsed.success) return Response.json({ error: "Not a passkey sign-in." }, { status: 400 });
  const { siteUrl, clubName } = context.get(configContext);
  const address = context.get(clientAddressContext);
  if (parsed.data.intent === "options") {
    const started = await signInOptions(db, { siteUrl, clubName }, address);
    if (!started.ok) return Response.json({ error: tooManyAttemptsMessage(started.retryAfterSeconds) }, { status: 429 });
    return Response.json(started.options, { headers: { "Cache-Control": "no-store" } });
  }
  const outcome = await signInWithPasskey(db, { siteUrl, clubName }, parsed.data.response ?? "", {
    address,
    userAgent: request.headers.get("User-Agent") ?? "",
    previousSessionId: sessionIdFrom(request, production),
  });
  if (!outcome.ok) {
    return redirectWithToast("/admin/login", {
      type: "error",
      title: "Authentication Failed",
      description:
        outcome.reason === "limited"
          ? tooManyAttemptsMessage(outcome.retryAfterSeconds)
          : "That passkey did not sign you in. Try again, or use your password.",
    });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, production, outcome.sessionId));
  // A sign-in halfway through its code step is finished by the passkey.
  headers.append("Set-Cookie", pendingCookie(request, production, null));
  return redirectWithToast(
    await afterSignInPath(db, outcome.admin),
    { type: "success", title: "Success", description: "You have successfully logged in." },
    { headers },
  );
}

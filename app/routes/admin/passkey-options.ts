/**
 * The WebAuthn options of the two-factor page's passkey ceremonies (JSON, for its script), under
 * the admin layout's guard: adding a passkey, or proving it is them again with one.
 */
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { reauthOptions, registrationOptions } from "~/domain/admin/passkeys.server";
import { confirmCurrentPassword, currentPasswordRefusal } from "~/domain/admin/account.server";
import { markReauthenticated, recentlyReauthenticated } from "~/domain/admin/reauth.server";
import { readForm } from "~/domain/platform/read-form.server";
import { passkeyOptionsSchema } from "~/lib/admin/totp";
import { tryAgainIn } from "~/lib/util/try-again";
import type { Route } from "./+types/passkey-options";

const NO_STORE = { "Cache-Control": "no-store" };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  if (admin.isDemo) return Response.json({ error: "The demo admin cannot add passkeys." }, { status: 403 });
  const db = context.get(dbContext);
  const { siteUrl, clubName } = context.get(configContext);
  const parsed = passkeyOptionsSchema.safeParse(Object.fromEntries(await readForm(request, passkeyOptionsSchema)));
  if (!parsed.success) return Response.json({ error: "Enter your current password." }, { status: 400 });
  if (parsed.data.purpose === "reauth") {
    const outcome = await reauthOptions(db, admin.id, { siteUrl, clubName });
    if (outcome.ok) return Response.json(outcome.options, { headers: NO_STORE });
    return outcome.retryAfterSeconds
      ? Response.json({ error: `Too many passkey requests. ${tryAgainIn(outcome.retryAfterSeconds)}` }, { status: 429 })
      : Response.json({ error: "Your account has no passkey." }, { status: 400 });
  }
  // A new passkey signs in on its own: a stolen session must not be able to add one (ASVS 7.5.1).
  if (parsed.data.currentPassword !== undefined) {
    const refusal = await confirmCurrentPassword(db, admin, parsed.data.currentPassword);
    if (refusal) {
      const { status, description } = currentPasswordRefusal(refusal);
      return Response.json({ error: description }, { status });
    }
    await markReauthenticated(db, admin);
  } else if (!recentlyReauthenticated(admin)) {
    return Response.json({ error: "Confirm it's you first: your password, a code from your app or a passkey." }, { status: 400 });
  }
  const options = await registrationOptions(db, admin, { siteUrl, clubName });
  return Response.json(options, { headers: NO_STORE });
}

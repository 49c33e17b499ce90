/** The WebAuthn options for adding a passkey (JSON, for the two-factor page's script); under the admin layout's guard. */
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { registrationOptions } from "~/domain/admin/passkeys.server";
import { confirmCurrentPassword, currentPasswordRefusal } from "~/domain/admin/account.server";
import { readForm } from "~/domain/platform/read-form.server";
import { passkeyOptionsSchema } from "~/lib/admin/totp";
import type { Route } from "./+types/passkey-options";

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  if (admin.isDemo) return Response.json({ error: "The demo admin cannot add passkeys." }, { status: 403 });
  const db = context.get(dbContext);
  // A new passkey signs in on its own: a stolen session must not be able to add one (ASVS 7.5.1).
  const parsed = passkeyOptionsSchema.safeParse(Object.fromEntries(await readForm(request, passkeyOptionsSchema)));
  if (!parsed.success) return Response.json({ error: "Enter your current password." }, { status: 400 });
  const refusal = await confirmCurrentPassword(db, admin, parsed.data.currentPassword);
  if (refusal) {
    const { status, description } = currentPasswordRefusal(refusal);
    return Response.json({ error: description }, { status });
  }
  const { siteUrl, clubName } = context.get(configContext);
  const options = await registrationOptions(db, admin, { siteUrl, clubName });
  return Response.json(options, { headers: { "Cache-Control": "no-store" } });
}

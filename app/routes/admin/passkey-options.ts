/** The WebAuthn options for adding a passkey (JSON, for the two-factor page's script); under the admin layout's guard. */
import { configContext, dbContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import { registrationOptions } from "~/domain/admin/passkeys.server";
import type { Route } from "./+types/passkey-options";

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  if (admin.isDemo) return Response.json({ error: "The demo admin cannot add passkeys." }, { status: 403 });
  const { siteUrl, clubName } = context.get(configContext);
  const options = await registrationOptions(context.get(dbContext), admin, { siteUrl, clubName });
  return Response.json(options, { headers: { "Cache-Control": "no-store" } });
}

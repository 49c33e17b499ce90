import { redirect } from "react-router";
import { requireAdmin } from "~/domain/admin/auth.server";
import { landingPath } from "~/lib/admin/roles";
import type { Route } from "./+types/index";

/** /admin: the role's landing screen (Competitors for an owner, Races for a results officer). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  return redirect(landingPath(admin.role));
}

import { redirect } from "react-router";
import { z } from "~/lib/util/zod";
import { clientAddressContext, dbContext, productionContext } from "~/context";
import { sessionCookie, sessionIdFrom } from "~/domain/admin/auth.server";
import { signOut } from "~/domain/admin/my-sessions.server";
import { readForm } from "~/domain/platform/read-form.server";
import type { Route } from "./+types/logout";

// Logging out changes state, so only a POST does it.
export function loader() {
  return redirect("/admin/competitors");
}

// The Log out button posts no fields.
const logoutSchema = z.object({});

export async function action({ request, context }: Route.ActionArgs) {
  await readForm(request, logoutSchema);
  const production = context.get(productionContext);
  const id = sessionIdFrom(request, production);
  if (id) await signOut(context.get(dbContext), id, context.get(clientAddressContext));
  return redirect("/admin/login", { headers: { "Set-Cookie": sessionCookie(request, production, null) } });
}

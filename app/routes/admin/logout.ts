import { redirect } from "react-router";
import { dbContext, productionContext } from "~/context";
import { deleteSession, sessionCookie, sessionIdFrom } from "~/domain/auth.server";
import type { Route } from "./+types/logout";

// Logging out changes state, so only a POST does it.
export function loader() {
  return redirect("/admin/competitors");
}

export async function action({ request, context }: Route.ActionArgs) {
  const production = context.get(productionContext);
  const id = sessionIdFrom(request, production);
  if (id) await deleteSession(context.get(dbContext), id);
  return redirect("/admin/login", { headers: { "Set-Cookie": sessionCookie(request, production, null) } });
}

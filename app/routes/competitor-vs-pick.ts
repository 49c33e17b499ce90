import { redirect } from "react-router";
import type { Route } from "./+types/competitor-vs-pick";

/**
 * The head-to-head picker's GET form (`/competitor/:id/vs?other=`) lands here and is sent on to
 * `/competitor/:id/vs/:otherId`, whose page checks both ids (a bad one is that page's 404). No
 * choice goes back to the profile.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const id = encodeURIComponent(params.id);
  const other = new URL(request.url).searchParams.get("other")?.trim();
  if (!other) return redirect(`/competitor/${id}#head-to-head`);
  return redirect(`/competitor/${id}/vs/${encodeURIComponent(other)}`);
}

import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFound } from "~/components/layout/not-found";

/** A screen's own failure message (SPEC section 8), the 404 page for a 404, or a role's refusal (403). */
export function RouteError({
  message,
  description = "Please reload the page in a moment.",
}: {
  message: string;
  description?: string;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  // An admin whose role may not use this screen (app/lib/admin/roles.ts).
  const refused = isRouteErrorResponse(error) && error.status === 403;
  return (
    <div role="alert" className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-2xl font-bold">{refused ? "Not available to your role" : message}</h1>
      <p className="mt-2 text-muted-foreground">{refused ? "Your admin role does not include this section." : description}</p>
    </div>
  );
}

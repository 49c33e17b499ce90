import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundMessage } from "~/components/layout/not-found";
import { RouteError } from "~/components/layout/route-error";

/** The error screen of a racer's pages (profile and head-to-head): 'Racer Not Found' for a 404, and for a racer erased at their request (410). */
export function RacerErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundMessage
        title="Racer Not Found"
        message="The racer you are looking for does not exist or has been removed."
        to="/standings"
        linkText="Back to Standings"
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <NotFoundMessage
        title="Racer Not Found"
        message="This racer's details were erased at their request. Their past results stay in the standings under an anonymous name."
        to="/standings"
        linkText="Back to Standings"
      />
    );
  }
  return (
    <RouteError message="Failed to load competitor details" description="An error occurred while loading competitor details" />
  );
}

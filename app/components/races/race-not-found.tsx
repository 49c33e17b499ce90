import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundMessage } from "~/components/layout/not-found";
import { RouteError } from "~/components/layout/route-error";

/** The error screen of a race's page: 'Race Not Found' for a 404. */
export function RaceErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundMessage
        title="Race Not Found"
        message="The race you are looking for does not exist or has been removed."
        to="/results"
        linkText="Back to Results"
      />
    );
  }
  return <RouteError message="Failed to fetch race details" />;
}

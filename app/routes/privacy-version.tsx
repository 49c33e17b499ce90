/**
 * One version of the privacy notice, as it was published (issue 35 item 1): a racer's consent
 * record names the version they agreed to, and it stays readable here after the notice changes.
 */
import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { clubContext } from "~/context";
import { NotFoundMessage } from "~/components/layout/not-found";
import { RouteError } from "~/components/layout/route-error";
import { NoticeSections } from "~/components/privacy/notice";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { CURRENT_NOTICE, noticeVersion } from "~/lib/privacy/notice";
import { privacyOfficerOf } from "~/lib/platform/club-settings";
import { readPageData, type PageHandle } from "~/lib/platform/page";
import { formatLongDate } from "~/lib/util/dates";
import type { Route } from "./+types/privacy-version";

export const handle: PageHandle = { query: [] };

export const meta: Route.MetaFunction = ({ params }) => [{ title: `Privacy notice, version ${params.version}` }];

export function loader({ request, params, context }: Route.LoaderArgs) {
  const notice = /^[1-9]\d{0,3}$/.test(params.version) ? noticeVersion(Number(params.version)) : null;
  if (!notice) throw data("Version Not Found", { status: 404 });
  const club = context.get(clubContext);
  return readPageData(request, {
    version: notice.version,
    date: formatLongDate(notice.date),
    current: notice === CURRENT_NOTICE,
    sections: notice.sections({
      clubName: club.name,
      clubEmail: club.email,
      officer: privacyOfficerOf(club),
      inactiveYears: club.inactiveYears,
    }),
  });
}

export default function PrivacyVersion({ loaderData }: Route.ComponentProps) {
  const { version, date, current, sections } = loaderData;
  return (
    <Card className="mx-auto max-w-3xl">
      <CardHeader>
        <h1 className="text-2xl font-bold sm:text-3xl">Privacy notice, version {version}</h1>
        <p className="text-sm text-muted-foreground">
          {current ? `In force since ${date}.` : `Published on ${date}, and no longer in force.`}{" "}
          <a href="/privacy" className="text-primary underline underline-offset-4">
            The notice in force
          </a>
        </p>
      </CardHeader>
      <CardContent>
        <NoticeSections sections={sections} />
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundMessage
        title="Version Not Found"
        message="The privacy notice has no such version."
        to="/privacy"
        linkText="Back to the privacy notice"
      />
    );
  }
  return <RouteError message="Failed to load the privacy notice" />;
}

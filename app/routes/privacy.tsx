/**
 * The privacy notice (issue 35 item 1) and the request for a racer's own data (item 2): a read page
 * (server HTML, no script, decision 0012) whose one form posts an e-mail address. The answer is the
 * same page and words for every well-formed address, and the domain module evens out the time.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { clientAddressContext, clubContext, configContext, dbContext, loggerContext } from "~/context";
import { isBot } from "~/domain/platform/public-form.server";
import { readForm } from "~/domain/platform/read-form.server";
import { requestMyDataLink } from "~/domain/privacy/my-data-links.server";
import { RouteError } from "~/components/layout/route-error";
import { NoticeSections } from "~/components/privacy/notice";
import { MyDataRequestForm } from "~/components/privacy/my-data-request-form";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { CURRENT_NOTICE, NOTICE_ANCHORS, NOTICE_VERSIONS, noticePath } from "~/lib/privacy/notice";
import { MY_DATA_TEXTS, myDataRequestSchema } from "~/lib/privacy/my-data";
import { HONEYPOT_FIELD } from "~/lib/platform/form-submit";
import { privacyOfficerOf } from "~/lib/platform/club-settings";
import { linkPreview, previewSite } from "~/lib/platform/link-preview";
import { readPageData, retryAfter, type PageHandle } from "~/lib/platform/page";
import { formatLongDate } from "~/lib/util/dates";
import { tryAgainIn } from "~/lib/util/try-again";
import type { Route } from "./+types/privacy";

export const handle: PageHandle = { query: [] };

/** A refusal's Retry-After reaches the document's answer. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfter(actionHeaders);

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = previewSite(matches);
  return linkPreview(site, location, {
    title: "Privacy notice",
    description: `How the ${site?.clubName ?? "club"} uses and keeps racers' personal information, and how to see, correct or erase yours.`,
  });
};

export function loader({ request, context }: Route.LoaderArgs) {
  const club = context.get(clubContext);
  const sections = CURRENT_NOTICE.sections({
    clubName: club.name,
    clubEmail: club.email,
    officer: privacyOfficerOf(club),
    inactiveYears: club.inactiveYears,
  });
  return readPageData(request, {
    mailServer: Boolean(context.get(configContext).mailServer),
    sections,
    version: CURRENT_NOTICE.version,
    date: formatLongDate(CURRENT_NOTICE.date),
    earlier: NOTICE_VERSIONS.filter((v) => v !== CURRENT_NOTICE).map((v) => ({
      version: v.version,
      date: formatLongDate(v.date),
    })),
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request, myDataRequestSchema, { extraFields: [HONEYPOT_FIELD] });
  const submission = parseWithZod(formData, { schema: myDataRequestSchema });
  if (submission.status !== "success") {
    return data({ sent: false, error: null, result: submission.reply() }, { status: 400 });
  }
  // Bots get the answer everyone gets, and nothing is looked up or sent.
  if (isBot(formData)) return { sent: true, error: null, result: null };
  const { clubName, clubEmail, siteUrl } = context.get(configContext);
  const logger = context.get(loggerContext);
  try {
    const outcome = await requestMyDataLink(context.get(dbContext), {
      email: submission.value.email,
      address: context.get(clientAddressContext),
      club: { clubName, clubEmail, siteUrl },
      onLateFailure: (error) => logger.error({ err: error }, "my-data link request failed after its answer"),
    });
    if (outcome.kind === "limited") {
      const error = { type: "error", title: MY_DATA_TEXTS.tooMany, description: tryAgainIn(outcome.retryAfterSeconds) } as const;
      return data(
        { sent: false, error, result: submission.reply() },
        { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
      );
    }
  } catch (error) {
    logger.error({ err: error }, "my-data link request failed");
    const failed = { type: "error", title: MY_DATA_TEXTS.failed, description: "" } as const;
    return data({ sent: false, error: failed, result: submission.reply() }, { status: 503 });
  }
  // No echo of the address: the page is the same whoever's it was.
  return { sent: true, error: null, result: null };
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const { sections, version, date, earlier, mailServer } = loaderData;
  return (
    <Card className="mx-auto max-w-3xl">
      <CardHeader>
        <h1 className="text-2xl font-bold sm:text-3xl">Privacy notice</h1>
        <p className="text-sm text-muted-foreground">{`Version ${version}, in force since ${date}.`}</p>
      </CardHeader>
      <CardContent>
        <NoticeSections sections={sections}>
          {{
            [NOTICE_ANCHORS.rights]: (
              <MyDataRequestForm
                sent={actionData?.sent ?? false}
                mailServer={mailServer}
                error={actionData?.error ?? null}
                lastResult={actionData?.result}
              />
            ),
          }}
        </NoticeSections>
        <section aria-labelledby="versions" className="mt-8 space-y-2">
          <h2 id="versions" className="text-xl font-semibold">
            Versions of this notice
          </h2>
          <p>
            When this notice changes, it gets a new version; your registration records the version you agreed to.{" "}
            <a href={noticePath(version)} className="text-primary underline underline-offset-4">
              This version ({version})
            </a>
            {earlier.length === 0 ? " is the first." : "; earlier:"}
          </p>
          {earlier.length > 0 && (
            <ul className="list-disc pl-5">
              {earlier.map((v) => (
                <li key={v.version}>
                  <a href={noticePath(v.version)} className="text-primary underline underline-offset-4">
                    Version {v.version}, {v.date}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the privacy notice" />;
}

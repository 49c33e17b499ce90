import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "react-router";
import { clubContext, configContext, dbContext, loggerContext } from "~/context";
import { requireAdmin } from "~/domain/admin/auth.server";
import {
  listBackups,
  nextRaceStatus,
  outboxStatus,
  provisionalRaces,
  sendTestMail,
  waitingRegistrationChanges,
} from "~/domain/admin/overview.server";
import { adminActor } from "~/domain/platform/audit.server";
import { attempt, refused, succeeded } from "~/domain/platform/answer.server";
import { readForm } from "~/domain/platform/read-form.server";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import {
  BackupBlock,
  MailBlock,
  NextRaceBlock,
  ProvisionalBlock,
  RegistrationChangesBlock,
} from "~/components/admin/overview-blocks";
import { PrivacyOfficerBlock } from "~/components/privacy/privacy-officer-block";
import { PrivacyRequestsBlock } from "~/components/privacy/requests-due-block";
import { requestsDueSoon } from "~/domain/privacy/request-screen.server";
import { dueSoonLine } from "~/lib/privacy/request-items";
import { DutiesDueBlock } from "~/components/race-day/duties-due-block";
import { racesWithFreeDuties } from "~/domain/race-day/duties.server";
import { freeDutiesLine } from "~/lib/race-day/duties";
import { FormAlert } from "~/components/ui/form-alert";
import { FormNotice } from "~/components/ui/form-notice";
import { formatBytes, isBackupStale, noMailServerWarning, provenSummary, testMailSchema } from "~/lib/admin/overview";
import { mayUse } from "~/lib/admin/roles";
import { privacyOfficerOf } from "~/lib/platform/club-settings";
import { clubToday, formatClubDateTime, formatShortDate } from "~/lib/util/dates";
import type { Route } from "./+types/overview";

export const meta: Route.MetaFunction = () => [{ title: "Overview" }];

/**
 * What needs doing today, for every admin (area "overview"). Owners also see who waits for a
 * registration change, which e-mails failed, and may download the last backup and send a test
 * e-mail; a results officer sees the counts only.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "overview");
  const owner = mayUse(admin.role, "competitors");
  const db = context.get(dbContext);
  const config = context.get(configContext);
  const when = (instant: Date) => {
    const { date, time } = formatClubDateTime(instant, config.timeZone);
    return `${date} ${time}`;
  };
  const today = clubToday(config);
  const [race, provisional, changes, outbox, backups, privacyDue, duties] = await Promise.all([
    nextRaceStatus(db, today),
    provisionalRaces(db),
    waitingRegistrationChanges(db, { withNames: owner }),
    outboxStatus(db, { withFailures: mayUse(admin.role, "settings") }),
    config.backupDir ? listBackups(config.backupDir) : Promise.resolve([]),
    // Owners (area "privacy"): open privacy requests due within a week, or overdue.
    mayUse(admin.role, "privacy") ? requestsDueSoon(db, config.timeZone, today) : Promise.resolve(null),
    // A race within a week with a free duty place (issue 36 item 2).
    racesWithFreeDuties(db, today),
  ]);
  const newest = backups[0] ?? null;
  return {
    owner,
    mayDownload: mayUse(admin.role, "backups"),
    race: race && { ...race, date: formatShortDate(race.date) },
    provisional,
    changes,
    mail: {
      waiting: outbox.waiting,
      failed: outbox.failed,
      failures: outbox.failures.map((f) => ({ kind: f.kind, when: when(f.createdAt) })),
      warning: config.mailServer ? null : noMailServerWarning(outbox.waiting),
    },
    backup: newest && { name: newest.name, when: when(newest.modifiedAt), size: formatBytes(newest.size) },
    proof: provenSummary(backups, when),
    backupStale: isBackupStale(newest?.modifiedAt ?? null),
    privacyOfficer: privacyOfficerOf(context.get(clubContext))?.name ?? null,
    mayEditSettings: mayUse(admin.role, "settings"),
    privacyDue: privacyDue && privacyDue.map((r) => ({ id: r.id, line: dueSoonLine(r, today) })),
    duties: duties.map((r) => ({ id: r.id, line: freeDutiesLine({ ...r, dateLabel: formatShortDate(r.date) }) })),
  };
}

/** "Send a test e-mail" (owners: area "settings"): to the admin's own address, through the outbox. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "settings");
  const submission = parseWithZod(await readForm(request, testMailSchema), { schema: testMailSchema });
  const title = "Test e-mail not sent";
  if (submission.status !== "success") {
    return refused({ type: "error", title, description: "This form is not one of this page's." }, 400);
  }
  const { clubName, clubEmail, mailServer } = context.get(configContext);
  const outcome = await attempt(context.get(loggerContext), "test e-mail", () =>
    sendTestMail(context.get(dbContext), admin.id, adminActor(admin, context), { clubName, clubEmail }),
  );
  if (!outcome) return refused({ type: "error", title, description: "An error occurred. Please try again." }, 500);
  if (!outcome.ok) {
    if (outcome.reason === "no-address") {
      return refused({ type: "error", title, description: "Your account has no e-mail address: add one on My account." }, 409);
    }
    const minutes = Math.ceil(outcome.retryAfterSeconds / 60);
    return refused(
      { type: "error", title, description: `At most 3 test e-mails an hour: try again in ${minutes} minutes.` },
      429,
    );
  }
  return succeeded({
    type: "success",
    title: "Test e-mail queued",
    description: mailServer
      ? `It is on its way to ${outcome.to}.`
      : `It waits in the outbox for ${outcome.to}: the site has no mail server yet.`,
  });
}

export default function Overview({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useToast(actionData?.toast);
  const { owner } = loaderData;
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <div className="space-y-4">
      <h2 className="sr-only">Overview</h2>
      {actionData && (actionData.ok ? <FormNotice notice={actionData.toast} /> : <FormAlert toast={actionData.toast} />)}
      <div className="grid gap-4 md:grid-cols-2">
        <NextRaceBlock race={loaderData.race} />
        <ProvisionalBlock races={loaderData.provisional} />
        <MailBlock mail={loaderData.mail} owner={owner} busy={busy} />
        <BackupBlock
          newest={loaderData.backup}
          stale={loaderData.backupStale}
          owner={loaderData.mayDownload}
          proof={loaderData.mayDownload ? loaderData.proof : null}
        />
        <RegistrationChangesBlock count={loaderData.changes.count} names={loaderData.changes.names} owner={owner} />
        <PrivacyOfficerBlock officerName={loaderData.privacyOfficer} owner={loaderData.mayEditSettings} />
        {loaderData.privacyDue && loaderData.privacyDue.length > 0 && <PrivacyRequestsBlock due={loaderData.privacyDue} />}
        {loaderData.duties.length > 0 && <DutiesDueBlock races={loaderData.duties} />}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the overview" description="An error occurred while loading the overview" />;
}

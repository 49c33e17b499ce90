import { useNavigation } from "react-router";
import { configContext, dbContext, loggerContext, ownerDatabaseUrlContext } from "~/context";
import { requireAdmin, type SignedInAdmin } from "~/domain/admin/auth.server";
import { keptBackup, listBackups } from "~/domain/admin/backup-files.server";
import { reauthenticate, reauthProof, reauthUntil, recentlyReauthenticated } from "~/domain/admin/reauth.server";
import { restoreFromAdmin, RestoreRefused } from "~/domain/admin/restore.server";
import { twoFactorStatus } from "~/domain/admin/two-factor.server";
import { readUpload } from "~/domain/images/read-upload.server";
import { refused, succeeded } from "~/domain/platform/answer.server";
import { adminActor } from "~/domain/platform/audit.server";
import { readForm } from "~/domain/platform/read-form.server";
import { useToast } from "~/components/layout/show-toast";
import { RouteError } from "~/components/layout/route-error";
import { KeptBackups, UploadBackup } from "~/components/admin/backups";
import { ConfirmIdentity } from "~/components/admin/two-factor";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FormAlert } from "~/components/ui/form-alert";
import { FormNotice } from "~/components/ui/form-notice";
import {
  backupsPageFields,
  backupsPageSchema,
  BACKUP_UPLOAD_MESSAGES,
  CONFIRM_BEFORE_RESTORE,
  MAX_BACKUP_UPLOAD_BYTES,
  RESTORE_REFUSED,
  RESTORE_UNAVAILABLE,
  restoredToast,
  UPLOAD_FIELDS,
} from "~/lib/admin/backups";
import { formatBytes } from "~/lib/admin/overview";
import { reauthRefusal } from "~/lib/admin/two-factor-messages";
import { formatClubDateTime } from "~/lib/util/dates";
import type { Route } from "./+types/backups";

export const meta: Route.MetaFunction = () => [{ title: "Backups" }];

/** The kept backups with their proofs, and the restore (owners: area "backups"), after "Confirm it's you". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, "backups");
  const db = context.get(dbContext);
  const { backupDir, timeZone } = context.get(configContext);
  const when = (d: Date) => Object.values(formatClubDateTime(d, timeZone)).join(" ");
  const [backups, status, until] = await Promise.all([
    backupDir ? listBackups(backupDir) : Promise.resolve([]),
    twoFactorStatus(db, admin),
    reauthUntil(db, admin),
  ]);
  return {
    available: Boolean(backupDir && context.get(ownerDatabaseUrlContext)),
    isDemo: admin.isDemo,
    totpOn: status.totpOn,
    hasPasskeys: status.passkeys.length > 0,
    reauthUntil: until ? formatClubDateTime(until, timeZone).time : null,
    maxSize: formatBytes(MAX_BACKUP_UPLOAD_BYTES),
    backups: backups.map((b) => ({
      name: b.name,
      restorePoint: b.kind === "restore-point",
      when: when(b.modifiedAt),
      size: formatBytes(b.size),
      proven: b.proof.proven,
      proof: b.proof.proven ? `Proven ${when(b.proof.provenAt)}` : `Not proven: ${b.proof.reason}`,
    })),
  };
}

const refuseRestore = (description: string, status: number) =>
  refused({ type: "error", title: RESTORE_REFUSED, description }, status);

/** Runs the restore and answers it: refused with its message (nothing changed), or done. */
async function restore(
  context: Route.ActionArgs["context"],
  admin: SignedInAdmin,
  bytes: Buffer,
  name: string,
  keptFile: string | null,
) {
  const { backupDir } = context.get(configContext);
  const ownerUrl = context.get(ownerDatabaseUrlContext);
  if (!backupDir || !ownerUrl) return refused(RESTORE_UNAVAILABLE, 503);
  const log = context.get(loggerContext);
  try {
    const outcome = await restoreFromAdmin({
      sitePool: context.get(dbContext).$client,
      ownerUrl,
      backupDir,
      bytes,
      name,
      keptFile,
      actor: adminActor(admin, context),
      log,
    });
    return succeeded(restoredToast(name, outcome.restorePoint));
  } catch (error) {
    if (error instanceof RestoreRefused) return refuseRestore(`${error.message} Nothing was changed.`, 400);
    log.error({ err: error }, "restore failed");
    return refuseRestore("An error occurred, and nothing was changed. The server's log says why.", 500);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, "backups");
  const db = context.get(dbContext);
  if (/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) {
    if (!recentlyReauthenticated(admin)) return refused(CONFIRM_BEFORE_RESTORE, 403);
    let read;
    try {
      read = await readUpload(request, "backup", UPLOAD_FIELDS, {
        what: "A backup",
        maxBytes: MAX_BACKUP_UPLOAD_BYTES,
        missing: BACKUP_UPLOAD_MESSAGES.missing,
        tooLarge: BACKUP_UPLOAD_MESSAGES.tooLarge,
        refused: (message) => new RestoreRefused(message),
      });
    } catch (error) {
      if (error instanceof RestoreRefused) return refuseRestore(error.message, 400);
      throw error;
    }
    const { upload, fields } = read;
    if (fields.intent !== "restore-upload") return refuseRestore("This form is not one of this page's.", 400);
    if (fields.confirm !== "yes") return refuseRestore("Tick the box to say the club's data may be replaced.", 400);
    if (!upload) return refuseRestore(BACKUP_UPLOAD_MESSAGES.missing, 400);
    if (!upload.name.endsWith(".json.gz")) return refuseRestore(BACKUP_UPLOAD_MESSAGES.notGzip, 400);
    return restore(context, admin, upload.bytes, upload.name, null);
  }

  const parsed = backupsPageSchema.safeParse(Object.fromEntries(await readForm(request, backupsPageFields)));
  if (!parsed.success) return refuseRestore(parsed.error.issues[0]?.message ?? "Check the form.", 400);
  const form = parsed.data;
  if (form.intent === "restore-kept") {
    if (!recentlyReauthenticated(admin)) return refused(CONFIRM_BEFORE_RESTORE, 403);
    const { backupDir } = context.get(configContext);
    const found = backupDir ? await keptBackup(backupDir, form.name) : null;
    if (!found) return refuseRestore("That backup is not kept on the server (any more).", 404);
    return restore(context, admin, found.bytes, form.name, found.file);
  }
  const { siteUrl, clubName } = context.get(configContext);
  const proof = reauthProof(form, { siteUrl, clubName });
  const outcome = await reauthenticate(db, admin, { ...adminActor(admin, context), adminId: admin.id }, proof);
  if (outcome.ok)
    return succeeded({ type: "success", title: "Confirmed", description: "You can restore a backup for the next 10 minutes." });
  const { toast, status } = reauthRefusal(proof.method, outcome);
  return refused(toast, status);
}

export default function Backups({ loaderData: d, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  useToast(actionData?.toast);
  const canRestore = d.available && d.reauthUntil !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Backups</CardTitle>
        <CardDescription>
          The server writes a backup every day and keeps the newest 14. A backup is proven once it has been restored into a
          scratch database and every table&apos;s rows counted.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {actionData && (actionData.ok ? <FormNotice notice={actionData.toast} /> : <FormAlert toast={actionData.toast} />)}
        {!d.available ? (
          <p className="text-sm text-muted-foreground">This server cannot restore a backup from here: use npm run db:restore.</p>
        ) : d.isDemo ? (
          <p className="text-sm text-muted-foreground">Everyone shares the demo admin: it cannot restore a backup.</p>
        ) : d.reauthUntil ? (
          <p role="status" className="text-sm text-muted-foreground">
            {`Confirmed: you can restore a backup until ${d.reauthUntil}. The site first takes a restore point of the data as it is.`}
          </p>
        ) : (
          <ConfirmIdentity
            totpOn={d.totpOn}
            hasPasskeys={d.hasPasskeys}
            busy={busy}
            sentence="To restore a backup, confirm it's you first: then you can restore one here for 10 minutes."
          />
        )}
        <section aria-labelledby="kept-heading" className="space-y-3">
          <h2 id="kept-heading" className="text-lg font-semibold">
            Kept on the server
          </h2>
          <KeptBackups backups={d.backups} canRestore={canRestore} busy={busy} />
        </section>
        {canRestore && (
          <section aria-labelledby="upload-heading" className="space-y-3">
            <h2 id="upload-heading" className="text-lg font-semibold">
              Restore a backup file
            </h2>
            <UploadBackup busy={busy} maxSize={d.maxSize} />
          </section>
        )}
      </CardContent>
    </Card>
  );
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load the backups" description="An error occurred while loading the backups" />;
}

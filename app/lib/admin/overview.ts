/**
 * The admin overview's rules (issue 24 item 4): when a backup is too old, how often an owner may
 * send a test e-mail, what that e-mail says, which file names are backups, and the warning an
 * outbox without a mail server shows. Pure, so the screen and its tests read the same values.
 */
import { z } from "~/lib/util/zod";
import { countOf, plural } from "~/lib/util/plural";
import type { ClubMail } from "~/lib/platform/club";
import type { ProofState } from "~/lib/admin/backups";
import { BACKUPS_KEPT } from "~/lib/platform/retention";

/** The newest backup older than this is a warning (the server writes one a day). */
export const BACKUP_STALE_MS = 2 * 24 * 60 * 60 * 1000;

/** Test e-mails per admin: enough to try a fix twice, too few to flood a mailbox. */
export const TEST_MAIL_LIMIT = { limit: 3, windowSeconds: 60 * 60 } as const;

export const TEST_MAIL_KIND = "admin-test-mail";

/**
 * The two kinds of file the server writes into its backups directory: a backup (daily,
 * `db:backup`) and the restore point an admin-area restore takes first, named so it is recognised.
 */
export const BACKUP_KINDS = { backup: "club-backup", "restore-point": "club-restore-point" } as const;
export type BackupKind = keyof typeof BACKUP_KINDS;

/** The newest kept of each kind (app/lib/platform/retention.ts, where the privacy notice reads it too). */
export const KEEP = BACKUPS_KEPT satisfies Record<BackupKind, number>;

export function backupFileName(kind: BackupKind = "backup", date = new Date()): string {
  return `${BACKUP_KINDS[kind]}-${date.toISOString().replace(/[:.]/g, "-")}.json.gz`;
}

/**
 * Names the server writes (`backupFileName`). Only a name of this shape that the server lists is
 * ever opened: no path separator or dot-dot can get through.
 */
export const BACKUP_NAME = /^club-(backup|restore-point)-[0-9TZ-]{10,40}\.json\.gz$/;

export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name);
}

export function backupKindOf(name: string): BackupKind {
  return name.startsWith(`${BACKUP_KINDS["restore-point"]}-`) ? "restore-point" : "backup";
}

/** What the overview tells an owner of the proofs: the last proven backup, and the newest if it is not proven. */
export function provenSummary(
  newestFirst: { modifiedAt: Date; proof: ProofState }[],
  when: (d: Date) => string,
): { lastProven: string | null; newestNotProven: string | null } {
  const proven = newestFirst.find((b) => b.proof.proven);
  const newest = newestFirst[0];
  return {
    lastProven: proven ? when(proven.modifiedAt) : null,
    newestNotProven: newest && !newest.proof.proven ? `The newest backup is not proven: ${newest.proof.reason}.` : null,
  };
}

export function isBackupStale(newest: Date | null, now: Date = new Date()): boolean {
  return newest === null || now.getTime() - newest.getTime() > BACKUP_STALE_MS;
}

/** The warning that stays while SMTP_URL is unset, with the number of e-mails it holds back. */
export function noMailServerWarning(waiting: number): string {
  if (waiting === 0) return "The site has no mail server: its e-mails will wait in the outbox";
  return `${countOf(waiting, "e-mail")} ${plural(waiting, "has", "have")} not been sent: the site has no mail server`;
}

/** "12.3 MB", "850 kB", "512 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return countOf(bytes, "byte");
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(bytes < 10_000 ? 1 : 0)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

export const testMailSchema = z.object({ intent: z.literal("test-email") });

export function testMailMessage({ to, username }: { to: string; username: string }, club: ClubMail) {
  return {
    kind: TEST_MAIL_KIND,
    to,
    subject: `Test e-mail from ${club.clubName}`,
    body: [
      `Hello ${username},`,
      "",
      `You asked the ${club.clubName} website to send this test e-mail from its admin overview.`,
      "It arrived, so the site's e-mails (registration changes, race entries, password resets) reach their readers.",
      "",
      `Questions: ${club.clubEmail}`,
    ].join("\n"),
  };
}
